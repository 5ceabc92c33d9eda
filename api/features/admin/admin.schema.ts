import { z } from "@hono/zod-openapi";
import { idParam } from "../../lib/validation.ts";

export const AdminUser = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    isAdmin: z.number().int().min(0).max(1).openapi({
      description: "1 admin, 0 not: a number, not a boolean, as the product spec fixes for this list",
    }),
    isActive: z.number().int().min(0).max(1).openapi({
      description: "1 active, 0 inactive: a number, not a boolean, as the product spec fixes for this list",
    }),
    sessionCount: z.number().int(),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("AdminUser", {
    description: "A user as the admin list shows it; isAdmin and isActive are 1 or 0 (the spec's shape)",
  });

export const SessionInfo = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    startTime: z.string().openapi({ format: "date-time" }),
    endTime: z.string().nullable().openapi({ format: "date-time" }),
    duration: z.number().int().nullable().openapi({ description: "Minutes; null while active" }),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    browser: z.string().nullable().openapi({
      description:
        "The browser and its major version read from userAgent, e.g. 'Chrome 131'; null if unknown",
    }),
    system: z.string().nullable().openapi({
      description: "The operating system read from userAgent, e.g. 'macOS'; null if unknown",
    }),
  })
  .openapi("Session");

export const UsersQuery = z.object({
  q: z
    .string()
    .trim()
    .max(254)
    .optional()
    .openapi({ description: "Part of an email address, a first or last name, or a full name" }),
  page: z.coerce.number().int().min(1, "page starts at 1.").default(1),
  pageSize: z.coerce.number().int().min(1).max(200, "pageSize is 200 at most.").default(50),
});

export const UserIdParam = z.object({
  id: idParam.openapi({ param: { name: "id", in: "path" }, example: 2 }),
});
export const StatusParam = z.object({
  userId: idParam.openapi({ param: { name: "userId", in: "path" }, example: 2 }),
});

export const SessionIdParam = z.object({
  id: idParam.openapi({ param: { name: "id", in: "path" }, example: 7 }),
});

export const RoleInput = z
  .object({
    isAdmin: z.boolean({ error: "isAdmin must be true or false." }),
  })
  .openapi("UserRoleInput");

export const PasswordResetAnswer = z
  .object({
    message: z.string(),
    temporaryPassword: z.string().openapi({
      description:
        "The user's new password, shown this once: the server keeps only its hash. Hand it over by a channel you trust.",
    }),
  })
  .openapi("AdminPasswordReset");

export const StatusInput = z
  .object({
    isActive: z.union([z.boolean(), z.literal(0), z.literal(1)], {
      error: "isActive must be true, false, 1 or 0.",
    }),
  })
  .openapi("UserStatusInput");

export const OutboxAnswer = z
  .object({
    enabled: z.boolean().openapi({
      description:
        "Whether this server keeps mail in the outbox: without a mail server, with the demo accounts (MAIL_OUTBOX)",
    }),
    messages: z.array(
      z.object({
        id: z.number().int(),
        to: z.string(),
        subject: z.string(),
        text: z.string(),
        createdAt: z.string().openapi({ format: "date-time" }),
      }),
    ),
  })
  .openapi("MailOutbox", {
    description: "The newest kept messages first (50 at most); none when not enabled",
  });
