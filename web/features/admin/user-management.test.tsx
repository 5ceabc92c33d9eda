import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { bodyOf, type TestApp } from "../../../api/test/harness.ts";
import { closeRealApi, signInBrowser, useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { UserManagement } from "./user-management.tsx";

// The admin panel's user tools on the real API in process (decision 146): each change is read back from the API.

const PASSWORD = "correct-horse-battery";
const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let api: TestApp;
let token: string;
let me: number;
beforeAll(async () => {
  api = await useRealApi();
  const admin = await api.createUser({ isAdmin: true, email: "admin@example.com" });
  me = admin.id;
  token = await signInBrowser(api, admin.email, PASSWORD);
});
afterAll(() => closeRealApi(api));
afterEach(cleanup);

/** A user the admin panel lists, named so each test finds its own. */
function zoe(email: string) {
  return api.createUser({ email, firstName: "Zoë", lastName: "Durand" });
}

/** The user as the admin API lists them. */
async function listed(email: string) {
  const users = await bodyOf(api.api(token).admin.users.$get({ query: { q: email } }), 200);
  return users.find((u) => u.email === email)!;
}

function renderPanel() {
  renderWithProviders(<UserManagement me={{ id: me }} />, { mantineTestEnv: true });
}

describe("admin user management", () => {
  test("Deactivate asks first, naming who and what happens; Cancel changes nothing", async () => {
    const email = "zx@example.com";
    await zoe(email);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole("button", { name: `Deactivate ${email}` }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate this user?" });
    expect(dialog.textContent).toContain("Zoë Durand");
    expect(dialog.textContent).toContain("signed out of every session");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(dialog.isConnected).toBe(false);
    expect((await listed(email)).isActive).toBe(1);

    await user.click(screen.getByRole("button", { name: `Deactivate ${email}` }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Deactivate this user?" })).getByRole("button", {
        name: "Deactivate",
      }),
    );
    await waitFor(async () => expect((await listed(email)).isActive).toBe(0));
  });

  test("search by name: 'zoë' finds Zoë", async () => {
    await zoe("zoe-search@example.com");
    await api.createUser({ email: "bob@example.com", firstName: "Bob", lastName: "Smith" });
    const user = userEvent.setup();
    renderPanel();
    const bob = await screen.findByText("bob@example.com");
    await user.type(screen.getByRole("textbox", { name: "Search users by email or name" }), "zoë");
    // The search waits 300 ms after the last key before it asks.
    await waitFor(() => expect(bob.isConnected).toBe(false));
    expect(screen.getByText("zoe-search@example.com")).toBeTruthy();
  });

  test("reset password asks first, then shows the temporary password once, which signs in", async () => {
    const email = "zoe-reset@example.com";
    await zoe(email);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole("button", { name: `Reset password of ${email}` }));
    const dialog = await screen.findByRole("dialog", { name: "Reset password" });
    expect(await api.signIn(email, PASSWORD)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Reset password" }));
    const temporary = await screen.findByTestId("temporary-password");
    const password = temporary.textContent ?? "";
    expect(await api.signIn(email, password)).toBeTruthy();
    const old = api.api().auth.signin.$post({ json: { email, password: PASSWORD } });
    expect((await old).status).toBe(401);
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(temporary.isConnected).toBe(false);
  });

  test("promote sends the role; sessions read as browser and system and one can be ended", async () => {
    const email = "zoe-promote@example.com";
    const person = await zoe(email);
    const signIn = api.api({ headers: { "user-agent": CHROME_MAC } }).auth.signin.$post({
      json: { email, password: PASSWORD },
    });
    const session = (await bodyOf(signIn, 200)).user.authToken!;
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole("button", { name: `Promote ${email}` }));
    await waitFor(async () => expect((await listed(email)).isAdmin).toBe(1));
    const row = (await screen.findByText(email)).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Sessions" }));
    const dialog = await screen.findByRole("dialog", { name: "User Sessions" });
    expect(await within(dialog).findByText("Chrome on macOS")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: /^End session started/ }));
    await waitFor(async () =>
      expect((await api.request("/api/auth/user", { token: session })).status).toBe(401),
    );
    const sessions = await bodyOf(
      api.api(token).admin.users[":id"].sessions.$get({ param: { id: String(person.id) } }),
      200,
    );
    expect(sessions.every((s) => s.endTime !== null)).toBe(true);
  });
});
