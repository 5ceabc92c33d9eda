import { z } from "@hono/zod-openapi";

export {
  ChangePasswordInput,
  EmailVerificationConfirmInput,
  RegisterInput,
  ResetConfirmInput,
  ResetRequestInput,
  SignInInput,
} from "./auth.input.ts";

export const CurrentUser = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    isAdmin: z.boolean(),
    isActive: z
      .number()
      .int()
      .min(0)
      .max(1)
      .openapi({ description: "1 active, 0 inactive (a number, as the spec fixes)" }),
    apiKey: z.string().openapi({ description: "The caller's own API key, for Authorization: Bearer" }),
    apiKeyCreatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("CurrentUser");

export const SignInAnswer = z
  .object({
    message: z.string(),
    user: CurrentUser.extend({
      authToken: z.string().optional().openapi({ description: "Session token for Authorization: Bearer" }),
    }),
  })
  .openapi("SignInAnswer");

export const MessageAnswer = z.object({ message: z.string() }).openapi("Message");

export const ResetRequestAnswer = z
  .object({
    message: z.string(),
    delivery: z.enum(["email", "outbox"]).openapi({
      description:
        "Where a code goes: `email`, or `outbox` where the server sends no email and keeps mail for its admins " +
        "(the local demo: docs/decisions/084-local-mail-outbox.md). The same for every request.",
    }),
  })
  .openapi("ResetRequestAnswer");

export type CurrentUser = z.infer<typeof CurrentUser>;

export const RegenerateAnswer = z
  .object({
    regeneratedAt: z.string().openapi({ format: "date-time" }),
    apiKey: z.string().openapi({ description: "The new key; the old one no longer works" }),
  })
  .openapi("RegeneratedApiKey");

export const AccountSession = z
  .object({
    id: z.number().int(),
    current: z.boolean().openapi({ description: "The session this request came with" }),
    browser: z.string().nullable().openapi({
      description: "Browser and major version from the User-Agent, e.g. `Chrome 131`; null if unknown",
    }),
    system: z
      .string()
      .nullable()
      .openapi({ description: "Operating system from the User-Agent, e.g. `macOS`; null if unknown" }),
    ipAddress: z.string().nullable(),
    startTime: z.string().openapi({ format: "date-time" }),
    lastSeenAt: z.string().openapi({ format: "date-time", description: "Last request, to within a minute" }),
  })
  .openapi("AccountSession");
export type AccountSession = z.infer<typeof AccountSession>;

export const AccountSessions = z.array(AccountSession).openapi("AccountSessions");

export const SessionsEndedAnswer = z
  .object({
    message: z.string(),
    ended: z.number().int().openapi({ description: "How many other sessions were signed out" }),
  })
  .openapi("SessionsEnded");
