import pLimit from "p-limit";
import { generateForDate } from "../features/recommendations/generate.service.ts";
import { checkAlerts, deliverDueAlerts } from "../features/watchlist/alerts.service.ts";
import { addDays } from "../lib/calendar-days.ts";
import type { AppDeps } from "../lib/context.ts";
import { errorFields } from "../lib/logger.ts";
import { hasMarketData, newYorkDate } from "../lib/market-port.ts";
import { BENCHMARK } from "../market/benchmark.ts";
import { CACHE_RETENTION_MS, pruneMarketCache } from "../market/live-market.ts";
import { allSymbols, lastTradingDate } from "../market/price-history.ts";
import { type JobOutcome, runOnce } from "./job-runs.ts";
import { pruneAuthRecords } from "./prune.ts";

export interface Job {
  name: string;
  /** The period a run at `now` belongs to; one run per period. */
  period(now: Date, deps: AppDeps): string;
  run(deps: AppDeps): Promise<unknown>;
}

/** `YYYY-MM-DDTHH:MM` of the start of the `minutes`-long slot that holds `now` (UTC). */
export function slot(now: Date, minutes: number): string {
  const ms = minutes * 60_000;
  return new Date(Math.floor(now.getTime() / ms) * ms).toISOString().slice(0, 16);
}

/** New York's closing bell plus half an hour for the providers' daily bars to settle. */
const AFTER_CLOSE = "16:30";

/**
 * The calendar day whose session has closed: the demo market's frozen today, or for a live market today in New York
 * once it is past 16:30 there, else yesterday. The job then uses the last trading day on or before it.
 */
export function closedMarketDay(now: Date, deps: AppDeps): string | null {
  const market = deps.market;
  if (!hasMarketData(market)) return null;
  if (market.source === "demo") return market.marketToday();
  const today = newYorkDate({ now: () => now });
  const time = new Intl.DateTimeFormat("en-GB", {
    timeZone: "America/New_York",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(now);
  if (time >= AFTER_CLOSE) return today;
  return addDays(today, -1);
}

export const JOBS: Job[] = [
  {
    // Live markets: bring stored history and quotes of every tracked stock up to date before the other jobs.
    name: "refresh-market",
    period: (now) => slot(now, 15),
    run: async (deps) => {
      const market = deps.market;
      if (!hasMarketData(market) || market.source === "demo")
        return { skipped: "the demo market does not move" };
      const symbols = (await allSymbols(deps.database.db)).filter((s) => s !== BENCHMARK);
      // A few at a time: a universe of hundreds of symbols must not hit the provider in one burst.
      const refreshed = await pLimit(4).map([BENCHMARK, ...symbols], (symbol) =>
        market.prepareHistory([symbol]).then(
          () => true,
          () => false,
        ),
      );
      const prices = await market.latestPrices(symbols);
      const pruned = await pruneMarketCache(
        deps.database.db,
        new Date(deps.clock.now().getTime() - CACHE_RETENTION_MS),
      );
      return {
        symbols: symbols.length,
        historyFailed: refreshed.filter((ok) => !ok).length,
        priced: prices.size,
        pruned,
      };
    },
  },
  {
    // After the close: the engine's calls for the last closed session (idempotent per date as well).
    name: "generate-recommendations",
    period: (now, deps) => closedMarketDay(now, deps) ?? "no-market",
    run: async (deps) => {
      const day = closedMarketDay(deps.clock.now(), deps);
      const date = day ? await lastTradingDate(deps.database.db, day) : null;
      if (!date) return { skipped: "no market data" };
      return generateForDate(deps, date);
    },
  },
  {
    name: "check-alerts",
    period: (now) => slot(now, 15),
    run: async (deps) => ({ check: await checkAlerts(deps), delivery: await deliverDueAlerts(deps) }),
  },
  {
    // Rate-limit counters, old sessions and expired reset codes would otherwise grow without bound.
    name: "prune-auth-records",
    period: (now) => slot(now, 60),
    run: (deps) => pruneAuthRecords(deps),
  },
];

/**
 * Runs every job (or the named ones) whose current period has not run yet. A run is logged when it starts and when
 * it ends (info: job, period, duration and the job's counts; error when it failed); a period already done or
 * running elsewhere only at debug, since every process checks every minute.
 */
export async function runDueJobs(
  deps: AppDeps,
  names?: readonly string[],
): Promise<Record<string, JobOutcome>> {
  const outcomes: Record<string, JobOutcome> = {};
  const now = deps.clock.now();
  for (const job of JOBS) {
    if (names && !names.includes(job.name)) continue;
    const period = job.period(now, deps);
    let started = 0;
    try {
      const outcome = await runOnce(deps, job.name, period, () => {
        started = performance.now();
        deps.log("info", "Job started", { job: job.name, period });
        return job.run(deps);
      });
      if (outcome.ran) {
        deps.metrics?.jobRuns.inc({ job: job.name, outcome: "ok" });
        deps.log("info", "Job finished", {
          job: job.name,
          period,
          outcome: "ok",
          durationMs: elapsedMs(started),
          result: outcome.result,
        });
      } else deps.log("debug", "Job not due", { job: job.name, period, reason: outcome.reason });
      outcomes[job.name] = outcome;
    } catch (error) {
      deps.metrics?.jobRuns.inc({ job: job.name, outcome: "failed" });
      deps.log("error", "Job failed", {
        job: job.name,
        period,
        outcome: "failed",
        durationMs: started ? elapsedMs(started) : null,
        ...errorFields(error),
      });
      throw error;
    }
  }
  return outcomes;
}

const elapsedMs = (since: number) => Math.round(performance.now() - since);
