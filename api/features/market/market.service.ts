import { SMA } from "trading-signals";
import { securities } from "../../../db/schema/index.ts";
import type { AppDeps } from "../../lib/context.ts";
import { hasMarketData, UnknownSymbolError } from "../../lib/market-port.ts";
import { failure, type Result, success } from "../../lib/result.ts";
import { BENCHMARK } from "../../market/benchmark.ts";
import { barsUpTo, findSecurity } from "../../market/price-history.ts";
import { unknownSymbolMessage } from "../../market/unknown-symbol.ts";
import { searchable } from "./symbol-ranking.ts";

/** Sessions answered: one year shown, plus the 200 before it so the 200-day average covers the whole year. */
const SHOWN = 252;

export interface PriceHistory {
  symbol: string;
  asOf: string;
  points: Array<{ date: string; close: number; sma50: number | null; sma200: number | null }>;
}

/** Where market data comes from and the market's today (null without market data). */
export function marketStatus(deps: AppDeps) {
  const market = deps.market;
  const configured = hasMarketData(market);
  return {
    source: market.source,
    demo: market.source === "demo",
    asOf: configured ? market.marketToday() : null,
  };
}

/**
 * The last year of daily closes of a symbol with its 50- and 200-day averages, as of the market's today; 404 when
 * the market has no history for it.
 */
export async function priceHistory(deps: AppDeps, symbol: string): Promise<Result<PriceHistory, 404>> {
  const unknown = async () =>
    failure(404, "UNKNOWN_SYMBOL", await unknownSymbolMessage(deps.market, deps.database.db, symbol));
  if (!hasMarketData(deps.market)) return unknown();
  const asOf = deps.market.marketToday();
  // Live markets fetch the history now (or serve it from the cache). A symbol the provider no longer lists may
  // still have stored history to show, so its refusal here is not the answer: the stored security decides.
  await deps.market.prepareHistory([symbol]).catch((error: unknown) => {
    if (!(error instanceof UnknownSymbolError)) throw error;
  });
  if (!(await findSecurity(deps.database.db, symbol))) return unknown();
  const bars = await barsUpTo(deps.database.db, symbol, asOf, SHOWN + 200);
  const sma50 = new SMA(50);
  const sma200 = new SMA(200);
  const points = bars.map((b) => ({
    date: b.date,
    close: b.close,
    // Averages of the split-adjusted close, so they sit on the same scale as the price line.
    sma50: sma50.add(b.close),
    sma200: sma200.add(b.close),
  }));
  return success({ symbol, asOf, points: points.slice(-SHOWN) });
}

/**
 * The securities a symbol search looks through, prepared for ranking (symbol-ranking.ts); the benchmark index is
 * left out, since nothing that takes a symbol accepts it as a stock (decision 042).
 */
export async function searchableSymbols(deps: AppDeps) {
  const rows = await deps.database.db
    .select({ symbol: securities.symbol, name: securities.name })
    .from(securities);
  return searchable(rows.filter((s) => s.symbol !== BENCHMARK));
}
