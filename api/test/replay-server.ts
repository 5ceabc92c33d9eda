import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** One recorded exchange, in the format of yahoo-finance2's HTTP fixtures (which ours follow). */
interface Recorded {
  request: { url: string };
  response: { status: number; headers?: Record<string, string>; bodyJson?: unknown; bodyText?: string };
}

export type ReplayFault = "rate-limited" | "malformed" | null;

export interface ReplayServer {
  url: string;
  /** Every request received, as path and query. */
  calls: string[];
  /** The headers of every request received. */
  headers: Headers[];
  /** Answer every request with this fault until set back to null. */
  fault: ReplayFault;
  /** Milliseconds to wait before answering (to hold requests in flight). */
  delayMs: number;
  stop(): Promise<void>;
}

/** The part of a request that picks its recording: the path and the symbol asked about. */
function keyOf(url: URL): string {
  const symbol = url.searchParams.get("symbol") ?? url.searchParams.get("q");
  return symbol ? `${url.pathname}?${symbol}` : url.pathname;
}

function load(path: string): Recorded {
  return JSON.parse(readFileSync(path, "utf8")) as Recorded;
}

function toResponse({ response }: Recorded, truncate = false): Response {
  const text = response.bodyText ?? JSON.stringify(response.bodyJson);
  return new Response(truncate ? text.slice(0, Math.floor(text.length / 2)) : text, {
    status: response.status,
    headers: { "content-type": response.headers?.["content-type"] ?? "application/json" },
  });
}

/**
 * A local stand-in for a market-data service on 127.0.0.1: it answers each request with the recorded answer
 * for the same path and symbol from `dir`, `unmatched` (a recording) when there is none, and on demand the
 * service's rate-limit answer or a recorded answer cut in half (malformed).
 */
export function startReplayServer(options: {
  dir: string;
  unmatched: string;
  rateLimited: string;
}): ReplayServer {
  const recordings = new Map<string, Recorded>();
  for (const file of readdirSync(options.dir).filter((f) => f.endsWith(".json"))) {
    const recorded = load(join(options.dir, file));
    const key = keyOf(new URL(recorded.request.url));
    if (!recordings.has(key)) recordings.set(key, recorded);
  }
  const unmatched = load(options.unmatched);
  const rateLimited = load(options.rateLimited);
  const state: Omit<ReplayServer, "url" | "stop"> = { calls: [], headers: [], fault: null, delayMs: 0 };
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      state.calls.push(`${url.pathname}${url.search}`);
      state.headers.push(request.headers);
      if (state.delayMs) await Bun.sleep(state.delayMs);
      if (state.fault === "rate-limited") return toResponse(rateLimited);
      const recorded = recordings.get(keyOf(url)) ?? unmatched;
      return toResponse(recorded, state.fault === "malformed");
    },
  });
  return Object.assign(state, {
    url: `http://127.0.0.1:${server.port}`,
    stop: () => server.stop(true),
  });
}
