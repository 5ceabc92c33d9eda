import pLimit from "p-limit";
import type { z } from "zod";
import { ProviderError, type ProviderQuote } from "../provider.ts";

export interface HttpOptions {
  /** The provider's base URL (configurable, so tests and proxies can stand in for the real service). */
  baseUrl: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * GETs `path` from a provider and checks the answer against `schema`. Every way it can go wrong becomes a
 * ProviderError: 429 rate-limited, 404 unknown-symbol, other statuses and network errors unavailable, a body
 * that is not JSON or not the expected shape malformed.
 */
export async function getJson<T extends z.ZodType>(
  provider: string,
  options: HttpOptions,
  path: string,
  schema: T,
): Promise<z.infer<T>> {
  const url = `${options.baseUrl.replace(/\/$/, "")}${path}`;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      headers: { accept: "application/json", ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs ?? 8000),
    });
  } catch (error) {
    throw new ProviderError("unavailable", `${provider} could not be reached: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (response.status === 429) {
    throw new ProviderError("rate-limited", `${provider} rate limit reached; try again later.`, 429);
  }
  if (response.status === 404) {
    throw new ProviderError("unknown-symbol", `${provider} has no data for this symbol.`, 404);
  }
  if (!response.ok) {
    throw new ProviderError("unavailable", `${provider} answered ${response.status}.`, response.status);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProviderError("malformed", `${provider} answered something that is not JSON.`, response.status);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ProviderError("malformed", `${provider} answered in an unexpected shape.`, response.status);
  }
  return parsed.data;
}

/** Unix seconds to an ISO date in the exchange's time zone (daily bars are stamped at the session open). */
export function exchangeDate(unixSeconds: number, timeZone = "America/New_York"): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date(unixSeconds * 1000));
}

export function unixSeconds(date: string, endOfDay = false): number {
  return Math.floor(Date.parse(`${date}T${endOfDay ? "23:59:59" : "00:00:00"}Z`) / 1000);
}

/**
 * Quotes one symbol at a time (neither provider batches without extra handshakes): unknown symbols are left out;
 * one garbled answer loses only its symbol; a rate limit, or every symbol failing, fails the whole call so the
 * cache can serve what it has.
 */
export async function quoteEach(
  symbols: readonly string[],
  quote: (symbol: string) => Promise<ProviderQuote | null>,
): Promise<ProviderQuote[]> {
  const errors: ProviderError[] = [];
  const found = await pLimit(4).map(symbols, (symbol) =>
    quote(symbol).catch((error) => {
      if (!(error instanceof ProviderError)) throw error;
      if (error.kind !== "unknown-symbol") errors.push(error);
      return null;
    }),
  );
  const limited = errors.find((e) => e.kind === "rate-limited");
  if (limited || (errors.length && errors.length === symbols.length)) throw limited ?? errors[0];
  return found.filter((q): q is ProviderQuote => q !== null);
}
