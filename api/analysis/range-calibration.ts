// Each stock's 80% range per volatility fifth, as scripts/evaluate-model.ts fitted it (range-calibration.json,
// written by it) and what it measured on the survivorship-free years held back from the fit
// (docs/decisions/121-ranges-fitted-per-volatility-fifth.md). Ten numbers: bundled like the model card.
import { wholePercent } from "../lib/format.ts";
import calibration from "./range-calibration.json" with { type: "json" };
import type { RangeBand } from "./ranker.ts";

/** The five bands, calmest volatility fifth first. */
export const RANGE_BANDS: readonly RangeBand[] = calibration.bands.map(({ low, high }) => ({ low, high }));

/** The years the coverage was measured on, e.g. "2016-2017". */
export const RANGE_HELD_BACK_YEARS = `${calibration.heldBack.from.slice(0, 4)}-${calibration.heldBack.to.slice(0, 4)}`;

/** Share of the held-back years' outcomes inside the ranges of a volatility fifth (1 calmest). */
export const heldBackCoverageOf = (fifth: number) => calibration.bands[fifth - 1]!.heldBackCoverage;

const heldBack = calibration.bands.map((b) => b.heldBackCoverage);
/** "75% to 78%": the least and the most any fifth's ranges held on the held-back years. */
export const HELD_BACK_COVERAGE_SPAN = `${wholePercent(Math.min(...heldBack))} to ${wholePercent(Math.max(...heldBack))}`;
