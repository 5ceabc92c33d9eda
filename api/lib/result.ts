// What a service answers when a request may fail in an expected way (docs/decisions/022), and the one way a route
// or middleware refuses a request: throw an ApiFailure, which app.onError answers as `{ message, code }`
// (docs/decisions/073-one-error-vocabulary.md).
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Statuses of expected failures; each is documented with the one error shape by errorResponses (openapi.ts). */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 429 | 503;

/** An expected failure: the route throws it as `ApiFailure.of(f)`. */
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

/** The API's one error body: a sentence for people and a stable machine code, plus details some codes carry. */
export interface ErrorBody {
  message: string;
  code: string;
  [detail: string]: unknown;
}

/**
 * The one way an API request fails on purpose: thrown from a route, a middleware or the validator hook, answered by
 * app.onError (api/middleware/errors.ts) as `{ message, code, ...details }` with this status. Headers set on the
 * context before the throw (Retry-After, WWW-Authenticate) are kept.
 */
export class ApiFailure extends HTTPException {
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(status: ContentfulStatusCode, { message, code, ...details }: ErrorBody) {
    super(status, { message });
    this.name = "ApiFailure";
    this.code = code;
    this.details = details;
  }

  /** A service's expected failure, to throw. */
  static of(f: Failure): ApiFailure {
    return new ApiFailure(f.status, { message: f.message, code: f.code });
  }

  /** The body app.onError answers with. */
  body(): ErrorBody {
    return { ...this.details, message: this.message, code: this.code };
  }
}
