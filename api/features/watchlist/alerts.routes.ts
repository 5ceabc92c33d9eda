import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, errorResponses, jsonBody, jsonResponse, signedIn } from "../../lib/openapi.ts";
import { ApiFailure } from "../../lib/result.ts";
import { requireUser } from "../../middleware/auth.ts";
import { AlertEvent, NotificationSettings, UpdateNotificationSettings } from "./alerts.schema.ts";
import { getNotificationSettings, listAlertEvents, updateNotificationSettings } from "./alerts.service.ts";

const tags = ["Watchlist alerts"];

const getSettings = createRoute({
  operationId: "getNotificationSettings",
  method: "get",
  path: "/",
  tags,
  security: signedIn,
  summary: "Where your watchlist alerts are delivered",
  middleware: [requireUser] as const,
  responses: { 200: jsonResponse(NotificationSettings, "Your settings"), ...errorResponses(401, 503) },
});

const putSettings = createRoute({
  operationId: "updateNotificationSettings",
  method: "put",
  path: "/",
  tags,
  security: signedIn,
  summary: "Turn alert emails on or off and set a webhook URL",
  description:
    'Webhooks receive a JSON POST signed with X-Signalboard-Signature: sha256=HMAC(secret, timestamp + "." + body), ' +
    "where timestamp is the X-Signalboard-Timestamp header.",
  middleware: [requireUser] as const,
  request: { body: jsonBody(UpdateNotificationSettings) },
  responses: { 200: jsonResponse(NotificationSettings, "Saved"), ...errorResponses(400, 401, 503) },
});

const events = createRoute({
  operationId: "listAlertEvents",
  method: "get",
  path: "/events",
  tags,
  security: signedIn,
  summary: "Your latest alert events and how their deliveries went",
  middleware: [requireUser] as const,
  responses: {
    200: jsonResponse(z.array(AlertEvent), "Newest first, 50 at most"),
    ...errorResponses(401, 503),
  },
});

export const alertRoutes = createRouter()
  .openapi(getSettings, async (c) =>
    c.json(await getNotificationSettings(c.get("deps"), c.get("user").id), 200),
  )
  .openapi(putSettings, async (c) => {
    const result = await updateNotificationSettings(c.get("deps"), c.get("user").id, c.req.valid("json"));
    if (!result.ok) throw ApiFailure.of(result);
    return c.json(result.value, 200);
  })
  .openapi(events, async (c) => c.json(await listAlertEvents(c.get("deps"), c.get("user").id), 200));
