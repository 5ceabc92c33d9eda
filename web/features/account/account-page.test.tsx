import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { notifications } from "@mantine/notifications";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TestApp } from "../../../api/test/harness.ts";
import { closeRealApi, signInBrowser, useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { AccountPage } from "./account-page.tsx";

const PASSWORD = "correct-horse-battery";
let api: TestApp;
let email: string;

beforeAll(async () => {
  api = await useRealApi();
  email = (await api.createUser()).email;
  await signInBrowser(api, email, PASSWORD);
});
afterAll(() => closeRealApi(api));
afterEach(() => {
  cleanup();
  notifications.clean();
});

const field = (label: RegExp) => screen.getByLabelText(label, { selector: "input" }) as HTMLInputElement;
const signInStatus = async (password: string) =>
  (await api.request("/api/auth/signin", { method: "POST", json: { email, password } })).status;

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm = next) {
  await user.type(await screen.findByLabelText(/^Current password/, { selector: "input" }), current);
  await user.type(field(/^New password/), next);
  await user.type(field(/^Confirm new password/), confirm);
  await user.click(screen.getByRole("button", { name: "Change Password" }));
}

describe("account page (real API in process)", () => {
  test("shows the email as not verified and this session", async () => {
    renderWithProviders(<AccountPage />);
    expect(await screen.findByText(email)).toBeTruthy();
    expect(screen.getByText("Not verified")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send verification code" })).toBeTruthy();
    expect(await screen.findByText("This session")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign out other sessions" })).toHaveProperty("disabled", true);
  });

  test("a short new password is refused under the field with the API's words, and nothing is sent", async () => {
    renderWithProviders(<AccountPage />);
    const user = userEvent.setup();
    await fill(user, PASSWORD, "short");
    expect(await screen.findByText("Password must be at least 8 characters.")).toBeTruthy();
    expect(screen.queryByText("Password Changed")).toBeNull();
    expect(await signInStatus(PASSWORD)).toBe(200);
  });

  test("a confirmation that differs says 'Passwords do not match' and sends nothing", async () => {
    renderWithProviders(<AccountPage />);
    const user = userEvent.setup();
    await fill(user, PASSWORD, "a-brand-new-password", "a-different-password");
    expect(await screen.findByText("Passwords do not match")).toBeTruthy();
    expect(await signInStatus(PASSWORD)).toBe(200);
  });

  test("a wrong current password shows the server's message", async () => {
    renderWithProviders(<AccountPage />);
    const user = userEvent.setup();
    await fill(user, "not-my-password", "a-brand-new-password");
    expect(await screen.findByText("Password Not Changed")).toBeTruthy();
    expect(screen.getByText("Your current password is wrong.")).toBeTruthy();
    expect(await signInStatus(PASSWORD)).toBe(200);
  });

  test("the right one changes it: a toast, the fields cleared, the other session signed out", async () => {
    const other = await api.signIn(email, PASSWORD);
    renderWithProviders(<AccountPage />);
    const user = userEvent.setup();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Sign out other sessions" })).toHaveProperty(
        "disabled",
        false,
      ),
    );
    await fill(user, PASSWORD, "a-brand-new-password");
    expect(await screen.findByText("Password Changed")).toBeTruthy();
    await waitFor(() => expect(field(/^Current password/).value).toBe(""));
    expect((await api.request("/api/auth/user", { token: other })).status).toBe(401);
    expect(await signInStatus("a-brand-new-password")).toBe(200);
  });
});
