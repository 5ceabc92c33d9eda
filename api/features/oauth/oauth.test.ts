import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Events, OAuth2Server } from "oauth2-mock-server";
import { startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";

// Google's side is a maintained OpenID Connect mock server on 127.0.0.1 (discovery, authorize, token, userinfo).
// GitHub's side is a small server answering GitHub's documented token, /user and /user/emails formats.
let oidc: OAuth2Server;
let github: ReturnType<typeof Bun.serve>;
let githubEmails: Array<{ email: string; verified: boolean; primary: boolean }> = [];
let t: TestApp;
let userinfo: Record<string, unknown> = {};

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate("RS256");
  await oidc.start(0, "127.0.0.1");
  oidc.service.on(Events.BeforeUserinfo, (response) => {
    response.body = { sub: "google-123", ...userinfo };
  });
  github = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      if (url.pathname === "/login/oauth/authorize") {
        const back = new URL(url.searchParams.get("redirect_uri")!);
        back.searchParams.set("code", "gh-code");
        back.searchParams.set("state", url.searchParams.get("state")!);
        return Response.redirect(back.toString(), 302);
      }
      if (url.pathname === "/login/oauth/access_token") {
        const body = new URLSearchParams(await req.text());
        if (body.get("code") !== "gh-code" || !body.get("code_verifier"))
          return Response.json({ error: "bad_verification_code" }, { status: 400 });
        return Response.json({
          access_token: "gh-token",
          token_type: "bearer",
          scope: "read:user,user:email",
        });
      }
      if (req.headers.get("authorization") !== "Bearer gh-token") return new Response("no", { status: 401 });
      if (url.pathname === "/user") return Response.json({ login: "octo", name: "Octo Cat" });
      if (url.pathname === "/user/emails") return Response.json(githubEmails);
      return new Response("not found", { status: 404 });
    },
  });
  t = await startTestApp({
    oauth: {
      publicUrl: "http://localhost",
      google: { clientId: "google-client", clientSecret: "google-secret", issuer: oidc.issuer.url! },
      github: {
        clientId: "gh-client",
        clientSecret: "gh-secret",
        oauthUrl: `http://127.0.0.1:${github.port}`,
        apiUrl: `http://127.0.0.1:${github.port}`,
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await oidc.stop();
  github.stop(true);
});

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");

/** Walks the redirect chain like a browser: app -> provider -> app callback. Answers the callback's response. */
async function roundTrip(provider: "google" | "github") {
  const start = await t.request(`/api/auth/oauth/${provider}`);
  expect(start.status).toBe(302);
  const atProvider = await fetch(start.headers.get("location")!, { redirect: "manual" });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get("location")!);
  return t.request(back.pathname + back.search, { headers: { cookie: cookiesOf(start) } });
}

describe(`OAuth sign-in against local providers (${testDbKind})`, () => {
  test("the configured providers are announced", async () => {
    expect(await (await t.request("/api/auth/providers")).json()).toEqual({ github: true, google: true });
  });

  test("Google: a verified email creates the account and signs it in", async () => {
    userinfo = { email: "Gina@Example.com", email_verified: true, given_name: "Gina", family_name: "Goo" };
    const done = await roundTrip("google");
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/dashboard");
    const session = cookiesOf(done)
      .split("; ")
      .find((c) => c.startsWith("sb_session="))!;
    const me = await t.request("/api/auth/user", { headers: { cookie: session } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: "gina@example.com", firstName: "Gina", lastName: "Goo" });
  });

  test("GitHub: matched to an existing account by its verified primary email", async () => {
    const existing = await t.createUser({ email: "octo@example.com" });
    githubEmails = [
      { email: "unverified@example.com", verified: false, primary: false },
      { email: "octo@example.com", verified: true, primary: true },
    ];
    const done = await roundTrip("github");
    expect(done.headers.get("location")).toBe("/dashboard");
    const session = cookiesOf(done)
      .split("; ")
      .find((c) => c.startsWith("sb_session="))!;
    const me = (await (await t.request("/api/auth/user", { headers: { cookie: session } })).json()) as {
      id: number;
    };
    expect(me.id).toBe(existing.id);
  });

  test("no verified email, a forged state, or an unconfigured provider: back to sign-in, no session", async () => {
    userinfo = { email: "nov@example.com", email_verified: false };
    const unverified = await roundTrip("google");
    expect(unverified.headers.get("location")).toBe("/signin?oauthError=no-verified-email");
    expect(cookiesOf(unverified)).not.toContain("sb_session=");

    const start = await t.request("/api/auth/oauth/google");
    const forged = await t.request("/api/auth/oauth/google/callback?code=x&state=forged", {
      headers: { cookie: cookiesOf(start) },
    });
    expect(forged.headers.get("location")).toBe("/signin?oauthError=state");
    const noCookie = await t.request("/api/auth/oauth/github/callback?code=x&state=y");
    expect(noCookie.headers.get("location")).toBe("/signin?oauthError=state");
    expect((await t.request("/api/auth/oauth/twitter")).status).toBe(400);
  });
});
