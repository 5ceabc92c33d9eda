// The auth requests' schemas, shared by the API's validator and the web's forms: plain zod, no zod-to-openapi
// (docs/decisions/078-forms-validate-with-api-schemas.md).
import { z } from "zod";

const email = z
  .string({ error: "Email is required." })
  .trim()
  .toLowerCase()
  .min(1, "Email is required.")
  .max(254, "Email is too long.")
  .pipe(z.email({ error: "Enter a valid email address." }))
  .meta({ example: "investor@example.com" });

const password = z
  .string({ error: "Password is required." })
  .min(1, "Password is required.")
  .max(256, "Password is too long (256 characters at most).");

/** A password being set: the spec has no rule, so this is the app's one (8 to 256 characters). */
const newPassword = password.min(8, "Password must be at least 8 characters.");

/** A 6-digit code mailed to the account (`what`: reset, verification). */
const mailedCode = (what: string) =>
  z
    .string({ error: `The ${what} code is required.` })
    .trim()
    .regex(/^\d{6}$/, `The ${what} code is 6 digits.`);

const name = z.string().trim().max(100, "Names are 100 characters at most.");

export const SignInInput = z.object({ email, password }).meta({ id: "SignInInput" });

export const RegisterInput = z
  .object({
    email,
    password: newPassword,
    firstName: name.optional().nullable(),
    lastName: name.optional().nullable(),
  })
  .meta({ id: "RegisterInput" });

export type SignInInput = z.infer<typeof SignInInput>;
export type RegisterInput = z.infer<typeof RegisterInput>;

export const ResetRequestInput = z
  .object({
    email,
    fullName: z.string({ error: "Full name is required." }).trim().min(1, "Full name is required.").max(200),
  })
  .meta({ id: "PasswordResetRequest" });

export const ResetConfirmInput = z
  .object({
    email,
    code: mailedCode("reset"),
    newPassword,
    confirmPassword: z.string({ error: "Confirm the new password." }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  })
  .meta({ id: "PasswordResetConfirm" });

export const EmailVerificationConfirmInput = z
  .object({ code: mailedCode("verification") })
  .meta({ id: "EmailVerificationConfirm" });

export const ChangePasswordInput = z
  .object({
    currentPassword: z
      .string({ error: "Your current password is required." })
      .min(1, "Your current password is required.")
      .max(256, "Password is too long (256 characters at most)."),
    newPassword,
  })
  .meta({ id: "ChangePasswordInput" });

export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;
