import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "./context.ts";
import { ApiFailure } from "./result.ts";

export const ErrorSchema = z
  .object({
    message: z.string().openapi({ example: "Unauthorized: please sign in." }),
    code: z.string().openapi({
      example: "UNAUTHORIZED",
      description:
        "Stable machine code: VALIDATION_ERROR, BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, CONFLICT, RATE_LIMITED, ACCOUNT_INACTIVE, INTERNAL...",
    }),
  })
  .openapi("Error");

const errorDescriptions = {
  400: "Invalid input",
  401: "Unauthorized: not signed in, or the session or key is no longer valid (the message says which)",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Request body too large",
  429: "Too many requests; see Retry-After",
  503: "Unavailable right now (the database, the market data or a service this server does not have); see Retry-After when given",
} as const;

type ErrorStatus = keyof typeof errorDescriptions;

/** A response header's entry in the OpenAPI document (a type, not an interface: it must fit an index signature). */
type HeaderObject = {
  description: string;
  required?: boolean;
  schema: { type: "integer" | "string"; minimum?: number };
};

const integerHeader = (description: string, required = true): HeaderObject => ({
  description,
  required,
  schema: { type: "integer", minimum: 0 },
});

/** The answer to a conditional GET of a kept read whose copy the client holds (decision 088). */
export const notModifiedResponse = {
  304: {
    description: "Not modified: the ETag named in If-None-Match is still current (no body)",
    headers: {
      ETag: {
        description: "The answer's weak entity tag; send it back in If-None-Match",
        required: true,
        schema: { type: "string" },
      } satisfies HeaderObject,
    },
  },
} as const;

/** Sent with a list that is one page of more, or cut: how many items match in all. */
export const totalCountHeader = {
  "X-Total-Count": integerHeader("How many items match in all, on every page"),
} satisfies Record<string, HeaderObject>;

/** The rate-limit headers (IETF draft "RateLimit header fields for HTTP", separate fields) of a limited operation. */
export const rateLimitHeaders = {
  "RateLimit-Limit": integerHeader("Requests allowed in the current window"),
  "RateLimit-Remaining": integerHeader("Requests left in the current window"),
  "RateLimit-Reset": integerHeader("Seconds until the current window ends"),
} satisfies Record<string, HeaderObject>;

/** Set on answers that start a session: the HttpOnly session cookie. */
export const sessionCookieHeader = {
  "Set-Cookie": {
    description: "The session cookie `sb_session` (HttpOnly, SameSite=Lax, Secure over HTTPS)",
    schema: { type: "string" },
  },
} satisfies Record<string, HeaderObject>;

const retryAfter = (required: boolean) => ({
  "Retry-After": integerHeader("Seconds to wait before trying again", required),
});

const errorHeaders: Partial<Record<ErrorStatus, Record<string, HeaderObject>>> = {
  401: {
    "WWW-Authenticate": {
      description:
        'The Bearer challenge, e.g. `Bearer realm="signalboard"`; with `error="invalid_token"` when the API key or ' +
        "session token sent is not (or no longer) valid",
      required: true,
      schema: { type: "string" },
    },
  },
  429: { ...retryAfter(true), ...rateLimitHeaders },
  503: retryAfter(false),
};

/** OpenAPI response entries for the given error statuses, all with the one error shape and their headers. */
export function errorResponses<const S extends ErrorStatus>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      {
        description: errorDescriptions[s],
        ...(errorHeaders[s] ? { headers: errorHeaders[s] } : {}),
        content: { "application/json": { schema: ErrorSchema } },
      },
    ]),
  ) as unknown as {
    [K in S]: { description: string; content: { "application/json": { schema: typeof ErrorSchema } } };
  };
}

/** For operations that only redirect: any failure other than those declared, 500 `{ message }`. */
export const unexpectedErrorResponse = {
  default: {
    description: "An unexpected failure (500)",
    content: { "application/json": { schema: ErrorSchema } },
  },
} as const;

export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return { required: true, description, content: { "application/json": { schema } } } as const;
}

/** A JSON answer's entry; a schema given as a function is built when the document first reads it. */
export function jsonResponse<T extends z.ZodType>(schema: T | (() => T), description: string) {
  const content =
    typeof schema === "function"
      ? {
          get schema() {
            return schema();
          },
        }
      : { schema };
  return { description, content: { "application/json": content } } as {
    readonly description: string;
    readonly content: { readonly "application/json": { readonly schema: T } };
  };
}

/** Turns zod issues into one sentence a person can act on, e.g. "email: Invalid email address". */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
}

/** A router whose validation failures throw, for app.onError to answer 400 `{ message, code: "VALIDATION_ERROR", issues }`. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        throw new ApiFailure(400, {
          message: `Invalid input: ${describeIssues(result.error.issues)}`,
          code: "VALIDATION_ERROR",
          issues: result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        });
      }
    },
  });
}

/** Routes that need a signed-in caller (session cookie, session token or API key). */
export const signedIn: Record<string, string[]>[] = [{ Bearer: [] }, { Cookie: [] }];

/** Marks an operation as admin-only in the OpenAPI document (the API docs page reads it). */
export const adminOnly = { "x-admin-only": true } as const;
