// What a service answers when a request may fail in an expected way (docs/decisions/022).

/** Statuses of expected failures; each is documented with the one error shape by errorResponses (openapi.ts). */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 429 | 503;

/** An expected failure, ready for the route to answer as `c.json(failureBody(f), f.status)`. */
export interface Failure<S extends FailureStatus = FailureStatus> {
  ok: false;
  status: S;
  message: string;
  code: string;
}

export interface Success<T> {
  ok: true;
  value: T;
}

/** A service's answer: the value, or an expected failure whose status the route answers with. */
export type Result<T, S extends FailureStatus = FailureStatus> = Success<T> | Failure<S>;

export const success = <T>(value: T): Success<T> => ({ ok: true, value });

/** Success with nothing to say. */
export const done: Success<undefined> = { ok: true, value: undefined };

export function failure<const S extends FailureStatus>(status: S, code: string, message: string): Failure<S> {
  return { ok: false, status, message, code };
}

/** The body a route answers a failure with: the API's one error shape. */
export function failureBody(f: Failure): { message: string; code: string } {
  return { message: f.message, code: f.code };
}
