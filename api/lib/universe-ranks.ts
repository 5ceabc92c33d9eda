import type { Context } from "hono";
import type { Keep } from "./analysis-port.ts";
import { keptStore } from "./kept-answer.ts";

/** Dates whose scored universe is kept per market data version (each is a few hundred stocks' features). */
const UNIVERSE_DATES_KEPT = 2;

/**
 * At the route edge: where the engine keeps a date's scored universe, per market data version, one slot shared by
 * every route that ranks stocks (an analysis, the watchlist's model views), so the universe is scored once.
 */
export const keptUniverseRanks = (c: Context): Keep =>
  keptStore(c, "universe ranks", ["market"], UNIVERSE_DATES_KEPT);
