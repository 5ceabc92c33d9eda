import type { ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";

/** A non-OK answer as an Error whose message is `"<status>: <body>"`, or the status text when the body is empty. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "HttpError";
  }
}

/** Throws an HttpError for a non-OK response; otherwise answers it unchanged. */
export async function ensureOk<R extends Response>(res: R): Promise<R> {
  if (res.ok) return res;
  throw new HttpError(res.status, await res.text(), res.statusText);
}

/** The body type of the successful answers among an RPC call's possible responses. */
export type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, "json"> ? (S extends SuccessStatusCode ? T : never) : never;

/** Parses the JSON body of an OK response, typed from the route; HttpError for anything else. */
export async function okJson<R extends ClientResponse<unknown, number, "json">>(
  res: R,
): Promise<SuccessBody<R>> {
  if (!res.ok) throw new HttpError(res.status, await res.text(), res.statusText);
  return (await res.json()) as SuccessBody<R>;
}

/** Unauthorized: the message starts with 401 and contains Unauthorized (the server's 401 body says so). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("401") && error.message.includes("Unauthorized");
}

/** The server's `message` from an error body, if it sent one. */
export function serverMessage(error: unknown): string | null {
  if (error instanceof HttpError) {
    try {
      const parsed = JSON.parse(error.body) as { message?: unknown };
      if (typeof parsed.message === "string" && parsed.message) return parsed.message;
    } catch {
      return error.body || null;
    }
  }
  return null;
}
