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
  })
  .openapi("Session");

export const UsersQuery = z.object({
  q: z.string().trim().max(254).optional().openapi({ description: "Part of an email address" }),
  page: z.coerce.number().int().min(1, "page starts at 1.").default(1),
  pageSize: z.coerce.number().int().min(1).max(200, "pageSize is 200 at most.").default(50),
});

export const UserIdParam = z.object({
  id: idParam.openapi({ param: { name: "id", in: "path" }, example: 2 }),
});
export const StatusParam = z.object({
  userId: idParam.openapi({ param: { name: "userId", in: "path" }, example: 2 }),
});

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
