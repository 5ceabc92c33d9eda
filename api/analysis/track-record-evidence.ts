// What scripts/track-record-evidence.ts measured (track-record-evidence.json, written by it): the seed's calling
// rule replayed on every walk-forward year and on the survivorship-free set, against the same-risk baseline. The
// performance answer serves it beside the simulated record (docs/decisions/111-simulated-evidence-with-its-discounts.md).
import evidence from "./track-record-evidence.json" with { type: "json" };

/** One replayed record: calls, how many beat the median, the rate and baseline, the difference and its interval. */
export interface ReplayedRecord {
  period: { from: string | null; to: string | null };
  dates: number;
  calls: number;
  beatMedian: number;
  rate: number | null;
  low: number | null;
  high: number | null;
  baseline: number | null;
  difference: number | null;
  differenceLow: number | null;
  differenceHigh: number | null;
}

export interface TrackRecordEvidence {
  /** The calling rule replayed, in words. */
  rule: string;
  /** The sentence saying the design was chosen on these years. */
  designChoice: string;
  horizonDays: number;
  intervalLag: number;
  /** The demo set, one row per walk-forward year. */
  years: Array<ReplayedRecord & { year: number }>;
  /** The survivorship-free set, with the demo set over the same dates beside it. */
  survivorshipFree: ReplayedRecord & { demoSameDates: ReplayedRecord };
}

export const TRACK_RECORD_EVIDENCE: TrackRecordEvidence = evidence;
