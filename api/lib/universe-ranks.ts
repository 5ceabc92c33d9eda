import type { Context } from "hono";
import type { Keep } from "./analysis-port.ts";
import { kept } from "./answer-cache.ts";
import type { AppEnv } from "./context.ts";

/** Dates whose scored universe is kept per market data version (each is a few hundred stocks' features). */
const UNIVERSE_DATES_KEPT = 2;

/**
 * At the route edge: where the engine keeps a date's scored universe, per market data version, one slot shared by
 * every route that ranks stocks (an analysis, the watchlist's model views), so the universe is scored once.
 */
export const keptUniverseRanks =
  <E extends AppEnv>(c: Context<E>): Keep =>
  (date, score) =>
    kept(c, "universe ranks", ["market"], date, score, UNIVERSE_DATES_KEPT);
