import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Events, OAuth2Server } from "oauth2-mock-server";
import type { MailMessage } from "../../lib/mailer.ts";
import { bodyOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";

// Google's side is a maintained OpenID Connect mock server on 127.0.0.1 (discovery, authorize, token, userinfo).
// GitHub's side is a small server answering GitHub's documented token, /user and /user/emails formats.
let oidc: OAuth2Server;
let github: ReturnType<typeof Bun.serve>;
let githubEmails: Array<{ email: string; verified: boolean; primary: boolean }> = [];
let t: TestApp;
let userinfo: Record<string, unknown> = {};
const mails: MailMessage[] = [];

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
  t.deps.mailer = {
    async send(message) {
      mails.push(message);
    },
  };
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

const sessionOf = (res: Response) =>
  cookiesOf(res)
    .split("; ")
    .find((c) => c.startsWith("sb_session="))!;
const userOf = (cookie: string) => bodyOf(t.api({ headers: { cookie } }).auth.user.$get(), 200);

/** Completes a password reset with the emailed code, which proves the account's email. */
async function proveEmailByReset(email: string, fullName: string) {
  const before = mails.length;
  const asked = await t.request("/api/auth/password-reset/request", {
    method: "POST",
    json: { email, fullName },
  });
  expect(asked.status).toBe(202);
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    code = /reset code is (\d{6})/.exec(mails.slice(before).findLast((m) => m.to === email)?.text ?? "")?.[1];
    if (!code) await Bun.sleep(20);
  }
  const done = await t.request("/api/auth/password-reset/confirm", {
    method: "POST",
    json: { email, code, newPassword: "the-real-owner-1", confirmPassword: "the-real-owner-1" },
  });
  expect(done.status).toBe(200);
}

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
    const me = await t.request("/api/auth/user", { headers: { cookie: sessionOf(done) } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: "gina@example.com", firstName: "Gina", lastName: "Goo" });
  });

  test("GitHub: matched to an existing account by its verified primary email once that email is proven", async () => {
    const existing = await t.createUser({ email: "octo@example.com", firstName: "Octo" });
    githubEmails = [
      { email: "unverified@example.com", verified: false, primary: false },
      { email: "octo@example.com", verified: true, primary: true },
    ];
    await proveEmailByReset("octo@example.com", "Octo User");
    const done = await roundTrip("github");
    expect(done.headers.get("location")).toBe("/dashboard");
    const me = await userOf(sessionOf(done));
    expect(me.id).toBe(existing.id);
  });

  test("registering does not prove an email: a provider sign-in with it is refused and the squatter keeps nothing", async () => {
    // Someone registers the victim's address with their own password, before the victim ever signs up.
    const reg = await t.request("/api/auth/register", {
      method: "POST",
      json: {
        email: "victim@example.com",
        password: "squatters-password",
        firstName: "Vic",
        lastName: "Tim",
      },
    });
    expect(reg.status).toBe(201);
    const squatter = await t.signIn("victim@example.com", "squatters-password");
    const squatterKey = (await bodyOf(t.api(squatter).auth.user.$get(), 200)).apiKey;

    githubEmails = [{ email: "victim@example.com", verified: true, primary: true }];
    const refused = await roundTrip("github");
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/signin?oauthError=email-unverified");
    expect(cookiesOf(refused)).not.toContain("sb_session=");

    // The victim proves the address with the emailed code: the squatter's session and key stop working,
    // and from then on the provider sign-in joins the account.
    await proveEmailByReset("victim@example.com", "Vic Tim");
    expect((await t.request("/api/auth/user", { token: squatter })).status).toBe(401);
    expect((await t.request("/api/auth/user", { token: squatterKey })).status).toBe(401);
    const joined = await roundTrip("github");
    expect(joined.headers.get("location")).toBe("/dashboard");
    expect((await userOf(sessionOf(joined))).email).toBe("victim@example.com");
  });

  test("an account created through a provider has a proven email: the next provider sign-in joins it", async () => {
    userinfo = { email: "prov@example.com", email_verified: true, given_name: "Pro", family_name: "V" };
    const first = await roundTrip("google");
    const a = await userOf(sessionOf(first));
    githubEmails = [{ email: "prov@example.com", verified: true, primary: true }];
    const second = await roundTrip("github");
    expect(second.headers.get("location")).toBe("/dashboard");
    const b = await userOf(sessionOf(second));
    expect(b.id).toBe(a.id);
  });

  test("with registration closed a provider sign-in creates no account but still joins a proven one", async () => {
    const saved = t.deps.config.registration;
    t.deps.config.registration = "closed";
    try {
      userinfo = { email: "newcomer@example.com", email_verified: true, given_name: "New" };
      const refused = await roundTrip("google");
      expect(refused.headers.get("location")).toBe("/signin?oauthError=registration-closed");
      expect(cookiesOf(refused)).not.toContain("sb_session=");
      userinfo = { email: "gina@example.com", email_verified: true, given_name: "Gina" };
      expect((await roundTrip("google")).headers.get("location")).toBe("/dashboard");
    } finally {
      t.deps.config.registration = saved;
    }
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
