// Answers the runtime shells (api/server.ts, api/worker.ts) give outside the Hono app, in the app's error shape
// ({ message, code }), so no request ever gets a runtime's own error page. Runtime-agnostic.
import { errorFields } from "./logger.ts";

type Log = (level: "error", message: string, extra: Record<string, unknown>) => void;

export const MALFORMED_URL = {
  message: "Malformed URL: invalid percent-encoding.",
  code: "BAD_REQUEST",
} as const;

export function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=UTF-8", "cache-control": "no-store", ...headers },
  });
}

/**
 * 500 for an error that escaped the app (static files, the Worker's start-up): logged with a fresh request id,
 * answered with only that id, as `app.onError` does for the app's own errors.
 */
export function unexpectedErrorResponse(error: unknown, log: Log): Response {
  const requestId = crypto.randomUUID();
  log("error", "Unhandled error", { requestId, ...errorFields(error, { stack: true }) });
  return jsonResponse({ message: `Internal server error (request ${requestId}).`, code: "INTERNAL" }, 500, {
    "x-request-id": requestId,
  });
}
