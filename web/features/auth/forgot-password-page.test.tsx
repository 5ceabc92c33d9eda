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
    const send = () => screen.getByRole("button", { name: "Send Reset Code" }) as HTMLButtonElement;
    // The step's button waits until the values pass the API's own request schema (decision 078).
    await user.type(await screen.findByRole("textbox", { name: /Email address/ }), "rae@");
    await user.type(screen.getByRole("textbox", { name: /Full name/ }), "Rae User");
    expect(send().disabled).toBe(true);
    expect(await screen.findByText("Enter a valid email address.")).toBeTruthy();
    await user.clear(screen.getByRole("textbox", { name: /Email address/ }));
    await user.type(screen.getByRole("textbox", { name: /Email address/ }), account.email);
    await user.tab();
    expect(send().disabled).toBe(false);
    await user.click(screen.getByRole("button", { name: "Send Reset Code" }));
    await screen.findByRole("button", { name: "Back to verification" });
    await waitFor(() => expect(mails.length).toBe(1));
    const code = /reset code is (\d{6})/.exec(mails[0]!)![1]!;
    await user.type(screen.getByRole("textbox", { name: /Reset code/ }), code);
    await user.type(document.querySelector('input[name="newPassword"]') as HTMLElement, "a-new-password");
    const update = () => screen.getByRole("button", { name: "Update Password" }) as HTMLButtonElement;
    await user.type(document.querySelector('input[name="confirmPassword"]') as HTMLElement, "a-new-pass");
    expect(await screen.findByText("Passwords do not match")).toBeTruthy();
    expect(update().disabled).toBe(true);
    await user.type(document.querySelector('input[name="confirmPassword"]') as HTMLElement, "word");
    await waitFor(() => expect(update().disabled).toBe(false));
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    await screen.findByText("Password Updated!");
    expect(screen.getByText(/Every other session of your account has been signed out/)).toBeTruthy();
    expect(screen.getByText(/your API key has been replaced/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign In with New Password" }).getAttribute("href")).toBe(
      "/signin",
    );
    await api.close();
  });

  test("on a deployment without mail the page says to ask an administrator, and names their command", async () => {
    const api = await useRealApi();
    // As without SMTP_URL outside the local demo: mail only to the log.
    api.deps.mailer = { logsOnly: true, send: async () => {} };
    const account = await api.createUser({ firstName: "Nia" });
    renderWithProviders(<ForgotPasswordPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: /Email address/ }), account.email);
    await user.type(screen.getByRole("textbox", { name: /Full name/ }), "Nia User");
    await user.click(screen.getByRole("button", { name: "Send Reset Code" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Ask an administrator");
    expect(alert.textContent).toContain("bun scripts/admin.ts reset-password <your email>");
    expect(screen.queryByText("Could not send the code")).toBeNull();
    await api.close();
  });
});
