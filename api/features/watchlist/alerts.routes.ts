import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, errorResponses, jsonBody, jsonResponse, signedIn } from "../../lib/openapi.ts";
import { ApiFailure } from "../../lib/result.ts";
import { requireUser } from "../../middleware/auth.ts";
import { alertInbox, dismissAlert, markAlertsSeen } from "./alert-inbox.service.ts";
import {
  AlertEvent,
  AlertIdParam,
  AlertInbox,
  MarkAlertsSeenInput,
  NotificationSettings,
  UpdateNotificationSettings,
} from "./alerts.schema.ts";
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

const inbox = createRoute({
  operationId: "listFiredAlerts",
  method: "get",
  path: "/alerts",
  tags,
  security: signedIn,
  summary: "Your fired alerts not dismissed, newest first, and how many are unseen",
  middleware: [requireUser] as const,
  responses: { 200: jsonResponse(AlertInbox, "Your alerts"), ...errorResponses(401, 503) },
});

const markSeen = createRoute({
  operationId: "markAlertsSeen",
  method: "post",
  path: "/alerts/seen",
  tags,
  security: signedIn,
  summary: "Mark your alerts up to an id as seen",
  middleware: [requireUser] as const,
  request: { body: jsonBody(MarkAlertsSeenInput) },
  responses: { 200: jsonResponse(AlertInbox, "Your alerts"), ...errorResponses(400, 401, 503) },
});

const dismiss = createRoute({
  operationId: "dismissAlert",
  method: "delete",
  path: "/alerts/{id}",
  tags,
  security: signedIn,
  summary: "Dismiss one of your alerts from the list (its record and deliveries are kept)",
  middleware: [requireUser] as const,
  request: { params: AlertIdParam },
  responses: { 200: jsonResponse(AlertInbox, "Your alerts"), ...errorResponses(400, 401, 404, 503) },
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
  .openapi(events, async (c) => c.json(await listAlertEvents(c.get("deps"), c.get("user").id), 200))
  .openapi(inbox, async (c) => c.json(await alertInbox(c.get("deps"), c.get("user").id), 200))
  .openapi(markSeen, async (c) =>
    c.json(await markAlertsSeen(c.get("deps"), c.get("user").id, c.req.valid("json").throughId), 200),
  )
  .openapi(dismiss, async (c) => {
    const result = await dismissAlert(c.get("deps"), c.get("user").id, c.req.valid("param").id);
    if (!result.ok) throw ApiFailure.of(result);
    return c.json(result.value, 200);
  });
