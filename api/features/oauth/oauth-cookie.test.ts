import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { AppConfig } from "../../lib/config.ts";
import { startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";

// A GitHub stand-in answering its documented token, /user and /user/emails formats.
let github: ReturnType<typeof Bun.serve>;
beforeAll(() => {
  github = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      if (url.pathname === "/login/oauth/access_token")
        return Response.json({ access_token: "gh-token", token_type: "bearer", scope: "user:email" });
      if (url.pathname === "/user") return Response.json({ login: "octo", name: "Octo Cat" });
      if (url.pathname === "/user/emails")
        return Response.json([{ email: "secure-octo@example.com", verified: true, primary: true }]);
      return new Response("not found", { status: 404 });
    },
  });
});
afterAll(() => github.stop(true));

const oauth = (): AppConfig["oauth"] => ({
  publicUrl: "https://app.example.com",
  github: {
    clientId: "gh-client",
    clientSecret: "gh-secret",
    oauthUrl: `http://127.0.0.1:${github.port}`,
    apiUrl: `http://127.0.0.1:${github.port}`,
  },
});

/** Starts at the app, skips the provider's consent page, and answers the callback's cookies. */
async function signInThroughGitHub(t: TestApp, headers: Record<string, string>) {
  const start = await t.request("/api/auth/oauth/github", { headers });
  expect(start.status).toBe(302);
  const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
  const cookie = start.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  const done = await t.request(`/api/auth/oauth/github/callback?code=gh-code&state=${state}`, {
    headers: { ...headers, cookie },
  });
  expect(done.headers.get("location")).toBe("/dashboard");
  return { start: start.headers.getSetCookie(), done: done.headers.getSetCookie() };
}

const sessionCookie = (cookies: string[]) => cookies.find((c) => c.startsWith("sb_session="))!;

describe(`OAuth cookies behind a TLS proxy (${testDbKind})`, () => {
  test("behind a trusted proxy that says https, the session and state cookies are Secure", async () => {
    const t = await startTestApp({ trustProxy: 1, oauth: oauth() });
    try {
      const cookies = await signInThroughGitHub(t, { "x-forwarded-proto": "https" });
      expect(sessionCookie(cookies.done)).toContain("Secure");
      for (const c of cookies.start) expect(c).toContain("Secure");
      const plain = await signInThroughGitHub(t, {});
      expect(sessionCookie(plain.done)).not.toContain("Secure");
    } finally {
      await t.close();
    }
  });

  test("without a trusted proxy, a client's X-Forwarded-Proto changes nothing", async () => {
    const t = await startTestApp({ trustProxy: 0, oauth: oauth() });
    try {
      const cookies = await signInThroughGitHub(t, { "x-forwarded-proto": "https" });
      expect(sessionCookie(cookies.done)).not.toContain("Secure");
    } finally {
      await t.close();
    }
  });
});
