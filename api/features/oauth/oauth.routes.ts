import { createRoute, z } from "@hono/zod-openapi";
import { generateCodeVerifier, generateState } from "arctic";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { users } from "../../../db/schema/index.ts";
import { clientAddress, isHttpsRequest } from "../../lib/client-address.ts";
import type { AppEnv } from "../../lib/context.ts";
import { randomToken } from "../../lib/crypto.ts";
import { createRouter, errorResponses, jsonResponse, unexpectedErrorResponse } from "../../lib/openapi.ts";
import { SESSION_COOKIE } from "../../middleware/auth.ts";
import { createUser, registrationOpen, startSession } from "../auth/auth.service.ts";
import { configuredProviders, type ProviderName } from "./oauth.providers.ts";

const tags = ["Authentication"];
const STATE_COOKIE = "sb_oauth_state";
const VERIFIER_COOKIE = "sb_oauth_verifier";
const Provider = z.object({ provider: z.enum(["github", "google"]) });

// Providers are built once per configuration object (they cache OpenID discovery).
const cache = new WeakMap<object, ReturnType<typeof configuredProviders>>();
function providersOf(c: Context<AppEnv>) {
  const config = c.get("deps").config;
  let providers = cache.get(config);
  if (!providers) {
    providers = configuredProviders(config.oauth);
    cache.set(config, providers);
  }
  return providers;
}

// Behind a TLS proxy the app itself sees http: a trusted X-Forwarded-Proto counts too.
const secureCookie = (c: Context<AppEnv>) => isHttpsRequest(c);

const providers = createRoute({
  operationId: "listOAuthProviders",
  method: "get",
  path: "/providers",
  tags,
  security: [],
  summary: "Which OAuth sign-in providers are configured",
  responses: {
    200: jsonResponse(z.object({ github: z.boolean(), google: z.boolean() }), "Configured providers"),
  },
});

const start = createRoute({
  operationId: "startOAuthSignIn",
  method: "get",
  path: "/oauth/{provider}",
  tags,
  security: [],
  summary: "Start signing in with GitHub or Google (redirects to the provider)",
  request: { params: Provider },
  responses: {
    302: {
      description: "To the provider, or back to /signin when it is not configured",
      headers: {
        Location: { description: "Where the browser goes next", required: true, schema: { type: "string" } },
        "Set-Cookie": {
          description:
            "The OAuth state and PKCE verifier cookies (HttpOnly, 10 minutes), when the provider is configured",
          schema: { type: "string" },
        },
      },
    },
    ...errorResponses(400),
    ...unexpectedErrorResponse,
  },
});

const callback = createRoute({
  operationId: "completeOAuthSignIn",
  method: "get",
  path: "/oauth/{provider}/callback",
  tags,
  security: [],
  summary: "Where the provider sends the browser back; signs in and redirects to the dashboard",
  request: {
    params: Provider,
    query: z.object({
      code: z.string().optional(),
      state: z.string().optional(),
      error: z.string().optional(),
    }),
  },
  responses: {
    302: {
      description:
        "To /dashboard when signed in, else to /signin?oauthError=... (email-unverified when an account with " +
        "the email exists but its email was never proven; registration-closed when no account exists and " +
        "REGISTRATION is not open)",
      headers: {
        Location: { description: "Where the browser goes next", required: true, schema: { type: "string" } },
        "Set-Cookie": {
          description:
            "Clears the OAuth state and verifier cookies; on success also sets the session cookie `sb_session` " +
            "(HttpOnly, SameSite=Lax, Secure over HTTPS)",
          schema: { type: "string" },
        },
      },
    },
    ...errorResponses(400),
    ...unexpectedErrorResponse,
  },
});

const back = (c: Context<AppEnv>, reason: string) =>
  c.redirect(`/signin?oauthError=${encodeURIComponent(reason)}`, 302);

export const oauthRoutes = createRouter()
  .openapi(providers, (c) => {
    const p = providersOf(c);
    return c.json({ github: Boolean(p.github), google: Boolean(p.google) }, 200);
  })
  .openapi(start, async (c) => {
    const name = c.req.valid("param").provider as ProviderName;
    const provider = providersOf(c)[name];
    if (!provider) return back(c, "not-configured");
    const state = generateState();
    const verifier = generateCodeVerifier();
    const options = {
      httpOnly: true,
      sameSite: "Lax" as const,
      secure: secureCookie(c),
      path: "/api/auth/oauth",
      maxAge: 600,
    };
    setCookie(c, STATE_COOKIE, state, options);
    setCookie(c, VERIFIER_COOKIE, verifier, options);
    return c.redirect((await provider.authorizationUrl(state, verifier)).toString(), 302);
  })
  .openapi(callback, async (c) => {
    const name = c.req.valid("param").provider as ProviderName;
    const { code, state, error } = c.req.valid("query");
    const provider = providersOf(c)[name];
    const expectedState = getCookie(c, STATE_COOKIE);
    const verifier = getCookie(c, VERIFIER_COOKIE);
    deleteCookie(c, STATE_COOKIE, { path: "/api/auth/oauth" });
    deleteCookie(c, VERIFIER_COOKIE, { path: "/api/auth/oauth" });
    if (!provider) return back(c, "not-configured");
    if (error) return back(c, "denied");
    if (!code || !state || !expectedState || !verifier || state !== expectedState) return back(c, "state");
    const deps = c.get("deps");
    let identity: Awaited<ReturnType<typeof provider.identify>>;
    try {
      identity = await provider.identify(code, verifier);
    } catch (err) {
      deps.log("warn", "OAuth exchange failed", { provider: name, error: String(err) });
      return back(c, "exchange");
    }
    if (!identity) return back(c, "no-verified-email");
    // A provider sign-in joins an existing account only when that account's holder has proven the email
    // (a reset by emailed code, or a provider sign-up): registering an address proves nothing, and joining it
    // would hand the address's real owner an account someone else holds the password and API key of
    // (docs/decisions/017-oauth-account-linking.md).
    let user = await deps.database.db.query.users.findFirst({ where: eq(users.email, identity.email) });
    if (user && !user.emailVerifiedAt) return back(c, "email-unverified");
    if (!user) {
      if (!registrationOpen(deps).ok) return back(c, "registration-closed");
      const created = await createUser(deps, {
        email: identity.email,
        // A random password nobody knows: the account signs in through the provider or a password reset.
        password: randomToken(32),
        firstName: identity.firstName,
        lastName: identity.lastName,
        // The provider vouched for the address (GitHub's verified emails, OpenID's email_verified).
        emailVerified: true,
      });
      if (!created.ok) return back(c, "account");
      user = created.value;
    }
    if (!user.isActive) return back(c, "ACCOUNT_INACTIVE");
    const token = await startSession(deps, user.id, {
      ipAddress: clientAddress(c),
      userAgent: c.req.header("user-agent") ?? null,
    });
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: "Lax",
      secure: secureCookie(c),
      path: "/",
    });
    return c.redirect("/dashboard", 302);
  });
