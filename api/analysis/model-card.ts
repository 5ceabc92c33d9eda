// The model card (docs/model-card.json, written by scripts/evaluate-model.ts from the committed models), bundled
// like the models themselves: what the serving code and the performance answer say about the model's evidence.
import card from "../../docs/model-card.json" with { type: "json" };

/**
 * Whether the demo set's out-of-sample decile spread clears the Bonferroni hurdle for every design tried and the
 * survivorship-free set confirms it: only then may a probability be shown as evidence of an edge (docs/model-card.md).
 */
export const EDGE_SIGNIFICANT = card.edgeSignificant === true;

const figures = (f: {
  samples: number;
  dates: number;
  baseRate: number;
  auc: number;
  brier: number;
  brierBase: number;
  decileSpread: {
    annualised: number;
    tNeweyWest: number;
    tHansenHodrick: number;
    tConservative: number;
    lag: number;
    dates: number;
  };
}) => ({
  samples: f.samples,
  dates: f.dates,
  baseRate: f.baseRate,
  auc: f.auc,
  brier: f.brier,
  brierBase: f.brierBase,
  decileSpread: f.decileSpread,
});

/**
 * The card's summary the performance answer serves under `model` (ModelCardSummary): point-in-time figures of the
 * demo set, the survivorship-free set beside the demo set over the same dates, the designs tried and their hurdle,
 * calibration by year, each stock's interval coverage by volatility fifth (over every demo date, and on the
 * survivorship-free dates held back from the range's fit), and the survivorship left.
 */
export const MODEL_CARD = {
  protocol: card.protocol,
  period: card.period,
  horizonDays: card.horizonDays,
  designsTried: card.designsTried,
  hurdleT: card.hurdleT,
  edgeSignificant: EDGE_SIGNIFICANT,
  edgeRule: card.edgeRule,
  clearsHurdleOnDemo: card.clearsHurdleOnDemo,
  confirmationT: card.confirmationT,
  confirmedSurvivorshipFree: card.confirmedSurvivorshipFree,
  ...figures(card),
  survivorshipFree: {
    period: card.survivorshipFree.period,
    ...figures(card.survivorshipFree),
    demoSameDates: figures(card.survivorshipFree.demoSameDates),
  },
  recent: { fromYear: card.recent.fromYear, toYear: card.recent.toYear, ...figures(card.recent) },
  calibrationByYear: card.calibrationByYear,
  intervalCoverageByVolatility: card.intervalCoverageByVolatility,
  rangeCoverageHeldBack: {
    period: { from: card.ranges.heldBack.from, to: card.ranges.heldBack.to },
    target: card.ranges.target,
    targetMet: card.ranges.targetMet,
    byVolatility: card.ranges.byVolatility.map(({ fifth, n, coverage, below, above }) => ({
      fifth,
      n,
      coverage,
      below,
      above,
    })),
  },
  spreadWithinVolatilityFifths: card.spreadWithinVolatilityFifths,
  topDecileBeatRate: card.topDecileBeatRate,
  // A random member stock-date beats the median at the base rate: the baseline of both deciles' rates.
  topDecileBeatRateBaseline: card.baseRate,
  bottomDecileBeatRate: card.bottomDecileBeatRate,
  bottomDecileBeatRateBaseline: card.baseRate,
  effects: card.effects,
  designs: card.designs,
  survivorshipLeft: card.survivorshipLeft,
};
