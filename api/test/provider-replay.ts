import { join } from "node:path";
import { finnhubProvider } from "../market/providers/finnhub.ts";
import { yahooProvider } from "../market/providers/yahoo.ts";
import { startReplayServer } from "./replay-server.ts";

const fixtures = join(import.meta.dir, "fixtures");

/** Yahoo's recorded answers (and the two constructed ones) on a local replay server, and a client on it. */
export function yahooReplay(dir = join(fixtures, "yahoo")) {
  const server = startReplayServer({
    dir,
    unmatched: join(fixtures, "yahoo/constructed/unknown-symbol.json"),
    rateLimited: join(fixtures, "yahoo/constructed/rate-limited.json"),
  });
  return { server, provider: yahooProvider({ baseUrl: server.url, timeoutMs: 2000 }) };
}

/** Finnhub answers built from its documentation, on a local replay server, and a client on it. */
export function finnhubReplay(apiKey = "test-finnhub-key") {
  const server = startReplayServer({
    dir: join(fixtures, "finnhub"),
    unmatched: join(fixtures, "finnhub/profile2-NOSUCH.json"),
    rateLimited: join(fixtures, "finnhub/rate-limited.json"),
  });
  return { server, provider: finnhubProvider({ apiKey, baseUrl: `${server.url}/api/v1`, timeoutMs: 2000 }) };
}
