import { eq, inArray, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client.ts";
import { dailyPrices, marketCache, quotes, securities } from "../../db/schema/index.ts";
import { addDays } from "../lib/calendar-days.ts";
import type { Clock } from "../lib/clock.ts";
import {
  type Headline,
  type LatestPrice,
  type MarketPort,
  MarketUnavailableError,
  newYorkDate,
  UnknownSymbolError,
} from "../lib/market-port.ts";
import { BENCHMARK } from "./benchmark.ts";
import { storedMarket } from "./demo-market.ts";
import { findSecurity, lastCloses } from "./price-history.ts";
import { type MarketDataProvider, ProviderError } from "./provider.ts";

/** How long each kind of provider answer is served from the database before it is asked again. */
export interface CacheLifetimes {
  quoteMs: number;
  historyMs: number;
  newsMs: number;
  profileMs: number;
  earningsMs: number;
}

export const DEFAULT_LIFETIMES: CacheLifetimes = {
  quoteMs: 60_000,
  historyMs: 6 * 3_600_000,
  newsMs: 30 * 60_000,
  profileMs: 7 * 86_400_000,
  earningsMs: 6 * 3_600_000,
};

/** Calendar days of daily history kept per symbol: enough for the 200-day average over a one-year chart. */
const HISTORY_DAYS = 3 * 365;
/** Headlines from this many days back count as recent. */
const NEWS_DAYS = 7;
/** After a rate-limit answer the provider is left alone this long (cached values are served meanwhile). */
const RATE_LIMIT_COOLDOWN_MS = 60_000;

export type LiveMarket = MarketPort & Required<Pick<MarketPort, "earnings">>;

type Log = (level: "info" | "warn" | "error", message: string, extra?: Record<string, unknown>) => void;

/** Cached provider answers not refreshed for this long are dropped (calendars of past weeks, old headlines). */
export const CACHE_RETENTION_MS = 30 * 86_400_000;

/** Deletes cached provider answers fetched before `before`; answers how many went. */
export async function pruneMarketCache(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(marketCache)
    .where(lt(marketCache.fetchedAt, before))
    .returning({ key: marketCache.key });
  return gone.length;
}

/**
 * A live provider behind a database cache. Every answer is stored with when it was fetched and served until it
 * is older than its lifetime; concurrent requests for the same thing share one provider call (per process; other
 * processes find the stored answer); when the provider fails the last stored answer is served with its own
 * time, and with nothing stored the caller learns the data is unavailable (prices are then simply absent).
 */
export function liveMarket(
  db: Db,
  provider: MarketDataProvider,
  clock: Clock,
  lifetimes: CacheLifetimes = DEFAULT_LIFETIMES,
  log: Log = () => {},
): LiveMarket {
  const inFlight = new Map<string, Promise<unknown>>();
  let coolDownUntil = 0;
  const today = () => newYorkDate(clock);
  const stored = storedMarket(db, today, { frozen: false });

  /** One provider call per key at a time; later callers wait for the same answer. */
  function coalesce<T>(key: string, load: () => Promise<T>): Promise<T> {
    const pending = inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const started = load().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  async function callProvider<T>(what: string, call: () => Promise<T>): Promise<T> {
    if (clock.now().getTime() < coolDownUntil) {
      throw new ProviderError(
        "rate-limited",
        `${provider.name} is rate-limited; waiting before asking again.`,
      );
    }
    try {
      return await call();
    } catch (error) {
      if (error instanceof ProviderError && error.kind === "rate-limited") {
        coolDownUntil = clock.now().getTime() + RATE_LIMIT_COOLDOWN_MS;
      }
      if (!(error instanceof ProviderError && error.kind === "unknown-symbol")) {
        log("warn", "Market data provider failed", { provider: provider.name, what, error: String(error) });
      }
      throw error;
    }
  }

  /** A JSON answer cached under `key` for `lifetimeMs`; stale when the provider fails, an error when none. */
  async function cached<T>(
    key: string,
    lifetimeMs: number,
    load: () => Promise<T>,
    /** How long "none" (null) is believed; a symbol unknown today may be listed tomorrow. */
    noneLifetimeMs = lifetimeMs,
  ): Promise<T> {
    const row = await db.query.marketCache.findFirst({ where: eq(marketCache.key, key) });
    const now = clock.now().getTime();
    // Answers are stored wrapped so that "none" (null) is cached like any other answer.
    const storedValue = () => (row!.payload as { value: T }).value;
    const lifetime = row && storedValue() === null ? noneLifetimeMs : lifetimeMs;
    if (row && now - row.fetchedAt.getTime() < lifetime) return storedValue();
    try {
      return await coalesce(key, async () => {
        const value = await callProvider(key, load);
        const payload = { value };
        await db
          .insert(marketCache)
          .values({ key, payload, fetchedAt: clock.now() })
          .onConflictDoUpdate({ target: marketCache.key, set: { payload, fetchedAt: clock.now() } });
        return value;
      });
    } catch (error) {
      if (row && !(error instanceof ProviderError && error.kind === "unknown-symbol")) return storedValue();
      throw error;
    }
  }

  /** The provider's failure as the market port's error: the symbol is unknown, or the data is unavailable. */
  function unavailable(error: unknown, symbol: string | null): never {
    if (symbol && error instanceof ProviderError && error.kind === "unknown-symbol") {
      throw new UnknownSymbolError(symbol, error.message);
    }
    throw new MarketUnavailableError(
      `Market data is unavailable right now (${error instanceof Error ? error.message : String(error)}).`,
    );
  }

  /** The company's name, sector and industry into `securities`; UnknownSymbolError when the provider has none. */
  async function ensureProfile(symbol: string): Promise<void> {
    const profile = await cached(
      `profile:${symbol}`,
      lifetimes.profileMs,
      async () => {
        const fetched = await provider.profile(symbol);
        // Stored when fetched, not on each read: a cached profile is already in `securities`.
        if (fetched) {
          const { name, sector, industry } = fetched;
          await db
            .insert(securities)
            .values({ symbol, name, sector, industry })
            .onConflictDoUpdate({ target: securities.symbol, set: { name, sector, industry } });
        }
        return fetched;
      },
      lifetimes.newsMs,
    ).catch((error) => unavailable(error, symbol));
    // The provider's search may miss a listed name (share classes are spelt BRK.B or BRK-B): one already
    // stored, from the bundled data or an earlier answer, stays known.
    if (!profile && !(await findSecurity(db, symbol))) throw new UnknownSymbolError(symbol);
  }

  /**
   * Replaces the symbol's stored bars with the provider's last three years. The whole window is fetched each
   * time rather than the newest days only: a split or dividend re-adjusts every earlier bar, so older bars on
   * another adjustment basis are dropped too.
   */
  async function refreshHistory(symbol: string): Promise<void> {
    const to = today();
    const from = addDays(to, -HISTORY_DAYS);
    await cached(`history:${symbol}`, lifetimes.historyMs, async () => {
      const bars = await provider.history(symbol, from, to);
      if (!bars.length) throw new ProviderError("unknown-symbol", `No daily history for ${symbol}.`);
      const rows = bars.map((b) => ({ symbol, ...b }));
      const inserts: BatchItem<"sqlite">[] = [];
      for (let i = 0; i < rows.length; i += 500)
        inserts.push(db.insert(dailyPrices).values(rows.slice(i, i + 500)));
      // One atomic batch: readers never see the symbol half-replaced.
      await db.batch([db.delete(dailyPrices).where(eq(dailyPrices.symbol, symbol)), ...inserts]);
      return { bars: bars.length, last: bars.at(-1)!.date };
    }).catch(async (error) => {
      // Stored bars from an earlier fetch still serve when the provider fails.
      const last = await lastCloses(db, [symbol], to);
      if (last.size && !(error instanceof ProviderError && error.kind === "unknown-symbol")) return;
      unavailable(error, symbol);
    });
  }

  async function fetchQuotes(symbols: string[]): Promise<Map<string, LatestPrice>> {
    const found = await callProvider("quotes", () => provider.quotes(symbols));
    if (found.length) {
      const fetchedAt = clock.now();
      // One statement for the whole batch; `excluded` is the row that would have been inserted.
      await db
        .insert(quotes)
        .values(found.map((q) => ({ ...q, fetchedAt, source: provider.name })))
        .onConflictDoUpdate({
          target: quotes.symbol,
          set: {
            price: sql`excluded.price`,
            previousClose: sql`excluded.previous_close`,
            asOf: sql`excluded.as_of`,
            fetchedAt: sql`excluded.fetched_at`,
            source: sql`excluded.source`,
          },
        });
    }
    return new Map(found.map((q) => [q.symbol, { price: q.price, asOf: q.asOf }]));
  }

  async function prepareHistory(symbols: readonly string[]): Promise<void> {
    await Promise.all(
      [...new Set(symbols)].map((symbol) =>
        coalesce(`prepare:${symbol}`, async () => {
          // The benchmark index is history only: it is not a company and not analysable.
          if (symbol !== BENCHMARK) await ensureProfile(symbol);
          await refreshHistory(symbol);
        }),
      ),
    );
  }
  /** Before reading stored bars: refresh them if due; whatever fails, what is stored is read. */
  const refreshed = (symbols: readonly string[]) => prepareHistory(symbols).catch(() => {});

  return {
    ...stored,
    source: provider.name,
    marketToday: today,
    prepareHistory,
    async closesSince(symbols, sinceDays) {
      await refreshed(symbols);
      return stored.closesSince(symbols, sinceDays);
    },
    async recentCloses(symbol, sessions) {
      await refreshed([symbol]);
      return stored.recentCloses(symbol, sessions);
    },
    async annualisedVolatility(symbol) {
      await refreshed([symbol]);
      return stored.annualisedVolatility(symbol);
    },

    async latestPrices(symbols) {
      const unique = [...new Set(symbols)];
      const out = new Map<string, LatestPrice>();
      if (!unique.length) return out;
      const rows = await db.select().from(quotes).where(inArray(quotes.symbol, unique));
      const storedQuotes = new Map(rows.map((r) => [r.symbol, r]));
      const now = clock.now().getTime();
      const stale: string[] = [];
      for (const symbol of unique) {
        const row = storedQuotes.get(symbol);
        if (row && now - row.fetchedAt.getTime() < lifetimes.quoteMs)
          out.set(symbol, { price: row.price, asOf: row.asOf });
        else stale.push(symbol);
      }
      if (!stale.length) return out;
      // Symbols already being fetched join that call; the rest go to the provider in one batch.
      const toFetch = stale.filter((s) => !inFlight.has(`quote:${s}`));
      if (toFetch.length) {
        const batch = fetchQuotes(toFetch);
        for (const s of toFetch)
          coalesce(`quote:${s}`, () => batch.then((m) => m.get(s) ?? null)).catch(() => {});
      }
      const answers = await Promise.all(
        stale.map((s) => (inFlight.get(`quote:${s}`) as Promise<LatestPrice | null>).catch(() => undefined)),
      );
      const missing: string[] = [];
      stale.forEach((symbol, i) => {
        const fresh = answers[i];
        const row = storedQuotes.get(symbol);
        if (fresh) out.set(symbol, fresh);
        // Provider failed: the last quote we had, with its own time.
        else if (fresh === undefined && row) out.set(symbol, { price: row.price, asOf: row.asOf });
        else missing.push(symbol);
      });
      // No quote at all: the last stored daily close, if the symbol's history was ever fetched.
      for (const [symbol, close] of await lastCloses(db, missing, today())) {
        out.set(symbol, { price: close.close, asOf: close.date });
      }
      return out;
    },

    async isKnownSymbol(symbol) {
      try {
        await ensureProfile(symbol);
        return true;
      } catch (error) {
        if (error instanceof UnknownSymbolError) return false;
        // Provider down: a symbol we stored before is still known.
        if (await stored.isKnownSymbol(symbol)) return true;
        throw error;
      }
    },

    async headlines(symbol): Promise<Headline[]> {
      const to = today();
      return cached(`news:${symbol}`, lifetimes.newsMs, () =>
        provider.news(symbol, addDays(to, -NEWS_DAYS), to),
      ).catch(() => []);
    },

    async earnings(from, to) {
      if (!provider.earnings) return null;
      const load = provider.earnings.bind(provider);
      return cached(`earnings:${from}:${to}`, lifetimes.earningsMs, () => load(from, to)).catch((error) =>
        unavailable(error, null),
      );
    },
  };
}
