import { createRoute, z } from "@hono/zod-openapi";
import {
  adminOnly,
  createRouter,
  errorResponses,
  jsonBody,
  jsonResponse,
  signedIn,
  totalCountHeader,
} from "../../lib/openapi.ts";
import { ApiFailure } from "../../lib/result.ts";
import { requireAdmin } from "../../middleware/auth.ts";
import { MessageAnswer } from "../auth/auth.schema.ts";
import {
  AdminUser,
  OutboxAnswer,
  PasswordResetAnswer,
  RoleInput,
  SessionIdParam,
  SessionInfo,
  StatusInput,
  StatusParam,
  UserIdParam,
  UsersQuery,
} from "./admin.schema.ts";
import {
  deleteUser,
  endSession,
  listUsers,
  resetUserPassword,
  setUserActive,
  setUserAdmin,
  temporaryPassword,
  userSessions,
} from "./admin.service.ts";
import { readOutbox } from "./outbox.service.ts";

const tags = ["Admin"];
const common = { tags, security: signedIn, ...adminOnly };

const list = createRoute({
  operationId: "listUsers",
  ...common,
  middleware: [requireAdmin] as const,
  method: "get",
  path: "/users",
  summary: "Users with their session counts (admin only); X-Total-Count has the total",
  request: { query: UsersQuery },
  responses: {
    200: { ...jsonResponse(z.array(AdminUser), "One page of users"), headers: totalCountHeader },
    ...errorResponses(400, 401, 403, 503),
  },
});

const sessionsOf = createRoute({
  operationId: "listUserSessions",
  ...common,
  middleware: [requireAdmin] as const,
  method: "get",
  path: "/users/{id}/sessions",
  summary: "A user's sessions, newest first (admin only)",
  request: { params: UserIdParam },
  responses: {
    200: jsonResponse(z.array(SessionInfo), "Sessions"),
    ...errorResponses(400, 401, 403, 404, 503),
  },
});

const status = createRoute({
  operationId: "setUserStatus",
  ...common,
  middleware: [requireAdmin] as const,
  method: "patch",
  path: "/users/{userId}/status",
  summary:
    "Activate or deactivate a user (admin only); deactivation ends their sessions and replaces their key",
  description:
    "Activation lets the user sign in again; it brings back no session or API key from before the deactivation.",
  request: { params: StatusParam, body: jsonBody(StatusInput) },
  responses: { 200: jsonResponse(MessageAnswer, "Changed"), ...errorResponses(400, 401, 403, 404, 409, 503) },
});

const endOne = createRoute({
  operationId: "endSession",
  ...common,
  middleware: [requireAdmin] as const,
  method: "post",
  path: "/sessions/{id}/end",
  summary: "End one session now (admin only); its holder must sign in again",
  request: { params: SessionIdParam },
  responses: { 200: jsonResponse(MessageAnswer, "Ended"), ...errorResponses(400, 401, 403, 404, 503) },
});

const role = createRoute({
  operationId: "setUserRole",
  ...common,
  middleware: [requireAdmin] as const,
  method: "patch",
  path: "/users/{userId}/role",
  summary: "Promote a user to admin or demote an admin (admin only)",
  description: "Refused (409) for demoting yourself and for demoting the last active admin.",
  request: { params: StatusParam, body: jsonBody(RoleInput) },
  responses: { 200: jsonResponse(MessageAnswer, "Changed"), ...errorResponses(400, 401, 403, 404, 409, 503) },
});

const resetPassword = createRoute({
  operationId: "resetUserPassword",
  ...common,
  middleware: [requireAdmin] as const,
  method: "post",
  path: "/users/{userId}/reset-password",
  summary:
    "Give a user a new temporary password, shown once (admin only); ends their sessions and replaces their key",
  request: { params: StatusParam },
  responses: {
    200: jsonResponse(PasswordResetAnswer, "The temporary password"),
    ...errorResponses(400, 401, 403, 404, 503),
  },
});

const remove = createRoute({
  operationId: "deleteUser",
  ...common,
  middleware: [requireAdmin] as const,
  method: "delete",
  path: "/users/{id}",
  summary: "Delete a user and their data (admin only)",
  request: { params: UserIdParam },
  responses: { 200: jsonResponse(MessageAnswer, "Deleted"), ...errorResponses(400, 401, 403, 404, 409, 503) },
});

const outbox = createRoute({
  operationId: "readMailOutbox",
  ...common,
  middleware: [requireAdmin] as const,
  method: "get",
  path: "/outbox",
  summary: "Mail this server kept instead of sending it: the local demo without a mail server (admin only)",
  description:
    "Reset codes and alert emails, newest first. Only where the server keeps an outbox (no SMTP_URL, the demo " +
    "accounts on, MAIL_OUTBOX not false): elsewhere `enabled` is false and no message is answered.",
  responses: { 200: jsonResponse(OutboxAnswer, "The outbox"), ...errorResponses(401, 403, 503) },
});

export const adminRoutes = createRouter()
  .openapi(list, async (c) => {
    const result = await listUsers(c.get("deps"), c.req.valid("query"));
    c.header("X-Total-Count", String(result.total));
    return c.json(result.items, 200);
  })
  .openapi(sessionsOf, async (c) => {
    const result = await userSessions(c.get("deps"), c.req.valid("param").id);
    if (!result.ok) throw ApiFailure.of(result);
    return c.json(result.value, 200);
  })
  .openapi(status, async (c) => {
    const { userId } = c.req.valid("param");
    const active = Boolean(c.req.valid("json").isActive);
    const result = await setUserActive(c.get("deps"), c.get("user").id, userId, active);
    if (!result.ok) throw ApiFailure.of(result);
    return c.json({ message: active ? "User Activated" : "User Deactivated" }, 200);
  })
  .openapi(endOne, async (c) => {
    const result = await endSession(c.get("deps"), c.req.valid("param").id);
    if (!result.ok) throw ApiFailure.of(result);
    return c.json({ message: "Session ended" }, 200);
  })
  .openapi(role, async (c) => {
    const { userId } = c.req.valid("param");
    const { isAdmin } = c.req.valid("json");
    const result = await setUserAdmin(c.get("deps"), c.get("user").id, userId, isAdmin);
    if (!result.ok) throw ApiFailure.of(result);
    return c.json({ message: isAdmin ? "User promoted to admin" : "User is no longer an admin" }, 200);
  })
  .openapi(resetPassword, async (c) => {
    const password = temporaryPassword();
    const result = await resetUserPassword(c.get("deps"), c.req.valid("param").userId, password);
    if (!result.ok) throw ApiFailure.of(result);
    c.header("Cache-Control", "no-store");
    return c.json(
      {
        message: "Password reset; their sessions ended and their API key was replaced",
        temporaryPassword: password,
      },
      200,
    );
  })
  .openapi(remove, async (c) => {
    const result = await deleteUser(c.get("deps"), c.get("user").id, c.req.valid("param").id);
    if (!result.ok) throw ApiFailure.of(result);
    return c.json({ message: "User deleted successfully" }, 200);
  })
  .openapi(outbox, async (c) => {
    return c.json(await readOutbox(c.get("deps")), 200);
  });
