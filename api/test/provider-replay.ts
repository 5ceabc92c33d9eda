import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BENCHMARK } from "../market/benchmark.ts";
import { barsUpTo } from "../market/price-history.ts";
import { finnhubProvider } from "../market/providers/finnhub.ts";
import { yahooProvider } from "../market/providers/yahoo.ts";
import { prepareDatabase } from "./harness.ts";
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

/**
 * A Yahoo replay server whose chart answers for `symbols` and the S&P 500 are Yahoo's recorded chart answer with
 * its bars (and its quote: the last close) replaced by the bundled real daily history up to 2023-10-27: enough
 * history for the engine, which the short recordings are not. Search answers stay the real recordings.
 */
export async function yahooReplayOfBundledHistory(symbols: string[], from = "2021-06-01") {
  const dir = mkdtempSync(join(tmpdir(), "yahoo-replay-"));
  const scratch = mkdtempSync(join(tmpdir(), "bundled-"));
  const database = await prepareDatabase(`file:${join(scratch, "market.db")}`, { symbols, from });
  const template = readFileSync(join(fixtures, "yahoo/chart-AAPL-2020-08-31-to-2020-11-07.json"), "utf8");
  for (const symbol of [...symbols, BENCHMARK]) {
    const recorded = JSON.parse(template);
    const bars = await barsUpTo(database.db, symbol, "2023-10-27");
    const result = recorded.response.bodyJson.chart.result[0];
    const timestamps = bars.map((b) => Date.parse(`${b.date}T14:30:00Z`) / 1000);
    Object.assign(result.meta, {
      symbol,
      regularMarketPrice: bars.at(-1)!.close,
      regularMarketTime: timestamps.at(-1)! + 6.5 * 3600,
    });
    result.timestamp = timestamps;
    result.indicators.quote = [
      {
        open: bars.map((b) => b.open),
        high: bars.map((b) => b.high),
        low: bars.map((b) => b.low),
        close: bars.map((b) => b.close),
        volume: bars.map((b) => b.volume),
      },
    ];
    result.indicators.adjclose = [{ adjclose: bars.map((b) => b.adjClose) }];
    recorded.request.url = `https://query2.finance.yahoo.com/v8/finance/chart/${encodeURIComponent(symbol)}`;
    writeFileSync(join(dir, `chart-${symbol}.json`), JSON.stringify(recorded));
  }
  database.client.close();
  rmSync(scratch, { recursive: true, force: true });
  writeFileSync(join(dir, "search-AAPL.json"), readFileSync(join(fixtures, "yahoo/search-AAPL.json")));
  const replay = yahooReplay(dir);
  return {
    ...replay,
    async stop() {
      await replay.server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
