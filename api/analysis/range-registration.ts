// The pre-registered check of the ranges on live calls (docs/model/preregistration-ranges.md, decision 140): which
// files it checks, its dates, target and how many dates it needs. Fixed before any live range was scored;
// range-registration.test.ts holds the document, the files' hashes and the arithmetic to these figures.

export const RANGE_REGISTRATION = {
  document: "docs/model/preregistration-ranges.md",
  calibrationFile: "api/analysis/range-calibration.json",
  calibrationSha256: "89e3b7cbb51ca2be9c1be0e849ba4582bff600e53ecf7611f48e4dc87790c3e7",
  modelFile: "api/analysis/models/ranker-live.json",
  modelVersion: "xgb-rank-h60-live",
  modelSha256: "259ef9fc2c71bce8b8e4103a7d8167d72f404ad556d9bee304ee19ae4db725b3",
  /** The first market day on or after this date, then every `horizonSessions`th session (non-overlapping). */
  firstDate: "2026-11-30",
  horizonSessions: 60,
  /** Share of outcomes inside the range a fifth's mean per-date coverage must fall within. */
  target: { low: 0.77, high: 0.83 },
  /** Per-date SD of a fifth's coverage, from the model card's held-back intervals (the widest fifth). */
  perDateSd: 0.0822,
  /** Non-overlapping 60-session windows the held-back intervals stand for. */
  heldBackWindows: 8,
  /** The 95% t-interval's half-width the sample is sized for, and the dates that gives. */
  confidence: 0.95,
  halfWidth: 0.03,
  datesNeeded: 32,
};

export type RangeRegistration = typeof RANGE_REGISTRATION;
