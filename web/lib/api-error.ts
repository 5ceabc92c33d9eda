import type { ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";

/**
 * The web's one error for a non-OK answer (docs/decisions/073-one-error-vocabulary.md): `status`, the server's
 * machine `code` (null when the body is not the API's `{ message, code }`), the server's `serverMessage`, and the
 * spec's message `"<status>: <body>"`, or the status text when the body is empty (spec section 8). Code that
 * decides anything reads `status` and `code`, never the message text.
 */
export class ApiError extends Error {
  readonly code: string | null;
  /** The server's `message`, or the body text when it is not JSON; null when the body is empty. */
  readonly serverMessage: string | null;
  /** The seconds the server's Retry-After asked to wait (a 429 or 503), or null when it named none. */
  readonly retryAfterSeconds: number | null;

  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
    retryAfter: string | null = null,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    const parsed = parseBody(body);
    this.code = parsed.code;
    this.serverMessage = parsed.message;
    this.retryAfterSeconds = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null;
  }

  /** The error for a response that is not OK, its body read. */
  static async of(res: { status: number; statusText: string; headers: Headers; text(): Promise<string> }) {
    return new ApiError(res.status, await res.text(), res.statusText, res.headers.get("retry-after"));
  }
}

function parseBody(body: string): { code: string | null; message: string | null } {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; code?: unknown } | null;
    return {
      code: typeof parsed?.code === "string" && parsed.code ? parsed.code : null,
      message: typeof parsed?.message === "string" && parsed.message ? parsed.message : null,
    };
  } catch {
    return { code: null, message: body || null };
  }
}

/** Throws an ApiError for a non-OK response; otherwise answers it unchanged. */
export async function ensureOk<R extends Response>(res: R): Promise<R> {
  if (res.ok) return res;
  throw await ApiError.of(res);
}

/** The body type of the successful answers among an RPC call's possible responses. */
export type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, "json"> ? (S extends SuccessStatusCode ? T : never) : never;

/** Parses the JSON body of an OK response, typed from the route; ApiError for anything else. */
export async function okJson<R extends ClientResponse<unknown, number, "json">>(
  res: R,
): Promise<SuccessBody<R>> {
  if (!res.ok) throw await ApiError.of(res);
  return (await res.json()) as SuccessBody<R>;
}

/**
 * Unauthorized (spec section 8): a 401 whose code is UNAUTHORIZED (every such body's message starts
 * "Unauthorized"), or a 401 with no API body at all. A 401 with another code, e.g. sign-in's INVALID_CREDENTIALS,
 * is the form's own failure, not a lost session.
 */
export function isUnauthorized(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    (error.code === "UNAUTHORIZED" || error.code === null)
  );
}

/** Whether the API refused with this machine code, e.g. `hasCode(error, "ACCOUNT_INACTIVE")`. */
export function hasCode(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.code === code;
}

/** The server's `message` from an error body, if it sent one. */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null;
}

/**
 * The request never got an answer (no connection, DNS, the server gone): fetch rejects with a TypeError, per the
 * Fetch standard. Unlike an ApiError, asking again a moment later may well succeed.
 */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}
