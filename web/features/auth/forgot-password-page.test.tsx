import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { ForgotPasswordPage } from "./forgot-password-page.tsx";

afterEach(cleanup);

describe("forgot-password page (real API in process)", () => {
  test("request, emailed code, new password: 'Password Updated!' says other sessions ended and the key was replaced", async () => {
    const api = await useRealApi();
    const mails: string[] = [];
    api.deps.mailer = {
      async send(message) {
        mails.push(message.text);
      },
    };
    const account = await api.createUser({ firstName: "Rae" });
    renderWithProviders(<ForgotPasswordPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: /Email address/ }), account.email);
    await user.type(screen.getByRole("textbox", { name: /Full name/ }), "Rae User");
    await user.click(screen.getByRole("button", { name: "Send Reset Code" }));
    await screen.findByRole("button", { name: "Back to verification" });
    await waitFor(() => expect(mails.length).toBe(1));
    const code = /reset code is (\d{6})/.exec(mails[0]!)![1]!;
    await user.type(screen.getByRole("textbox", { name: /Reset code/ }), code);
    await user.type(document.querySelector('input[name="newPassword"]') as HTMLElement, "a-new-password");
    await user.type(document.querySelector('input[name="confirmPassword"]') as HTMLElement, "a-new-password");
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    await screen.findByText("Password Updated!");
    expect(screen.getByText(/Every other session of your account has been signed out/)).toBeTruthy();
    expect(screen.getByText(/your API key has been replaced/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign In with New Password" }).getAttribute("href")).toBe(
      "/signin",
    );
    await api.close();
  });
});
