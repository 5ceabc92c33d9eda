import type { Db } from "../../db/client.ts";
import { hasMarketData, type MarketPort } from "../lib/market-port.ts";
import { findSecurity, stockCount } from "./price-history.ts";

/**
 * Why a symbol is unknown, after the words every answer starts with: the demo market holds a fixed set of stocks
 * (Ford is not among them), a live provider did not find it. The one sentence the API says it in.
 */
export async function unknownSymbolMessage(market: MarketPort, db: Db, symbol: string): Promise<string> {
  const head = `Unknown symbol '${symbol}'`;
  // The engine refuses a stored symbol too: the benchmark index, or a stock with too little history to rank.
  if (symbol.startsWith("^")) return `${head}: an index, not a stock.`;
  if (await findSecurity(db, symbol)) return `${head}: too little price history to rank it.`;
  if (market.source === "demo") {
    const n = await stockCount(db);
    return `${head}: not among the ${n} demo ${n === 1 ? "stock" : "stocks"}.`;
  }
  if (hasMarketData(market)) return `${head}: not found by the market data provider.`;
  return `${head}: no market data for it.`;
}
