import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../../test/render.tsx";
import { UserManagement } from "./user-management.tsx";

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const ZOE = {
  id: 7,
  email: "zx@example.com",
  firstName: "Zoë",
  lastName: "Durand",
  isAdmin: 0,
  isActive: 1,
  sessionCount: 1,
  createdAt: "2026-11-01T10:00:00.000Z",
};
const BOB = { ...ZOE, id: 8, email: "bob@example.com", firstName: "Bob", lastName: "Smith" };

/** Answers the admin panel's requests as the API would; keeps every change it was sent. */
function api() {
  const sent: Array<{ method: string; path: string; search: string; body?: unknown }> = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), "http://localhost"), init);
    const url = new URL(request.url);
    const body =
      request.method === "GET"
        ? undefined
        : await request.text().then((t) => (t ? JSON.parse(t) : undefined));
    sent.push({ method: request.method, path: url.pathname, search: url.search, body });
    if (url.pathname === "/api/admin/users") {
      const q = url.searchParams.get("q")?.toLowerCase();
      const list = [ZOE, BOB].filter(
        (u) => !q || `${u.email} ${u.firstName} ${u.lastName}`.toLowerCase().includes(q),
      );
      return Response.json(list, { headers: { "x-total-count": String(list.length) } });
    }
    if (url.pathname === "/api/admin/users/7/sessions")
      return Response.json([
        {
          id: 31,
          userId: 7,
          startTime: "2026-11-27T09:00:00.000Z",
          endTime: null,
          duration: null,
          ipAddress: "203.0.113.9",
          userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/131.0.0.0 Safari/537.36",
          browser: "Chrome 131",
          system: "macOS",
        },
      ]);
    if (url.pathname === "/api/admin/users/7/reset-password")
      return Response.json({ message: "Password reset", temporaryPassword: "Tmp-pass_0123456789ab" });
    return Response.json({ message: "Done" });
  }) as unknown as typeof fetch;
  return sent;
}

const changes = (sent: ReturnType<typeof api>) => sent.filter((r) => r.method !== "GET");

describe("admin user management", () => {
  test("Deactivate asks first, naming who and what happens; Cancel changes nothing", async () => {
    const sent = api();
    const user = userEvent.setup();
    renderWithProviders(<UserManagement me={{ id: 1 }} />, { mantineTestEnv: true });
    await user.click(await screen.findByRole("button", { name: "Deactivate zx@example.com" }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate this user?" });
    expect(dialog.textContent).toContain("Zoë Durand");
    expect(dialog.textContent).toContain("signed out of every session");
    expect(changes(sent)).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(dialog.isConnected).toBe(false);
    expect(changes(sent)).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Deactivate zx@example.com" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Deactivate this user?" })).getByRole("button", {
        name: "Deactivate",
      }),
    );
    await waitFor(() =>
      expect(changes(sent)).toEqual([
        { method: "PATCH", path: "/api/admin/users/7/status", search: "", body: { isActive: false } },
      ]),
    );
  });

  test("search by name: 'zoë' finds Zoë", async () => {
    const sent = api();
    const user = userEvent.setup();
    renderWithProviders(<UserManagement me={{ id: 1 }} />, { mantineTestEnv: true });
    const bob = await screen.findByText("bob@example.com");
    await user.type(screen.getByRole("textbox", { name: "Search users by email or name" }), "zoë");
    // The search waits 300 ms after the last key before it asks.
    await waitFor(() =>
      expect(sent.some((r) => new URLSearchParams(r.search).get("q") === "zoë")).toBe(true),
    );
    await waitFor(() => expect(bob.isConnected).toBe(false));
    expect(screen.getByText("zx@example.com")).toBeTruthy();
    expect(sent.some((r) => new URLSearchParams(r.search).get("q") === "zoë")).toBe(true);
  });

  test("reset password asks first, then shows the temporary password once", async () => {
    const sent = api();
    const user = userEvent.setup();
    renderWithProviders(<UserManagement me={{ id: 1 }} />, { mantineTestEnv: true });
    await user.click(await screen.findByRole("button", { name: "Reset password of zx@example.com" }));
    const dialog = await screen.findByRole("dialog", { name: "Reset password" });
    expect(changes(sent)).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Reset password" }));
    const temporary = await screen.findByTestId("temporary-password");
    expect(temporary.textContent).toBe("Tmp-pass_0123456789ab");
    expect(changes(sent).map((r) => r.path)).toEqual(["/api/admin/users/7/reset-password"]);
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(temporary.isConnected).toBe(false);
  });

  test("promote sends the role; sessions read as browser and system and one can be ended", async () => {
    const sent = api();
    const user = userEvent.setup();
    renderWithProviders(<UserManagement me={{ id: 1 }} />, { mantineTestEnv: true });
    await user.click(await screen.findByRole("button", { name: "Promote zx@example.com" }));
    await waitFor(() =>
      expect(changes(sent)).toContainEqual({
        method: "PATCH",
        path: "/api/admin/users/7/role",
        search: "",
        body: { isAdmin: true },
      }),
    );
    await user.click(screen.getAllByRole("button", { name: "Sessions" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "User Sessions" });
    expect(await within(dialog).findByText("Chrome on macOS")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: /^End session started/ }));
    await waitFor(() => expect(changes(sent).map((r) => r.path)).toContain("/api/admin/sessions/31/end"));
  });
});
