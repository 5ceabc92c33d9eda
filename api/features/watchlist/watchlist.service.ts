import { and, asc, count, eq } from "drizzle-orm";
import { watchlistItems } from "../../../db/schema/index.ts";
import type { AppDeps } from "../../lib/context.ts";
import { type LatestPrice, marketWithoutData } from "../../lib/market-port.ts";
import { changePercent, shouldAlert } from "./watchlist.rules.ts";
import {
  type AddWatchlistInput,
  MAX_WATCHLIST_ITEMS,
  type UpdateWatchlistInput,
  type WatchlistItem,
} from "./watchlist.schema.ts";

type Row = typeof watchlistItems.$inferSelect;

const market = (deps: AppDeps) => deps.market ?? marketWithoutData(deps.clock);
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
    ? await market(deps).latestPrices([...new Set(rows.map((r) => r.symbol))])
    : new Map();
  return rows.map((row) => toItem(row, prices.get(row.symbol)));
}

/** Calendar days of history in a watchlist sparkline: about three months. */
export const SPARKLINE_DAYS = 92;

export async function listWatchlist(deps: AppDeps, userId: number): Promise<WatchlistItem[]> {
  const rows = await deps.database.db
    .select()
    .from(watchlistItems)
    .where(eq(watchlistItems.userId, userId))
    .orderBy(asc(watchlistItems.addedAt), asc(watchlistItems.id));
  const [items, closes] = await Promise.all([
    priceItems(deps, rows),
    market(deps).closesSince([...new Set(rows.map((r) => r.symbol))], SPARKLINE_DAYS),
  ]);
  return items.map((item) => ({ ...item, sparkline: closes.get(item.symbol) ?? [] }));
}

export type AddResult =
  | { kind: "added"; item: WatchlistItem }
  | { kind: "unknown-symbol" }
  | { kind: "duplicate" }
  | { kind: "full" };

export async function addToWatchlist(
  deps: AppDeps,
  userId: number,
  input: AddWatchlistInput,
): Promise<AddResult> {
  const { db } = deps.database;
  if (!(await market(deps).isKnownSymbol(input.symbol))) return { kind: "unknown-symbol" };
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(watchlistItems)
    .where(eq(watchlistItems.userId, userId));
  if (n >= MAX_WATCHLIST_ITEMS) return { kind: "full" };
  const quote = (await market(deps).latestPrices([input.symbol])).get(input.symbol);
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
  if (!row) return { kind: "duplicate" };
  return { kind: "added", item: toItem(row, quote) };
}

/** Updates the purchase price and threshold of the caller's own item; null when it is not theirs. */
export async function updateWatchlistItem(
  deps: AppDeps,
  userId: number,
  id: number,
  input: UpdateWatchlistInput,
): Promise<WatchlistItem | null> {
  const [row] = await deps.database.db
    .update(watchlistItems)
    .set({
      targetChangePercent: input.targetChangePercent,
      ...(input.purchasePrice !== undefined ? { purchasePriceCents: toCents(input.purchasePrice) } : {}),
    })
    .where(and(eq(watchlistItems.id, id), eq(watchlistItems.userId, userId)))
    .returning();
  if (!row) return null;
  const [item] = await priceItems(deps, [row]);
  return item ?? null;
}

/** Removes the caller's own item; false when it is not theirs (or does not exist). */
export async function removeWatchlistItem(deps: AppDeps, userId: number, id: number): Promise<boolean> {
  const removed = await deps.database.db
    .delete(watchlistItems)
    .where(and(eq(watchlistItems.id, id), eq(watchlistItems.userId, userId)))
    .returning({ id: watchlistItems.id });
  return removed.length > 0;
}
