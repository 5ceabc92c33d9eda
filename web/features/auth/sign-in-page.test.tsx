import { afterEach, describe, expect, mock, test } from "bun:test";
import { notifications } from "@mantine/notifications";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { SignInPage } from "./sign-in-page.tsx";

afterEach(() => {
  cleanup();
  // The toasts live in Mantine's module-level store: one test's would show in the next.
  notifications.clean();
});

describe("sign-in page", () => {
  test("empty fields show 'Missing Information' and call no server", async () => {
    const fetchSpy = mock(() => Promise.resolve(new Response("{}")));
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    renderWithProviders(<SignInPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(screen.getByText("Missing Information")).toBeTruthy());
    expect(screen.getByText("Please enter both email and password.")).toBeTruthy();
    // The page asks which OAuth providers exist; it must not try to sign in.
    const urls = fetchSpy.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(urls.some((u) => u.includes("/api/auth/signin"))).toBe(false);
  });

  test("a blank password alone gets the toast; the fields' messages are the API schema's", async () => {
    const fetchSpy = mock(() => Promise.resolve(Response.json({})));
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    renderWithProviders(<SignInPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: /Email/ }), "investor@example.com");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(screen.getByText("Missing Information")).toBeTruthy());
    expect(screen.getByText("Please enter both email and password.")).toBeTruthy();
    expect(screen.getByText("Password is required.")).toBeTruthy();
    const urls = fetchSpy.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(urls.some((u) => u.includes("/api/auth/signin"))).toBe(false);
  });

  test("a malformed email is refused under the field with the API's words, without a toast or a call", async () => {
    const fetchSpy = mock(() => Promise.resolve(Response.json({})));
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    renderWithProviders(<SignInPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: /Email/ }), "investor@");
    await user.type(document.querySelector('input[name="password"]') as HTMLElement, "whatever-1");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Enter a valid email address.")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: /Email/ }).getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText("Missing Information")).toBeNull();
    const urls = fetchSpy.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(urls.some((u) => u.includes("/api/auth/signin"))).toBe(false);
  });

  test("links: register, reset password, back to home", async () => {
    renderWithProviders(<SignInPage />);
    expect((await screen.findByRole("link", { name: "Register here" })).getAttribute("href")).toBe(
      "/register",
    );
    expect(screen.getByRole("link", { name: "Reset password" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("textbox", { name: /Email/ }).getAttribute("type")).toBe("email");
  });

  test("a wrong password shows 'Sign In Failed' with the server's message (real API in process)", async () => {
    const api = await useRealApi();
    const account = await api.createUser();
    renderWithProviders(<SignInPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: /Email/ }), account.email);
    await user.type(document.querySelector('input[name="password"]') as HTMLElement, "wrong-one");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(screen.getByText("Sign In Failed")).toBeTruthy());
    expect(screen.getByText("Invalid email or password.")).toBeTruthy();
    await api.close();
  });

  test("a provider sign-in refused for an unproven email explains what to do", async () => {
    globalThis.fetch = (() =>
      Promise.resolve(Response.json({ github: true, google: false }))) as unknown as typeof fetch;
    renderWithProviders(<SignInPage oauthError="email-unverified" />);
    const alert = await screen.findByText(
      /An account with this email exists\. Sign in with its password first/,
    );
    expect(alert.closest("[role=alert]")).toBeTruthy();
    expect(alert.textContent).toContain("'Reset password' to confirm the email is yours");
  });
});
