import { z } from "@hono/zod-openapi";

const email = z
  .string({ error: "Email is required." })
  .trim()
  .toLowerCase()
  .max(254, "Email is too long.")
  .pipe(z.email({ error: "Enter a valid email address." }))
  .openapi({ example: "investor@example.com" });

const password = z
  .string({ error: "Password is required." })
  .min(1, "Password is required.")
  .max(256, "Password is too long (256 characters at most).");

const name = z.string().trim().max(100, "Names are 100 characters at most.");

export const SignInInput = z.object({ email, password }).openapi("SignInInput");

export const RegisterInput = z
  .object({
    email,
    password: password.min(8, "Password must be at least 8 characters."),
    firstName: name.optional().nullable(),
    lastName: name.optional().nullable(),
  })
  .openapi("RegisterInput");

export const CurrentUser = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    isAdmin: z.boolean(),
    isActive: z.number().int().openapi({ description: "1 active, 0 inactive" }),
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

export type SignInInput = z.infer<typeof SignInInput>;
export type RegisterInput = z.infer<typeof RegisterInput>;
export type CurrentUser = z.infer<typeof CurrentUser>;

export const RegenerateAnswer = z
  .object({
    regeneratedAt: z.string().openapi({ format: "date-time" }),
    apiKey: z.string().openapi({ description: "The new key; the old one no longer works" }),
  })
  .openapi("RegeneratedApiKey");

export const ResetRequestInput = z
  .object({
    email,
    fullName: z.string({ error: "Full name is required." }).trim().min(1, "Full name is required.").max(200),
  })
  .openapi("PasswordResetRequest");

export const ResetConfirmInput = z
  .object({
    email,
    code: z
      .string({ error: "The reset code is required." })
      .trim()
      .regex(/^\d{6}$/, "The reset code is 6 digits."),
    newPassword: password.min(8, "Password must be at least 8 characters."),
    confirmPassword: z.string({ error: "Confirm the new password." }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  })
  .openapi("PasswordResetConfirm");
