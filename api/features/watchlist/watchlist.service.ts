import { and, asc, count, eq } from "drizzle-orm";
import { watchlistItems } from "../../../db/schema/index.ts";
import type { Keep, ModelView } from "../../lib/analysis-port.ts";
import type { AppDeps } from "../../lib/context.ts";
import type { LatestPrice } from "../../lib/market-port.ts";
import { failure, type Result, success } from "../../lib/result.ts";
import { unknownSymbolMessage } from "../../market/unknown-symbol.ts";
import { changePercent, shouldAlert } from "./watchlist.rules.ts";
import {
  type AddWatchlistInput,
  MAX_WATCHLIST_ITEMS,
  type UpdateWatchlistInput,
  type WatchlistItem,
} from "./watchlist.schema.ts";

type Row = typeof watchlistItems.$inferSelect;

const NOT_FOUND = failure(404, "NOT_FOUND", "No such item in your watchlist.");
const toCents = (price: number | null | undefined) => (price == null ? null : Math.round(price * 100));
const fromCents = (cents: number | null) => (cents === null ? null : cents / 100);

function toItem(row: Row, quote: LatestPrice | undefined): WatchlistItem {
  const currentPrice = quote?.price ?? null;
  const purchase = fromCents(row.purchasePriceCents);
  const added = fromCents(row.addedPriceCents);
  const change = changePercent(currentPrice, purchase, added);
  return {
    id: row.id,
    symbol: row.symbol,
    purchasePrice: purchase,
    addedPrice: added,
    targetChangePercent: row.targetChangePercent,
    currentPrice,
    currentPriceAsOf: quote?.asOf ?? null,
    changePercent: change,
    shouldAlert: shouldAlert(change, row.targetChangePercent),
    addedAt: row.addedAt.toISOString(),
  };
}

/** Rows with their current prices from one batched lookup. */
export async function priceItems(deps: AppDeps, rows: Row[]): Promise<WatchlistItem[]> {
  const prices = rows.length
    ? await deps.market.latestPrices([...new Set(rows.map((r) => r.symbol))])
    : new Map();
  return rows.map((row) => toItem(row, prices.get(row.symbol)));
}

/** Calendar days of history in a watchlist sparkline: about three months. */
export const SPARKLINE_DAYS = 92;

/**
 * The user's items, oldest first, with current prices, a three-month sparkline and the model's current view each
 * (null without an analysis engine, or for a stock it cannot rank). `keep`: where the engine keeps the scored universe.
 */
export async function listWatchlist(deps: AppDeps, userId: number, keep?: Keep): Promise<WatchlistItem[]> {
  const rows = await deps.database.db
    .select()
    .from(watchlistItems)
    .where(eq(watchlistItems.userId, userId))
    .orderBy(asc(watchlistItems.addedAt), asc(watchlistItems.id));
  const symbols = [...new Set(rows.map((r) => r.symbol))];
  const [items, closes, views] = await Promise.all([
    priceItems(deps, rows),
    deps.market.closesSince(symbols, SPARKLINE_DAYS),
    deps.analysis && symbols.length
      ? deps.analysis.currentViews(symbols, keep)
      : new Map<string, ModelView>(),
  ]);
  return items.map((item) => ({
    ...item,
    sparkline: closes.get(item.symbol) ?? [],
    model: views.get(item.symbol) ?? null,
  }));
}

/** Adds a symbol the market knows, priced as of now; refused when unknown, already there, or the list is full. */
export async function addToWatchlist(
  deps: AppDeps,
  userId: number,
  input: AddWatchlistInput,
): Promise<Result<WatchlistItem, 404 | 409>> {
  const { db } = deps.database;
  if (!(await deps.market.isKnownSymbol(input.symbol)))
    return failure(404, "UNKNOWN_SYMBOL", await unknownSymbolMessage(deps.market, db, input.symbol));
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(watchlistItems)
    .where(eq(watchlistItems.userId, userId));
  if (n >= MAX_WATCHLIST_ITEMS)
    return failure(
      409,
      "FULL",
      `A watchlist holds ${MAX_WATCHLIST_ITEMS} symbols at most; remove one first.`,
    );
  const quote = (await deps.market.latestPrices([input.symbol])).get(input.symbol);
  const price = quote?.price ?? null;
  const [row] = await db
    .insert(watchlistItems)
    .values({
      userId,
      symbol: input.symbol,
      purchasePriceCents: toCents(input.purchasePrice),
      addedPriceCents: toCents(price),
      targetChangePercent: input.targetChangePercent,
      addedAt: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return failure(409, "DUPLICATE", `${input.symbol} is already in your watchlist.`);
  return success(toItem(row, quote));
}

/** Updates the purchase price and threshold of the caller's own item; 404 when it is not theirs. */
export async function updateWatchlistItem(
  deps: AppDeps,
  userId: number,
  id: number,
  input: UpdateWatchlistInput,
): Promise<Result<WatchlistItem, 404>> {
  const [row] = await deps.database.db
    .update(watchlistItems)
    .set({
      targetChangePercent: input.targetChangePercent,
      ...(input.purchasePrice !== undefined ? { purchasePriceCents: toCents(input.purchasePrice) } : {}),
    })
    .where(and(eq(watchlistItems.id, id), eq(watchlistItems.userId, userId)))
    .returning();
  if (!row) return NOT_FOUND;
  const [item] = await priceItems(deps, [row]);
  return success(item!);
}

/** Removes the caller's own item; 404 when it is not theirs (or does not exist). */
export async function removeWatchlistItem(
  deps: AppDeps,
  userId: number,
  id: number,
): Promise<Result<string, 404>> {
  const removed = await deps.database.db
    .delete(watchlistItems)
    .where(and(eq(watchlistItems.id, id), eq(watchlistItems.userId, userId)))
    .returning({ id: watchlistItems.id });
  return removed.length ? success("Removed from your watchlist.") : NOT_FOUND;
}
