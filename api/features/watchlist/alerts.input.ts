// The alert settings request's schema, shared by the API's validator and the watchlist's alert settings form: plain
// zod, no zod-to-openapi (docs/decisions/078-forms-validate-with-api-schemas.md).
import { z } from "zod";

export const UpdateNotificationSettings = z
  .object({
    emailAlerts: z.boolean({ error: "emailAlerts must be true or false." }),
    webhookUrl: z
      .string()
      .trim()
      .max(2000, "Webhook URL is 2000 characters at most.")
      .nullable()
      .transform((v) => (v ? v : null)),
  })
  .meta({ id: "UpdateNotificationSettings" });

export type UpdateNotificationSettings = z.infer<typeof UpdateNotificationSettings>;

/** Marks the caller's alerts up to and including this id as seen: one fired after the list was read stays unseen. */
export const MarkAlertsSeenInput = z
  .object({
    throughId: z
      .number({ error: "throughId must be an alert id." })
      .int("throughId must be a whole number.")
      .positive("throughId must be an alert id."),
  })
  .meta({ id: "MarkAlertsSeenInput" });
