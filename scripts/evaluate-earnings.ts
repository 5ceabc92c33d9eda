// `bun scripts/evaluate-earnings.ts`: measures the earnings estimates and writes docs/earnings-model.md,
// api/analysis/earnings-evidence.json and api/analysis/earnings-model.json (deterministic: the same data give the
// same files; `--check` compares instead of writing). (1) Report days found from prices against every real report
// date the bundled data hold (data/earnings/). (2) The growth probability the calendar serves, computed by the
// calendar's own function, scored out of sample on the entries the demo calendar would have shown, against stating
// the universe's rate. (3) The target price against the price the day the entry was shown.

import { join } from "node:path";
import {
  type DailyBar,
  type DetectionAccuracy,
  detectionAccuracy,
  EARNINGS_FEATURES,
  earningsFeatures,
  GROWTH_HISTORY_DAYS,
  type GrowthHistory,
  growthHistoryAt,
  growthProbability,
  MARKET_RELATIVE_VOLUME,
  nextReportEstimate,
  OUTCOME_SESSIONS,
  PEAK_SESSIONS,
  RELATIVE_VOLUME,
  type RealReport,
  SHRINKAGE,
  TARGET_SHRINKAGE,
  TRAILING,
  targetPriceEstimate,
  universeReactions,
} from "../api/analysis/earnings-events.ts";
import {
  beatsBaseline,
  type EarningsEvidence,
  MARGIN_STANDARD_ERRORS,
} from "../api/analysis/earnings-evidence.ts";
import { type EarningsModel, earningsProbability } from "../api/analysis/earnings-model.ts";
import { fitLogistic, fitPlatt, standardisation } from "../api/analysis/fit.ts";
import { isMemberOn } from "../api/analysis/index-membership.ts";
import { growthOf, WINDOW_DAYS } from "../api/features/earnings/earnings.service.ts";
import { addDays } from "../api/lib/calendar-days.ts";
import { BENCHMARK } from "../api/market/benchmark.ts";
import { priceRows } from "../api/market/demo-import.ts";
import { readDemoMarketFiles } from "../api/runtime/demo-market-files.ts";
import { parseCli } from "./cli/args.ts";

const cli = parseCli({
  usage: `usage: bun scripts/evaluate-earnings.ts [--check]

Measures the estimated earnings dates, the growth probability and the target price, and rewrites
docs/earnings-model.md, api/analysis/earnings-evidence.json and api/analysis/earnings-model.json.
  --check   write nothing; exit 1 if any of those files differs from what the data give now`,
  options: { check: { type: "boolean" } },
});

const VALIDATION_START = "2016-01-01";
const TEST_START = "2022-01-01";
const dataDir = join(import.meta.dir, "../data/earnings");

const { pricesCsv } = await readDemoMarketFiles();
const series = new Map<string, DailyBar[]>();
for (const [symbol, date, open, , , close, , volume] of priceRows(pricesCsv)) {
  const bars = series.get(symbol!) ?? [];
  bars.push({ date: date!, open: +open!, close: +close!, volume: +volume! });
  series.set(symbol!, bars);
}
const sessions = (series.get(BENCHMARK) ?? []).map((b) => b.date);
series.delete(BENCHMARK);
const reactions = universeReactions(series);

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const pct2 = (x: number) => `${(x * 100).toFixed(2)}%`;
const ratio = (a: number, b: number) => `${a} of ${b}${b ? ` (${pct(a / b)})` : ""}`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const dayDiff = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

// The rule served until this measurement (2.5 times the 60-session median volume and a 2% opening gap, the
// stronger of two within 45 days), kept here only to show what changed.
function previousRule(bars: readonly DailyBar[]): string[] {
  const found: number[] = [];
  for (let i = TRAILING; i < bars.length; i++) {
    const typical = median(bars.slice(i - TRAILING, i).map((b) => b.volume));
    const gap = Math.abs(bars[i]!.open / bars[i - 1]!.close - 1);
    if (!(typical > 0 && bars[i]!.volume >= 2.5 * typical && gap >= 0.02)) continue;
    const last = found.at(-1);
    if (last !== undefined && dayDiff(bars[last]!.date, bars[i]!.date) < 45) {
      if (bars[i]!.volume > bars[last]!.volume) found[found.length - 1] = i;
    } else found.push(i);
  }
  return found.map((i) => bars[i]!.date);
}
const previous = new Map([...series].map(([symbol, bars]) => [symbol, previousRule(bars)]));
const current = new Map([...reactions].map(([symbol, list]) => [symbol, list.map((r) => r.date)]));

// 1. Structure of the detections: real companies report four times a year, near the same week each year.
function structure(detected: ReadonlyMap<string, string[]>) {
  const rates: number[] = [];
  let yearly = 0;
  let withYear = 0;
  for (const [symbol, dates] of detected) {
    const bars = series.get(symbol)!;
    const first = bars[TRAILING]?.date;
    const last = bars[bars.length - 1 - PEAK_SESSIONS]?.date;
    if (!first || !last) continue;
    rates.push(dates.length / (dayDiff(first, last) / 365.25));
    for (const d of dates.filter((d) => d >= addDays(first, 371))) {
      withYear++;
      if (dates.some((e) => e < d && Math.abs(dayDiff(e, d) - 364) <= 7)) yearly++;
    }
  }
  return {
    mean: rates.reduce((a, b) => a + b, 0) / rates.length,
    median: median(rates),
    yearly: ratio(yearly, withYear),
  };
}
const structureNow = structure(current);
const structureBefore = structure(previous);

// 2. Real report dates (data/earnings/, see data/README.md).
const ibmFile = (await Bun.file(join(dataDir, "ibm-alphavantage.json")).json()) as {
  quarterlyEarnings: Array<{ reportedDate: string }>;
};
const copied = (await Bun.file(join(dataDir, "report-dates.json")).json()) as {
  nasdaqLastYear: Array<{ symbol: string; lastYearRptDt: string }>;
  yahooCalendarEvents: Array<{
    symbol: string;
    earningsCallDate: string[];
    earningsDate: string[];
    isEarningsDateEstimate: boolean;
  }>;
  yahooSecFilings: Record<string, Array<[string, string]>>;
};

/** An earnings release is an 8-K; the last one filed up to 14 days before a 10-Q or 10-K is taken as it. */
function releasesFromFilings(filings: ReadonlyArray<[string, string]>): string[] {
  const eightKs = filings.filter(([, type]) => type === "8-K").map(([d]) => d);
  const releases = new Set<string>();
  for (const [date, type] of filings) {
    if (type !== "10-Q" && type !== "10-K") continue;
    const before = eightKs.filter((d) => d <= date && dayDiff(d, date) <= 14).sort();
    if (before.length) releases.add(before.at(-1)!);
  }
  return [...releases].sort();
}

interface Source {
  name: string;
  label: string;
  /** Every date of this kind in the file. */
  dates: number;
  reports: Map<string, RealReport[]>;
}
const inUniverse = (symbol: string) => series.has(symbol);
const bySymbol = (list: Array<{ symbol: string } & RealReport>) => {
  const out = new Map<string, RealReport[]>();
  for (const { symbol, ...r } of list.filter((x) => inUniverse(x.symbol)))
    out.set(symbol, [...(out.get(symbol) ?? []), r]);
  return out;
};
const yahooDates = copied.yahooCalendarEvents.flatMap((y) =>
  [...y.earningsCallDate, ...(y.isEarningsDateEstimate ? [] : y.earningsDate)]
    .filter((d, i, all) => all.indexOf(d) === i)
    .map((date) => ({ symbol: y.symbol, date, afterClose: false })),
);
const filingReleases = Object.entries(copied.yahooSecFilings).flatMap(([symbol, filings]) =>
  releasesFromFilings(filings).map((date) => ({ symbol, date, afterClose: false })),
);
const sources: Source[] = [
  {
    name: "IBM, Alpha Vantage earnings history (after the close)",
    label: "IBM",
    dates: ibmFile.quarterlyEarnings.length,
    reports: bySymbol(
      ibmFile.quarterlyEarnings.map((q) => ({ symbol: "IBM", date: q.reportedDate, afterClose: true })),
    ),
  },
  {
    name: "Nasdaq calendar, lastYearRptDt",
    label: "Nasdaq",
    dates: copied.nasdaqLastYear.length,
    reports: bySymbol(
      copied.nasdaqLastYear.map((n) => ({ symbol: n.symbol, date: n.lastYearRptDt, afterClose: false })),
    ),
  },
  {
    name: "Yahoo calendarEvents / earnings (past call, confirmed dates)",
    label: "Yahoo calendarEvents",
    dates: yahooDates.length,
    reports: bySymbol(yahooDates),
  },
  {
    name: "Yahoo secFilings: last 8-K up to 14 days before each 10-Q/10-K (derived)",
    label: "Yahoo secFilings",
    dates: filingReleases.length,
    reports: bySymbol(filingReleases),
  },
];

const zero: DetectionAccuracy = { reports: 0, found: 0, detections: 0, correct: 0 };
const add = (a: DetectionAccuracy, b: DetectionAccuracy): DetectionAccuracy => ({
  reports: a.reports + b.reports,
  found: a.found + b.found,
  detections: a.detections + b.detections,
  correct: a.correct + b.correct,
});
/** Real reports whose reaction day the year-ahead estimate (a reaction 364 days earlier) put within 7 days. */
function yearAhead(symbol: string, reports: readonly RealReport[], detectable: readonly string[]) {
  const dates = current.get(symbol) ?? [];
  let hit = 0;
  let of = 0;
  for (const r of reports) {
    const reaction = detectable.find((d) => (r.afterClose ? d > r.date : d >= r.date));
    if (!reaction || r.date < detectable[0]! || reaction < addDays(detectable[0]!, 371)) continue;
    of++;
    if (dates.some((d) => dayDiff(addDays(d, 364), reaction) <= 7)) hit++;
  }
  return { hit, of };
}
const rows = sources.map((source) => {
  let now = zero;
  let before = zero;
  const ahead = { hit: 0, of: 0 };
  for (const [symbol, reports] of source.reports) {
    const bars = series.get(symbol)!;
    // Reactions can be seen from 60 sessions in (trailing median) to PEAK_SESSIONS before the end (confirmation).
    const detectable = bars.slice(TRAILING, bars.length - PEAK_SESSIONS).map((b) => b.date);
    now = add(now, detectionAccuracy(detectable, current.get(symbol) ?? [], reports));
    before = add(before, detectionAccuracy(detectable, previous.get(symbol) ?? [], reports));
    const y = yearAhead(symbol, reports, detectable);
    ahead.hit += y.hit;
    ahead.of += y.of;
  }
  const inData = [...source.reports.values()].flat().length;
  return { source, now, before, ahead, inUniverse: inData };
});
const pooled = rows.reduce(
  (t, r) => ({
    now: add(t.now, r.now),
    before: add(t.before, r.before),
    ahead: { hit: t.ahead.hit + r.ahead.hit, of: t.ahead.of + r.ahead.of },
  }),
  { now: zero, before: zero, ahead: { hit: 0, of: 0 } },
);
const accuracyRow = (
  name: string,
  now: DetectionAccuracy,
  before: DetectionAccuracy,
  ahead: { hit: number; of: number },
) =>
  `| ${name} | ${now.reports} | ${ratio(now.found, now.reports)} | ${ratio(now.correct, now.detections)} | ${ratio(before.found, before.reports)} | ${ratio(before.correct, before.detections)} | ${ratio(ahead.hit, ahead.of)} |`;

// 3. Growth probability. The population: every entry the demo calendar would have shown, each scored once, on
// the first market day it appeared, against the close 5 sessions after its date and the close before it.
interface Entry {
  symbol: string;
  date: string;
  asOf: string;
  /** Date of the session whose close decides the outcome. */
  done: string;
  up: boolean;
  /** The stock's close on the day the entry was first shown (what the target price starts from). */
  today: number;
  /** Its close OUTCOME_SESSIONS sessions after the report: what the target price is for. */
  after: number;
}
const entries: Entry[] = [];
const shown = new Set<string>();
// Per stock, the run of its reactions known by the day and recent enough to have their year-later date after it
// (a year-later date is 364 days on, at most a few days more to the next session): the same answer as the whole
// known list, without rescanning ten years of reactions on every session. Sessions go forward, so runs only move on.
const runs = new Map([...reactions.keys()].map((symbol) => [symbol, { lo: 0, hi: 0 }]));
for (const asOf of sessions.filter((d) => d >= "2015-01-01")) {
  const recent = addDays(asOf, -372);
  for (const [symbol, list] of reactions) {
    const run = runs.get(symbol)!;
    while (run.hi < list.length && list[run.hi]!.known <= asOf) run.hi++;
    while (run.lo < run.hi && list[run.lo]!.date < recent) run.lo++;
    const next = nextReportEstimate(list.slice(run.lo, run.hi), asOf, WINDOW_DAYS);
    if (!next || shown.has(`${symbol} ${next.date}`)) continue;
    shown.add(`${symbol} ${next.date}`);
    const bars = series.get(symbol)!;
    const s = bars.findIndex((b) => b.date >= next.date);
    if (s < 1 || s + OUTCOME_SESSIONS >= bars.length) continue;
    // The calendar's price: the stock's last close on or before the market's day.
    const shownOn = bars.findLastIndex((b) => b.date <= asOf);
    if (shownOn < 0) continue;
    entries.push({
      symbol,
      date: next.date,
      asOf,
      done: bars[s + OUTCOME_SESSIONS]!.date,
      up: bars[s + OUTCOME_SESSIONS]!.close > bars[s - 1]!.close,
      today: bars[shownOn]!.close,
      after: bars[s + OUTCOME_SESSIONS]!.close,
    });
  }
}
const histories = new Map<string, GrowthHistory>();
const historyAt = (asOf: string, days = GROWTH_HISTORY_DAYS) => {
  const key = `${asOf} ${days}`;
  let h = histories.get(key);
  if (!h) {
    h = growthHistoryAt(reactions, asOf, days);
    histories.set(key, h);
  }
  return h;
};
const own = (e: Entry, days?: number) =>
  historyAt(e.asOf, days).perSymbol.get(e.symbol) ?? { n: 0, ups: 0, meanMove: 0 };
const rounded = (p: number) => Math.round(p * 100) / 100;

interface Scored {
  p: number;
  up: boolean;
}
const brierOf = (set: readonly Scored[]) =>
  set.reduce((a, s) => a + (s.p - (s.up ? 1 : 0)) ** 2, 0) / set.length;
function aucOf(set: readonly Scored[]) {
  const ups = set.filter((s) => s.up).map((s) => s.p);
  const downs = set.filter((s) => !s.up).map((s) => s.p);
  let wins = 0;
  for (const u of ups) for (const d of downs) wins += u > d ? 1 : u === d ? 0.5 : 0;
  return wins / (ups.length * downs.length || 1);
}
/** Mean and standard error of paired differences. */
function meanAndError(d: readonly number[]) {
  const mean = d.reduce((x, y) => x + y, 0) / d.length;
  const sd = Math.sqrt(d.reduce((x, y) => x + (y - mean) ** 2, 0) / (d.length - 1));
  return { mean, se: sd / Math.sqrt(d.length) };
}
/** Mean and standard error of the per-entry difference in squared error (a minus b). */
const brierDifference = (a: readonly Scored[], b: readonly Scored[]) =>
  meanAndError(a.map((s, i) => (s.p - (s.up ? 1 : 0)) ** 2 - (b[i]!.p - (s.up ? 1 : 0)) ** 2));

// The window and the shrinkage are chosen on 2016-2021 only: the shortest window whose best Brier score is within
// 0.0005 of the best of all (fewer years are cheaper to read, and a smaller difference is noise), then the
// shrinkage with the best score in that window. The committed constants must be that choice.
const validation = entries.filter((e) => e.date >= VALIDATION_START && e.done < TEST_START);
const WINDOWS = [3, 5, 10];
const KS = [8, 16, 32, 64, 128, 256];
const grid = WINDOWS.map((years) => ({
  years,
  scores: KS.map((k) =>
    brierOf(
      validation.map((e) => ({
        p: rounded(growthProbability(own(e, years * 365), historyAt(e.asOf, years * 365).baseRate, k)),
        up: e.up,
      })),
    ),
  ),
}));
const best = Math.min(...grid.flatMap((g) => g.scores));
const chosenWindow = grid.find((g) => Math.min(...g.scores) <= best + 0.0005)!;
const chosenK = KS[chosenWindow.scores.indexOf(Math.min(...chosenWindow.scores))]!;
if (chosenWindow.years * 365 !== GROWTH_HISTORY_DAYS || chosenK !== SHRINKAGE)
  throw new Error(
    `validation chooses ${chosenWindow.years} years and k = ${chosenK}; the committed constants say ` +
      `${GROWTH_HISTORY_DAYS} days and k = ${SHRINKAGE}: update api/analysis/earnings-events.ts`,
  );
const validationBase = brierOf(validation.map((e) => ({ p: rounded(historyAt(e.asOf).baseRate), up: e.up })));

const test = entries.filter((e) => e.date >= TEST_START);
// Exactly what the calendar serves: its own function on what was known the day the entry was first shown.
const served = test.map((e) => ({
  p: growthOf(historyAt(e.asOf), e.symbol).growthProbability / 100,
  up: e.up,
}));
const baseline = test.map((e) => ({ p: rounded(historyAt(e.asOf).baseRate), up: e.up }));
const before = test.map((e) => ({
  p: rounded(growthProbability(own(e, 3 * 365), historyAt(e.asOf, 3 * 365).baseRate, 8)),
  up: e.up,
}));
const rate = test.filter((e) => e.up).length / test.length;
const hindsight = test.map((e) => ({ p: rate, up: e.up }));
const versusBase = brierDifference(served, baseline);
const growthBeats = beatsBaseline(versusBase);
// The same on the entries whose stock was an index member the day it was shown (docs/decisions/065).
const memberIdx = test.flatMap((e, i) => (isMemberOn(e.symbol, e.asOf) ? [i] : []));
const memberServed = memberIdx.map((i) => served[i]!);
const memberBase = memberIdx.map((i) => baseline[i]!);
const memberVersus = brierDifference(memberServed, memberBase);

// 4. Target price: the calendar's own function on what was known the day each entry was first shown, against that
// day's price (the naive baseline), on the close OUTCOME_SESSIONS sessions after the report. Errors are fractions of
// the day's price, so stocks of every price pool.
const targets = test.map((e) => targetPriceEstimate(e.today, own(e)));
const targetErrors = test.map((e, i) => Math.abs(targets[i]! - e.after) / e.today);
const todayErrors = test.map((e) => Math.abs(e.today - e.after) / e.today);
const meanOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const versusToday = meanAndError(targetErrors.map((a, i) => a - todayErrors[i]!));
const targetBeats = beatsBaseline(versusToday);
const pointed = test.flatMap((e, i) =>
  targets[i] === e.today || e.after === e.today
    ? []
    : [Math.sign(targets[i]! - e.today) === Math.sign(e.after - e.today)],
);
const directionMatched = pointed.filter(Boolean).length / pointed.length;
const moved = test.filter((e) => e.after !== e.today);
const directionAlwaysUp = moved.filter((e) => e.after > e.today).length / moved.length;
const medianOf = (xs: readonly number[]) => median([...xs]);
const within = (xs: readonly number[], limit: number) => xs.filter((x) => x <= limit).length / xs.length;
const targetMoves = test.map((e, i) => Math.abs(targets[i]! / e.today - 1));

// The trained comparison: a regularised logistic regression on the same entries, trained on those finished by
// 2020, Platt-calibrated on 2021 (api/analysis/earnings-model.json, written here).
const benchCloses = new Map<string, number>();
for (const [symbol, date, , , , close] of priceRows(pricesCsv)) {
  if (symbol !== BENCHMARK) continue;
  benchCloses.set(date!, +close!);
}
const withFeatures = entries
  .map((e) => {
    const bars = series.get(e.symbol)!;
    let j = bars.findIndex((b) => b.date > e.asOf) - 1;
    if (j < 0) j = bars.length - 1;
    const h = historyAt(e.asOf);
    return { ...e, x: earningsFeatures(bars, j, own(e), h.baseRate, benchCloses) };
  })
  .filter((e): e is Entry & { x: number[] } => e.x !== null);
const trainSet = withFeatures.filter((e) => e.done <= "2020-12-31");
const calSet = withFeatures.filter((e) => e.date >= "2021-01-01" && e.done <= "2021-12-31");
const { mean, std } = standardisation(trainSet.map((e) => e.x));
const zs = (x: number[]) => x.map((v, j) => Math.max(-5, Math.min(5, (v - mean[j]!) / (std[j]! || 1))));
const fitted = fitLogistic(
  trainSet.map((e) => zs(e.x)),
  trainSet.map((e) => (e.up ? 1 : 0)),
  { l2: 1e-2, iterations: 400 },
);
const logit = (x: number[]) => zs(x).reduce((a, v, j) => a + fitted.weights[j]! * v, fitted.bias);
const platt = fitPlatt(
  calSet.map((e) => logit(e.x)),
  calSet.map((e) => (e.up ? 1 : 0)),
);
const round8 = (x: number) => Number(x.toPrecision(8));
const model: EarningsModel = {
  version: "earnings-logreg-2020-12-31",
  features: EARNINGS_FEATURES,
  mean: mean.map(round8),
  std: std.map(round8),
  weights: fitted.weights.map(round8),
  bias: round8(fitted.bias),
  platt: { a: round8(platt.a), b: round8(platt.b) },
};
/** The files this script writes, by path from the repository root, and what they must hold. */
const outputs = new Map<string, string>([
  ["api/analysis/earnings-model.json", `${JSON.stringify(model, null, 1)}\n`],
]);
const testWithFeatures = new Map(
  withFeatures.filter((e) => e.date >= TEST_START).map((e) => [`${e.symbol} ${e.date}`, e]),
);
const logistic = test
  .filter((e) => testWithFeatures.has(`${e.symbol} ${e.date}`))
  .map((e) => ({
    p: earningsProbability(testWithFeatures.get(`${e.symbol} ${e.date}`)!.x, model),
    up: e.up,
  }));

const bands = [
  ["below 50 (Low Confidence)", 0, 0.5],
  ["50-69 (Moderate)", 0.5, 0.7],
  ["70 and above (High Confidence)", 0.7, 1.01],
] as const;
const bandRows = bands.map(([label, lo, hi]) => {
  const inBand = served.filter((s) => s.p >= lo && s.p < hi);
  const stated = inBand.reduce((a, s) => a + s.p, 0) / (inBand.length || 1);
  const observed = inBand.filter((s) => s.up).length / (inBand.length || 1);
  return `| ${label} | ${inBand.length} | ${inBand.length ? pct(stated) : "-"} | ${inBand.length ? pct(observed) : "-"} |`;
});
const servedRange = served.map((s) => s.p);

// Why no pre-report number can do much: the outcome follows the reaction day's gap, unknown until then.
const testReactions = [...reactions.values()].flat().filter((r) => r.date >= TEST_START);
const afterGap = (sign: 1 | -1) => {
  const set = testReactions.filter((r) => Math.sign(r.gap) === sign);
  return ratio(set.filter((r) => r.move > 0).length, set.length);
};
// Entries whose outcome window ends before the last confirmed reactions, so "no reaction near" is known.
const judged = test.filter((e) => e.date <= addDays(sessions.at(-1 - PEAK_SESSIONS)!, -7));
const nearReaction = (maxDays: number) =>
  judged.filter((e) => (current.get(e.symbol) ?? []).some((d) => dayDiff(d, e.date) <= maxDays)).length /
  judged.length;

// How good the estimated dates are: sessions from each judged entry's estimated date to the stock's nearest detected
// reaction (the market's own sign of the report), counted in trading sessions.
const sessionIndex = new Map(sessions.map((d, i) => [d, i]));
const sessionOf = (date: string) => sessionIndex.get(date) ?? sessions.findIndex((d) => d >= date);
function sessionsToReaction(e: Entry) {
  const at = sessionOf(e.date);
  let nearest = Number.POSITIVE_INFINITY;
  for (const d of current.get(e.symbol) ?? []) nearest = Math.min(nearest, Math.abs(sessionOf(d) - at));
  return nearest;
}
const dateGaps = judged.map(sessionsToReaction);
const withinSessions = (n: number) => dateGaps.filter((g) => g <= n).length / dateGaps.length;

const lastSession = sessions.at(-1);
const signed = (x: number, digits = 4) => `${x >= 0 ? "+" : ""}${x.toFixed(digits)}`;
const doc = `# Earnings calendar: how the estimates measure up

Generated by \`bun scripts/evaluate-earnings.ts\` from the committed data; do not edit by hand.

The demo market has no calendar, so report days are estimated from prices. A session is a report reaction when
its volume is at least ${RELATIVE_VOLUME} times its ${TRAILING}-session median, at least ${MARKET_RELATIVE_VOLUME} times once divided by the
market's median relative volume that day (which removes index rebalances and half days), and the highest such
volume within ${PEAK_SESSIONS} sessions either side: the busiest session of its quarter. It counts from ${PEAK_SESSIONS} sessions later,
when that is confirmed. The next report is expected a year (364 days, the same weekday) after the reaction of
about a year earlier. These dates are marked **estimated** everywhere. EPS and revenue estimates do not exist in
the data and are shown as not available. The thresholds were chosen on IBM's 39 reports of 2004-2013, in the
price source's years before the demo market starts, and on how many detections per stock-year the universe had
before 2013-10; never on the dates below (docs/decisions/014-earnings-probability.md).

## Report days against every real date we hold

Prices: the demo market, ${sessions[0]} to ${lastSession}; a reaction can be seen from ${TRAILING} sessions in
to ${PEAK_SESSIONS} sessions before the end. A real report's reaction day is the first session on or after its date (the
next one after an after-close report); **recall** is the share of real reports with a detected reaction within
one session of it; **precision** the share of detections within 45 days of a real report that are within one
session of it (sources with a few dates say nothing about the rest of a series). Real dates:
\`data/earnings/ibm-alphavantage.json\` and \`data/earnings/report-dates.json\` (provenance in \`data/README.md\`).

| source | reports in our universe and prices | recall | precision | previous rule: recall | previous rule: precision | year-ahead estimate within 7 days |
|---|---|---|---|---|---|---|
${rows.map((r) => accuracyRow(r.source.name, r.now, r.before, r.ahead)).join("\n")}
${accuracyRow("**pooled**", pooled.now, pooled.before, pooled.ahead)}

Dates in the files, and of them for companies in our universe: ${rows.map((r) => `${r.source.label} ${r.source.dates}, ${r.inUniverse}`).join("; ")}.
The Nasdaq answers' last-year dates (mid-2023) fall inside our prices, but none of their companies is among our
209 stocks (Constellation Brands, the one S&P 500 member, is not in the price source). Yahoo's earningsHistory
module gives fiscal quarter ends, not report dates, and its call and report dates are from 2024-2025, after our
prices end.
The filing-derived dates are not report dates from a calendar: an 8-K followed within two weeks by a quarterly
filing is almost always the earnings release, but the rule is ours; read that row as a check across five
companies of 2022-2023, not as ground truth.

Detections per stock-year: ${structureNow.mean.toFixed(2)} (median ${structureNow.median.toFixed(2)}), against about 4 real reports; previous rule
${structureBefore.mean.toFixed(2)} (median ${structureBefore.median.toFixed(2)}). Detections with another 364±7 days earlier: ${structureNow.yearly} (previous
rule ${structureBefore.yearly}). The method cannot tell a pre-market from an after-hours report (time is shown as
'Time TBA').

## Estimated dates: how often they fall near the report

Each date the demo calendar would have shown from ${TEST_START} (one per stock and date: the population of the growth
probability below), against the stock's
nearest detected report reaction, counted in trading sessions. Scored up to ${judged.at(-1)?.date}, so that every reaction near a
date is confirmed by then: ${judged.length} dates.

| estimated date within | share of dates |
|---|---|
| 1 session of a detected reaction | ${pct(withinSessions(1))} |
| 7 sessions of a detected reaction | ${pct(withinSessions(7))} |

Calendar days give ${pct(nearReaction(1))} within 1 day and ${pct(nearReaction(7))} within 7 days. The rest are weeks where the year-earlier detection was no
report, the company moved its date, or the reaction was too small to detect (recall above is well under 100%, so a
date counted as missed may still be a report). The tab states these figures under its heading and marks each date
estimated; the answer carries them in \`measured.dates\`.

## Growth probability: what is served, measured out of sample

**What is served.** The chance that the close ${OUTCOME_SESSIONS} sessions after the report is above the close before it:
the stock's own past reactions that rose, shrunk toward the universe's rate,
(rose + ${SHRINKAGE} × universe rate) / (reactions + ${SHRINKAGE}), over the reactions of the last ${GROWTH_HISTORY_DAYS / 365} years known on the market's
day (confirmed and finished). Each entry also carries the counts behind it (\`reportsRose\` of \`reportsCounted\`,
counted since \`reportsSince\`) and the universe's rate. The number below is that function (the calendar's own
\`growthOf\`), called on what was known the day each entry was first shown.

**Population.** Every entry the demo calendar would have shown from ${TEST_START} to ${lastSession}: a stock whose
detected reaction of a year earlier, moved 364 days on, fell in the next 7 days; each scored once, on the first
market day it was shown, against the close ${OUTCOME_SESSIONS} sessions after the estimated date and the close before it.
Of these dates, ${pct(nearReaction(1))} had a detected reaction within a day and ${pct(nearReaction(7))} within 7 days (the others are
weeks where a year-earlier detection was no report, the company moved its date, or the reaction was too small to
detect); the outcome is scored either way, as the user would see it. A live
provider's real dates are not in this population: the calendar marks those entries (\`growthMeasured: false\`)
and says so on the card.

**Choice.** Window (${WINDOWS.join(", ")} years) and shrinkage (k = ${KS.join(", ")}) were chosen on the ${validation.length} entries of
${VALIDATION_START.slice(0, 4)}-${Number(TEST_START.slice(0, 4)) - 1} (rule in the script): ${grid.map((g) => `${g.years} years best ${Math.min(...g.scores).toFixed(4)}`).join(", ")}; base rate ${validationBase.toFixed(4)}.

| measure (${TEST_START} to ${lastSession}) | value |
|---|---|
| entries scored | ${test.length} |
| observed rate of a rise | ${pct(rate)} |
| Brier score, served (${GROWTH_HISTORY_DAYS / 365} years, k = ${SHRINKAGE}) | ${brierOf(served).toFixed(4)} |
| Brier score, the universe's rate known that day (base rate) | ${brierOf(baseline).toFixed(4)} |
| served minus base rate | ${signed(versusBase.mean)} (standard error ${versusBase.se.toFixed(4)}) |
| the same on the ${memberIdx.length} entries whose stock was an S&P 500 member that day | ${brierOf(memberServed).toFixed(4)} against ${brierOf(memberBase).toFixed(4)}: ${signed(memberVersus.mean)} (standard error ${memberVersus.se.toFixed(4)}) |
| AUC, served | ${aucOf(served).toFixed(3)} |
| Brier score, the previous shrinkage (3 years, k = 8) | ${brierOf(before).toFixed(4)} |
| Brier score, trained logistic model (${trainSet.length} training, ${calSet.length} calibration entries) | ${brierOf(logistic).toFixed(4)} |
| Brier score of always predicting the observed rate (known only afterwards) | ${brierOf(hindsight).toFixed(4)} |
| served probabilities, lowest to highest | ${pct(Math.min(...servedRange))} to ${pct(Math.max(...servedRange))} |

| band | entries | mean stated | observed |
|---|---|---|---|
${bandRows.join("\n")}

**Does it beat the base rate?** The rule (docs/decisions/071-earnings-counts-and-target.md): the served
probability beats stating the universe's rate only if its Brier score is lower by at least ${MARGIN_STANDARD_ERRORS} standard errors
of the paired difference (served minus base rate, entry by entry).
${
  growthBeats
    ? `It does: ${signed(versusBase.mean)} with a standard error of ${versusBase.se.toFixed(4)}. The calendar leads with the probability.`
    : `It does not: ${signed(versusBase.mean)} with a standard error of ${versusBase.se.toFixed(4)}; it would need to be below ${(-MARGIN_STANDARD_ERRORS * versusBase.se).toFixed(4)}.`
}
A stock's own history of post-report moves carries almost no information about the next one, so the number
stays near the universe's rate and 'High Confidence' (70 and above) is rare or absent. The reason is on the
reaction day itself: of the detected reactions since ${TEST_START}, ${afterGap(1)} rose after a gap up and ${afterGap(-1)} after a
gap down, and the gap is not known before the report.

**What the calendar shows, then.** ${
  growthBeats
    ? "The growth probability, with the counts behind it."
    : `The counts, in words, as the main figure ("Rose after 6 of its 11 reports since
Oct 28, 2020", reports being the detected reactions), with the growth probability beside them labelled as what it is: that record's share of rises
smoothed toward all stocks' rate. The field \`growthProbability\`, the growth filter and the spec's colours and labels
('High Confidence', 'Moderate', 'Low Confidence') stay; they grade the chance of a rise, and a low number says the
stock's record leans to falls, not that the estimate is unsure. The answer's \`measured\` block carries these figures
and the verdict.`
}

## Target price: measured against today's price

**What was served.** The close on the market's day moved by the stock's mean ${OUTCOME_SESSIONS}-session post-report move over
the same counted reactions, shrunk toward no move with ${TARGET_SHRINKAGE} pseudo-reactions: close × (1 + mean move × n / (n + ${TARGET_SHRINKAGE})),
for the close ${OUTCOME_SESSIONS} sessions after the report. **Baseline:** that day's close itself (no change). **Scored** on the same
${test.length} entries, against the close ${OUTCOME_SESSIONS} sessions after the estimated report date; errors are fractions of the day's
close so stocks of every price pool. The same rule: the target beats the baseline only if its mean absolute error is
lower by at least ${MARGIN_STANDARD_ERRORS} standard errors of the paired difference.

| measure (${TEST_START} to ${lastSession}) | target price | today's price (baseline) |
|---|---|---|
| entries scored | ${test.length} | ${test.length} |
| mean absolute error, % of the day's price | ${pct2(meanOf(targetErrors))} | ${pct2(meanOf(todayErrors))} |
| median absolute error | ${pct2(medianOf(targetErrors))} | ${pct2(medianOf(todayErrors))} |
| within 2% of the outcome | ${pct(within(targetErrors, 0.02))} | ${pct(within(todayErrors, 0.02))} |
| target minus baseline, mean absolute error | ${signed(versusToday.mean * 100, 3)} points (standard error ${(versusToday.se * 100).toFixed(3)}) | |
| direction matched (${pointed.length} targets away from the price and outcomes that moved) | ${pct(directionMatched)} | always "up": ${pct(directionAlwaysUp)} of ${moved.length} |
| the target's distance from the price, median | ${pct(medianOf(targetMoves))} | 0 |

${
  targetBeats
    ? `The target beats today's price by the margin: the calendar serves it with its measured error beside it.`
    : `The target does no better than today's price: it differs from it by a median ${pct(medianOf(targetMoves))}, far less
than the ${pct(meanOf(todayErrors))} the price moves on average by then, and points the right way ${pct(directionMatched)} of the time against
${pct(directionAlwaysUp)} for always saying "up". The calendar no longer presents it as a target: \`targetPrice\` is null and
\`targetPriceNote\` says why ("No target: our estimate did no better than today's price"), which the tab shows.`
}
`;
const round = (x: number, digits = 6) => Number(x.toFixed(digits));
const evidence: EarningsEvidence = {
  period: { from: TEST_START, to: lastSession! },
  dates: {
    entries: judged.length,
    to: judged.at(-1)?.date ?? TEST_START,
    withinOneSession: round(withinSessions(1)),
    withinSevenSessions: round(withinSessions(7)),
  },
  growth: {
    entries: test.length,
    brier: round(brierOf(served)),
    brierBaseRate: round(brierOf(baseline)),
    difference: round(versusBase.mean),
    standardError: round(versusBase.se),
    beatsBaseRate: growthBeats,
  },
  target: {
    entries: test.length,
    horizonSessions: OUTCOME_SESSIONS,
    meanAbsoluteError: round(meanOf(targetErrors)),
    meanAbsoluteErrorToday: round(meanOf(todayErrors)),
    difference: round(versusToday.mean),
    standardError: round(versusToday.se),
    directionMatched: round(directionMatched),
    directionAlwaysUp: round(directionAlwaysUp),
    beatsToday: targetBeats,
  },
};
outputs.set("api/analysis/earnings-evidence.json", `${JSON.stringify(evidence, null, 1)}\n`);
outputs.set("docs/earnings-model.md", doc);
const root = join(import.meta.dir, "..");
if (cli.values.check) {
  const stale: string[] = [];
  for (const [path, text] of outputs) {
    const file = Bun.file(join(root, path));
    if (!(await file.exists()) || (await file.text()) !== text) stale.push(path);
  }
  if (stale.length) {
    console.error(
      `differs from what the data give now: ${stale.join(", ")} (run bun scripts/evaluate-earnings.ts)`,
    );
    process.exit(1);
  }
} else {
  for (const [path, text] of outputs) await Bun.write(join(root, path), text);
}
console.log(
  `pooled recall ${pooled.now.found}/${pooled.now.reports}, precision ${pooled.now.correct}/${pooled.now.detections}; ` +
    `estimated dates within 1 / 7 sessions of a reaction ${pct(withinSessions(1))} / ${pct(withinSessions(7))} of ${judged.length}; ` +
    `growth probability Brier ${brierOf(served).toFixed(4)} vs base rate ${brierOf(baseline).toFixed(4)} on ${test.length} entries; ` +
    `target price mean absolute error ${pct(meanOf(targetErrors))} vs today's price ${pct(meanOf(todayErrors))}.`,
);
