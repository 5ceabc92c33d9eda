import { z } from "@hono/zod-openapi";

export {
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
