import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { afterAnswer } from "../../lib/after-answer.ts";
import { clientAddress, isHttpsRequest } from "../../lib/client-address.ts";
import type { AppEnv } from "../../lib/context.ts";
import { rateLimitSubject } from "../../lib/ip-address.ts";
import { keptValue } from "../../lib/kept-answer.ts";
import {
  createRouter,
  errorResponses,
  jsonBody,
  jsonResponse,
  rateLimitHeaders,
  sessionCookieHeader,
  signedIn,
} from "../../lib/openapi.ts";
import { ApiFailure } from "../../lib/result.ts";
import { requireSession, requireUser, SESSION_COOKIE } from "../../middleware/auth.ts";
import { limitCredentialAttempt, refuseOverLimit } from "../../middleware/rate-limit.ts";
import { changePassword, endOtherSessions, openSessions } from "./account.service.ts";
import {
  AccountSessions,
  ChangePasswordInput,
  CurrentUser,
  EmailVerificationConfirmInput,
  MessageAnswer,
  RegenerateAnswer,
  RegisterInput,
  ResetConfirmInput,
  ResetRequestAnswer,
  ResetRequestInput,
  SessionsEndedAnswer,
  SignInAnswer,
  SignInInput,
} from "./auth.schema.ts";
import {
  apiKeyOf,
  createUser,
  endSession,
  hasSignedInFrom,
  regenerateApiKey,
  registrationOpen,
  startSession,
  toCurrentUser,
  verifyCredentials,
} from "./auth.service.ts";
import {
  confirmEmailVerification,
  countVerificationCode,
  sendVerificationCode,
  verificationNeeded,
} from "./email-verification.service.ts";
import {
  confirmPasswordReset,
  passwordResetAvailable,
  requestPasswordReset,
} from "./password-reset.service.ts";

function setSessionCookie(c: Context<AppEnv>, token: string) {
  // Behind a TLS proxy the app itself sees http: a trusted X-Forwarded-Proto counts too.
  const secure = isHttpsRequest(c);
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: "Lax", secure, path: "/" });
}

function sessionMeta(c: Context<AppEnv>) {
  return { ipAddress: clientAddress(c), userAgent: c.req.header("user-agent") ?? null };
}

const tags = ["Authentication"];

const signIn = createRoute({
  operationId: "signIn",
  method: "post",
  path: "/signin",
  tags,
  security: [],
  summary: "Sign in with email and password",
  description:
    "Starts a session: sets an HttpOnly cookie and returns the same token as user.authToken. Attempts are " +
    "limited per client address and per email (RateLimit-* headers).",
  request: { body: jsonBody(SignInInput) },
  responses: {
    200: {
      ...jsonResponse(SignInAnswer, "Signed in"),
      headers: { ...sessionCookieHeader, ...rateLimitHeaders },
    },
    ...errorResponses(400, 401, 403, 429, 503),
  },
});

const register = createRoute({
  operationId: "register",
  method: "post",
  path: "/register",
  tags,
  security: [],
  summary: "Create an account",
  description:
    "Creates the account with its API key and signs it in. Answers 403 REGISTRATION_CLOSED when the server's " +
    "REGISTRATION setting is closed or invite-only.",
  request: { body: jsonBody(RegisterInput) },
  responses: {
    201: {
      ...jsonResponse(SignInAnswer, "Account created and signed in"),
      headers: { ...sessionCookieHeader, ...rateLimitHeaders },
    },
    ...errorResponses(400, 403, 409, 429, 503),
  },
});

const logout = createRoute({
  operationId: "signOut",
  method: "post",
  path: "/logout",
  tags,
  security: [],
  summary: "Sign out",
  description:
    "Ends the current session (if any) and clears the cookie. Succeeds with or without a session; a browser's " +
    "cross-site request carrying the session cookie is refused (403).",
  responses: {
    200: {
      ...jsonResponse(MessageAnswer, "Signed out"),
      headers: {
        "Set-Cookie": {
          description: "Clears the session cookie `sb_session`",
          schema: { type: "string" },
        },
      },
    },
    ...errorResponses(403, 503),
  },
});

const currentUser = createRoute({
  operationId: "getCurrentUser",
  method: "get",
  path: "/user",
  tags,
  summary: "The signed-in user, including their API key",
  security: signedIn,
  middleware: [requireUser] as const,
  responses: { 200: jsonResponse(CurrentUser, "The current user"), ...errorResponses(401, 503) },
});

const regenerate = createRoute({
  operationId: "regenerateApiKey",
  method: "post",
  path: "/regenerate-api-key",
  tags,
  summary: "Replace your API key",
  description: "The old key stops working on the very next request.",
  security: signedIn,
  middleware: [requireUser] as const,
  responses: { 200: jsonResponse(RegenerateAnswer, "The new key"), ...errorResponses(401, 503) },
});

const resetRequest = createRoute({
  operationId: "requestPasswordReset",
  method: "post",
  path: "/password-reset/request",
  tags,
  security: [],
  summary: "Ask for a password reset code by email",
  description:
    "When the email and full name match an active account, a single-use 6-digit code valid for 15 minutes is " +
    "emailed to it; the account's earlier live codes (up to 3 in all) still work. Codes mailed to an address are " +
    "limited per requesting client (5 a day) under an overall ceiling (15 a day), which a client that signed in to " +
    "the account before is not held to. The answer, and how long it takes, is the same either way: the " +
    "mail is sent after answering. In the local demo without a mail server the code is kept in the outbox an admin " +
    "reads (`delivery: outbox`). Elsewhere, where this server sends no email (no SMTP configured, or on Workers), " +
    "it answers 503 MAIL_NOT_CONFIGURED for every request: an operator sets passwords with `bun scripts/admin.ts " +
    "reset-password` there.",
  request: { body: jsonBody(ResetRequestInput) },
  responses: {
    202: { ...jsonResponse(ResetRequestAnswer, "Request taken"), headers: rateLimitHeaders },
    ...errorResponses(400, 429, 503),
  },
});

const resetConfirm = createRoute({
  operationId: "confirmPasswordReset",
  method: "post",
  path: "/password-reset/confirm",
  tags,
  security: [],
  summary: "Set a new password with the emailed code",
  description:
    "A code takes 5 tries from one client address and 20 from all together. Once strangers spend the email's " +
    "limit, each address keeps its own. Success voids every code of the account, ends every session and replaces " +
    "the API key.",
  request: { body: jsonBody(ResetConfirmInput) },
  responses: {
    200: { ...jsonResponse(MessageAnswer, "Password changed"), headers: rateLimitHeaders },
    ...errorResponses(400, 429, 503),
  },
});

const verifyRequest = createRoute({
  operationId: "requestEmailVerification",
  method: "post",
  path: "/email-verification/request",
  tags,
  security: signedIn,
  summary: "Mail a code that proves your email address",
  description:
    "Alert emails go only to a proven address. Mails a single-use 6-digit code, valid 15 minutes, to the " +
    "account's email; earlier live codes (up to 3 in all) still work. Limited to 3 an hour and 5 a day per " +
    "account (RateLimit-* headers); anonymous reset requests for the address never count against them. 409 when the address is proven already; 503 where the server sends no email.",
  middleware: [requireUser] as const,
  responses: {
    202: { ...jsonResponse(ResetRequestAnswer, "Code sent"), headers: rateLimitHeaders },
    ...errorResponses(401, 409, 429, 503),
  },
});

const verifyConfirm = createRoute({
  operationId: "confirmEmailVerification",
  method: "post",
  path: "/email-verification/confirm",
  tags,
  security: signedIn,
  summary: "Prove your email address with the mailed code",
  description: "A code takes 5 tries from one client address. From then on alert emails are sent.",
  middleware: [requireUser] as const,
  request: { body: jsonBody(EmailVerificationConfirmInput) },
  responses: { 200: jsonResponse(MessageAnswer, "Address verified"), ...errorResponses(400, 401, 503) },
});

/**
 * A route for a signed-in session only (requireSession: an API key gets 403, as its description then says), with
 * 401, 403 and 503 among its answers.
 */
function sessionRoute<
  const R extends Omit<RouteConfig, "tags" | "security" | "middleware"> & { description: string },
>(route: R) {
  return createRoute({
    ...route,
    tags,
    security: signedIn,
    description: `${route.description} Only on a session: an API key gets 403.`,
    middleware: [requireSession] as const,
    responses: { ...route.responses, ...errorResponses(401, 403, 503) },
  });
}

const changePasswordRoute = sessionRoute({
  operationId: "changePassword",
  method: "post",
  path: "/change-password",
  summary: "Change your password",
  description:
    "With the current password. Signs out every other session of the account, replaces its API key (read the new " +
    "one from GET /api/auth/user) and voids its reset codes; this session stays signed in. Limited like sign-in, " +
    "per client address and per email (RateLimit-* headers); a wrong current password answers 400 WRONG_PASSWORD.",
  request: { body: jsonBody(ChangePasswordInput) },
  responses: {
    200: { ...jsonResponse(MessageAnswer, "Password changed"), headers: rateLimitHeaders },
    ...errorResponses(400, 429),
  },
});

const sessionsRoute = sessionRoute({
  operationId: "listSessions",
  method: "get",
  path: "/sessions",
  summary: "Your open sessions",
  description:
    "Every session of the account that is still open, the current one first, then by when each was last seen, with " +
    "the browser and system named by its User-Agent.",
  responses: { 200: jsonResponse(AccountSessions, "Open sessions") },
});

const revokeOthersRoute = sessionRoute({
  operationId: "signOutOtherSessions",
  method: "post",
  path: "/sessions/revoke-others",
  summary: "Sign out your other sessions",
  description:
    "Ends every open session of the account but this one; their next request answers 401. The API key stays " +
    "(regenerate it to stop it).",
  responses: { 200: jsonResponse(SessionsEndedAnswer, "Other sessions ended") },
});

/** The client address as a rate-limit subject (an IPv6 address counts as its /64). */
function clientSubject(c: Context): string {
  const address = clientAddress(c);
  return address ? rateLimitSubject(address) : "unknown";
}

export const authRoutes = createRouter()
  .openapi(signIn, async (c) => {
    const { email, password } = c.req.valid("json");
    await limitCredentialAttempt(c, "signin", email, (address) =>
      hasSignedInFrom(c.get("deps"), email, address),
    );
    const deps = c.get("deps");
    const result = await verifyCredentials(deps, email, password);
    if (!result.ok) throw ApiFailure.of(result);
    const token = await startSession(deps, result.value.id, sessionMeta(c));
    setSessionCookie(c, token);
    return c.json(
      {
        message: "Signed in successfully",
        user: { ...toCurrentUser(result.value, await apiKeyOf(deps, result.value)), authToken: token },
      },
      200,
    );
  })
  .openapi(register, async (c) => {
    const input = c.req.valid("json");
    const open = registrationOpen(c.get("deps"));
    if (!open.ok) throw ApiFailure.of(open);
    await limitCredentialAttempt(c, "register", input.email);
    const deps = c.get("deps");
    const result = await createUser(deps, input);
    if (!result.ok) throw ApiFailure.of(result);
    const token = await startSession(deps, result.value.id, sessionMeta(c));
    setSessionCookie(c, token);
    return c.json(
      {
        message: "Account created successfully",
        user: { ...toCurrentUser(result.value, await apiKeyOf(deps, result.value)), authToken: token },
      },
      201,
    );
  })
  .openapi(logout, async (c) => {
    const session = c.get("auth")?.session;
    if (session) await endSession(c.get("deps"), session.id);
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.json({ message: "Signed out" }, 200);
  })
  .openapi(currentUser, async (c) => {
    const user = c.get("user");
    // A regenerated key has a new ciphertext, so a kept one is never stale; AES-GCM per request was a quarter of
    // this answer's time.
    const apiKey = await keptValue(
      c,
      "api keys",
      [],
      user.apiKeyCiphertext,
      () => apiKeyOf(c.get("deps"), user),
      1024,
    );
    return c.json(toCurrentUser(user, apiKey), 200);
  })
  .openapi(resetRequest, async (c) => {
    const { email, fullName } = c.req.valid("json");
    const available = passwordResetAvailable(c.get("deps"));
    if (!available.ok) throw ApiFailure.of(available);
    // Every client counts as known: once strangers spend the email's shared limit, each address keeps its own, so
    // a flood cannot 429 the holder's request (decision 106). The codes mailed have quotas of their own.
    await limitCredentialAttempt(c, "reset", email, async () => true);
    // Not awaited: matching details must not make the answer slower (docs/decisions/017-oauth-account-linking.md).
    afterAnswer(
      c,
      "Password reset request",
      requestPasswordReset(c.get("deps"), {
        email,
        fullName,
        client: clientSubject(c),
        address: clientAddress(c),
      }),
    );
    if (c.get("deps").mailer.outbox) {
      return c.json(
        {
          message:
            "If the details match an account, a reset code is in this server's mail outbox: it sends no email.",
          delivery: "outbox" as const,
        },
        202,
      );
    }
    return c.json(
      {
        message: "If the details match an account, a reset code has been sent to its email.",
        delivery: "email" as const,
      },
      202,
    );
  })
  .openapi(resetConfirm, async (c) => {
    const { email, code, newPassword } = c.req.valid("json");
    // Every client counts as known: once strangers spend the email's shared limit, each address keeps its own, so
    // a flood cannot 429 the holder of the code. The code's own tries bound the guessing (emailed-code.ts).
    await limitCredentialAttempt(c, "reset-confirm", email, async () => true);
    const result = await confirmPasswordReset(c.get("deps"), {
      email,
      code,
      newPassword,
      client: clientSubject(c),
    });
    if (!result.ok) throw ApiFailure.of(result);
    return c.json({ message: "Password Updated!" }, 200);
  })
  .openapi(verifyRequest, async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const needed = verificationNeeded(deps, user);
    if (!needed.ok) throw ApiFailure.of(needed);
    refuseOverLimit(c, ...(await countVerificationCode(deps, user)));
    await sendVerificationCode(deps, user);
    const outbox = deps.mailer.outbox;
    return c.json(
      {
        message: outbox
          ? `A verification code for ${user.email} is in this server's mail outbox: it sends no email.`
          : `A verification code has been sent to ${user.email}.`,
        delivery: outbox ? ("outbox" as const) : ("email" as const),
      },
      202,
    );
  })
  .openapi(verifyConfirm, async (c) => {
    const { code } = c.req.valid("json");
    const result = await confirmEmailVerification(c.get("deps"), c.get("user").id, code, clientSubject(c));
    if (!result.ok) throw ApiFailure.of(result);
    return c.json({ message: "Email address verified: alert emails will be sent to it." }, 200);
  })
  .openapi(changePasswordRoute, async (c) => {
    const input = c.req.valid("json");
    const user = c.get("user");
    await limitCredentialAttempt(c, "change-password", user.email);
    const result = await changePassword(c.get("deps"), user.id, c.get("session").id, input);
    if (!result.ok) throw ApiFailure.of(result);
    return c.json(
      { message: "Password changed. Your other sessions were signed out and your API key was replaced." },
      200,
    );
  })
  .openapi(sessionsRoute, async (c) => {
    return c.json(await openSessions(c.get("deps"), c.get("user").id, c.get("session").id), 200);
  })
  .openapi(revokeOthersRoute, async (c) => {
    const ended = await endOtherSessions(c.get("deps"), c.get("user").id, c.get("session").id);
    return c.json(
      { message: ended === 1 ? "Signed out 1 other session." : `Signed out ${ended} other sessions.`, ended },
      200,
    );
  })
  .openapi(regenerate, async (c) => {
    const { apiKey, regeneratedAt } = await regenerateApiKey(c.get("deps"), c.get("user").id);
    return c.json({ apiKey, regeneratedAt: regeneratedAt.toISOString() }, 200);
  });
