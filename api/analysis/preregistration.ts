// The pre-registered test of live calls (docs/model/preregistration.md): the served live model's SHA-256, the one
// statistic and test, and the power calculation, as scripts/preregistration-power.ts computed them. Bundled like the
// earnings evidence, so a Worker serves it too.
import figures from "./preregistration.json" with { type: "json" };

export interface Preregistration {
  modelFile: string;
  modelVersion: string;
  sha256: string;
  statistic: string;
  test: string;
  horizonSessions: number;
  /** Weeks of weekly calls per non-overlapping scoring date (horizon / 5 sessions). */
  weeksPerDate: number;
  /** The first market day whose calls count: on or after the day the pre-registration was written. */
  firstDate: string;
  effect: number;
  alpha: number;
  power: number;
  measured: {
    from: string;
    to: string;
    dates: number;
    meanStocks: number;
    meanIc: number;
    sdIc: number;
    nonOverlapping: { dates: number; meanIc: number; sdIc: number; t: number };
  };
  datesNeededNormal: number;
  datesNeeded: number;
  weeksNeeded: number;
}

export const PREREGISTRATION = figures as Preregistration;
