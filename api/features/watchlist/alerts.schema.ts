import { z } from "@hono/zod-openapi";
import { dollars } from "../../lib/answer-fields.ts";
import { idParam } from "../../lib/validation.ts";

export { MarkAlertsSeenInput, UpdateNotificationSettings } from "./alerts.input.ts";

export const NotificationSettings = z
  .object({
    emailAlerts: z.boolean(),
    webhookUrl: z.string().nullable(),
    webhookSecret: z.string().openapi({ description: "Verify X-Signalboard-Signature with it" }),
    emailAddress: z.string().openapi({ description: "Where alert emails go: the account's email" }),
    emailVerified: z.boolean().openapi({
      description:
        "Whether that address is proven by a mailed code (or a password reset, or a provider sign-up); alert " +
        "emails go only to a proven address. POST /api/auth/email-verification/request mails a code.",
    }),
  })
  .openapi("NotificationSettings");

export const AlertEvent = z
  .object({
    id: z.number().int(),
    symbol: z.string(),
    price: dollars("the price that set the alert off"),
    changePercent: z.number().openapi({ description: "Percent (10 is 10%): the move at that price" }),
    threshold: z
      .number()
      .openapi({ description: "Percent (10 is 10%): the item's targetChangePercent then" }),
    createdAt: z.string().openapi({ format: "date-time" }),
    deliveries: z.array(
      z.object({
        channel: z.enum(["email", "webhook"]),
        status: z.enum(["pending", "sent", "failed"]),
        attempts: z.number().int(),
        lastError: z.string().nullable(),
      }),
    ),
  })
  .openapi("AlertEvent");

/** A fired alert as the header's list shows it: what crossed, which way, at what price, against which threshold. */
export const FiredAlert = z
  .object({
    id: z.number().int(),
    symbol: z.string(),
    direction: z.enum(["up", "down"]).openapi({ description: "Which way the move crossed the threshold" }),
    price: dollars("the price that set the alert off"),
    changePercent: z.number().openapi({ description: "Percent (10 is 10%): the move at that price" }),
    threshold: z
      .number()
      .openapi({ description: "Percent (10 is 10%): the item's targetChangePercent when it fired" }),
    firedAt: z.string().openapi({ format: "date-time" }),
    seen: z.boolean(),
  })
  .openapi("FiredAlert");

export const AlertInbox = z
  .object({
    unseen: z.number().int().openapi({ description: "How many alerts not dismissed are not seen yet" }),
    alerts: z.array(FiredAlert).openapi({ description: "Not dismissed, newest first, 50 at most" }),
  })
  .openapi("AlertInbox");

export const AlertIdParam = z.object({
  id: idParam.openapi({ param: { name: "id", in: "path" }, example: 1 }),
});

export type AlertInbox = z.infer<typeof AlertInbox>;
export type NotificationSettings = z.infer<typeof NotificationSettings>;
