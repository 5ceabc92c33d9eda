/** A request to the libSQL server failed before it had an answer: refused, reset, unreachable or timed out. */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

/** How the embedded replica's native client reports a primary it cannot reach (it sets no error code). */
const REPLICA_UNREACHABLE = [/WriteDelegation\(status: Unavailable/, /PrimaryHandshakeTimeout/];

/** Gateways answer 502-504 for a libSQL server not there; sqld 429 at its 128 connections (busy, not failed). */
const UNAVAILABLE_STATUSES = new Set([429, 502, 503, 504]);

/** `fetch` for the libSQL HTTP client, with a deadline; no answer at all is a DatabaseUnavailableError. */
export function fetchWithDeadline(timeoutMs: number) {
  return async (input: Request | string, init?: RequestInit): Promise<Response> => {
    let response: Response;
    try {
      response = await fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new DatabaseUnavailableError(`libSQL server unreachable: ${String(error)}`, { cause: error });
    }
    if (UNAVAILABLE_STATUSES.has(response.status)) {
      throw new DatabaseUnavailableError(`libSQL server answered HTTP ${response.status}`);
    }
    return response;
  };
}

/** Whether an error (or a cause, e.g. of Drizzle's DrizzleQueryError) is a database not reached in time. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causesOf(error).some((e) => {
    const { name, message } = e as { name?: unknown; message?: unknown };
    return (
      name === "DatabaseUnavailableError" ||
      (typeof message === "string" && REPLICA_UNREACHABLE.some((pattern) => pattern.test(message)))
    );
  });
}

/** Whether an error (or a cause) is SQLITE_BUSY: another connection held the write lock too long; try later. */
export function isDatabaseBusy(error: unknown): boolean {
  return causesOf(error).some((e) => String((e as { code?: unknown }).code).startsWith("SQLITE_BUSY"));
}

/** Whether an error (or one of its causes) came from the database driver: a statement that failed. */
export function isDatabaseError(error: unknown): boolean {
  return causesOf(error).some((e) => {
    const { name, code } = e as { name?: unknown; code?: unknown };
    return (
      name === "LibsqlError" ||
      name === "SqliteError" ||
      (typeof code === "string" && code.startsWith("SQLITE_"))
    );
  });
}

/** The error and its causes, outermost first (Drizzle wraps the driver's error in `cause`). */
export function causesOf(error: unknown): object[] {
  const chain: object[] = [];
  for (let current = error; current && typeof current === "object" && chain.length < 8; ) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}
