import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "./context.ts";

export const ErrorSchema = z
  .object({
    message: z.string().openapi({ example: "Unauthorized: please sign in." }),
    code: z.string().optional().openapi({ example: "UNAUTHORIZED" }),
  })
  .openapi("Error");

const errorDescriptions = {
  400: "Invalid input",
  401: "Unauthorized: not signed in, or the session or key is no longer valid",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Request body too large",
  429: "Too many requests; see Retry-After",
  503: "Unavailable right now (the database, the market data or a service this server does not have); see Retry-After when given",
} as const;

type ErrorStatus = keyof typeof errorDescriptions;

/** OpenAPI response entries for the given error statuses, all with the one error shape. */
export function errorResponses<const S extends ErrorStatus>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: errorDescriptions[s], content: { "application/json": { schema: ErrorSchema } } },
    ]),
  ) as unknown as {
    [K in S]: { description: string; content: { "application/json": { schema: typeof ErrorSchema } } };
  };
}

export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return { required: true, description, content: { "application/json": { schema } } } as const;
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } } as const;
}

/** Turns zod issues into one sentence a person can act on, e.g. "email: Invalid email address". */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
}

/** A router whose validation failures answer 400 `{ message, code: "VALIDATION_ERROR", issues }`. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(
          {
            message: `Invalid input: ${describeIssues(result.error.issues)}`,
            code: "VALIDATION_ERROR",
            issues: result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
          },
          400,
        );
      }
    },
  });
}

/** Routes that need a signed-in caller (session cookie, session token or API key). */
export const signedIn: Record<string, string[]>[] = [{ Bearer: [] }, { Cookie: [] }];

/** Marks an operation as admin-only in the OpenAPI document (the API docs page reads it). */
export const adminOnly = { "x-admin-only": true } as const;
