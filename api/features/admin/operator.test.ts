import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bodyOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { runOperatorCommand } from "./operator.service.ts";

// The operator's commands (`bun scripts/admin.ts`) on the real database, checked through the HTTP stack: after an
// operator's password reset or a deactivation no credential issued before works, and reactivation brings none back.
let t: TestApp;
const PASSWORD = "correct-horse-battery";

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const operator = (command: string, email: string, password = "") =>
  runOperatorCommand(t.deps, command, [email], { readPassword: async () => password });

/** A signed-in user's session token and API key, as the API hands them out. */
async function credentials(email: string, password: string) {
  const { user } = await bodyOf(t.api().auth.signin.$post({ json: { email, password } }), 200);
  return { token: user.authToken!, apiKey: user.apiKey };
}

const watchlistStatus = async (token: string) => (await t.request("/api/watchlist", { token })).status;

describe(`operator commands end every credential (${testDbKind})`, () => {
  test("reset-password ends every session and replaces the API key; the new password gets a new key", async () => {
    const u = await t.createUser();
    const first = await credentials(u.email, PASSWORD);
    const second = await credentials(u.email, PASSWORD);
    expect(await watchlistStatus(first.apiKey)).toBe(200);

    expect(await operator("reset-password", u.email, "operator-set-password")).toContain("reset");
    expect(await watchlistStatus(first.token)).toBe(401);
    expect(await watchlistStatus(second.token)).toBe(401);
    expect(await watchlistStatus(first.apiKey)).toBe(401);

    const after = await credentials(u.email, "operator-set-password");
    expect(after.apiKey).not.toBe(first.apiKey);
    expect(await watchlistStatus(after.apiKey)).toBe(200);
  });

  test("deactivate, then activate: the old session and the old API key stay dead", async () => {
    const u = await t.createUser();
    const before = await credentials(u.email, PASSWORD);
    expect(await operator("deactivate", u.email)).toContain("inactive");
    expect(await watchlistStatus(before.apiKey)).toBe(401);

    expect(await operator("activate", u.email)).toContain("active");
    expect(await watchlistStatus(before.token)).toBe(401);
    expect(await watchlistStatus(before.apiKey)).toBe(401);
    const after = await credentials(u.email, PASSWORD);
    expect(after.apiKey).not.toBe(before.apiKey);
    expect(await watchlistStatus(after.apiKey)).toBe(200);
  });
});
