// `bun scripts/check-model-card.ts`: the audit of the model card from its export alone. Reads
// docs/model/walk-forward.csv.gz (set,date,symbol,probability,decile) and the prices (demo: data/history/ and
// data/market/; survivorship-free: data/survivorship-free/), recomputes each row's outcome (the stock's total return
// over the horizon beats the median of that date's exported stocks; a stock that stopped trading inside the horizon:
// its return to its last close), then AUC, Brier, the base rate's Brier, the decile spread and its Newey-West t, and
// fails when any differs from docs/model-card.json beyond the audit's tolerances or when an exported stock-date is
// not an index member that day. Uses none of the model code: only the prices, the membership and the metrics.
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { isMemberOn } from "../api/analysis/index-membership.ts";
import card from "../docs/model-card.json" with { type: "json" };
import { parseCli } from "./cli/args.ts";
import { headlineFigures, type ScoredRow } from "./model/metrics.ts";

parseCli({
  usage: `usage: bun scripts/check-model-card.ts

Recomputes the model card's AUC, Brier, spread and t from docs/model/walk-forward.csv.gz and the prices alone, and
checks every exported stock-date was an index member that day. Exits non-zero on any difference beyond the
tolerances (AUC 0.003, Brier 0.0005, spread 1.5 points, t 0.5). Takes no arguments.`,
});

const TOLERANCE = {
  auc: 0.003,
  brier: 0.0005,
  brierBase: 0.0005,
  annualised: 0.015,
  tNeweyWest: 0.5,
  tHansenHodrick: 0.5,
};
const root = join(import.meta.dir, "..");
const gunzipText = async (path: string) =>
  gunzipSync(new Uint8Array(await Bun.file(join(root, path)).arrayBuffer())).toString("utf8");

/** Closes per symbol (oldest first) and the sessions the file covers. */
interface Prices {
  bars: Map<string, Array<{ date: string; close: number }>>;
  calendar: string[];
}

function pricesFrom(texts: string[], columns: { date: number; symbol: number; close: number }): Prices {
  const bars = new Map<string, Array<{ date: string; close: number }>>();
  const sessions = new Set<string>();
  for (const text of texts) {
    for (const line of text.trim().split("\n").slice(1)) {
      const cells = line.split(",");
      const symbol = cells[columns.symbol]!;
      const date = cells[columns.date]!;
      let list = bars.get(symbol);
      if (!list) {
        list = [];
        bars.set(symbol, list);
      }
      list.push({ date, close: Number(cells[columns.close]) });
      sessions.add(date);
    }
  }
  for (const list of bars.values()) list.sort((a, b) => a.date.localeCompare(b.date));
  return { bars, calendar: [...sessions].sort() };
}

const horizon = card.horizonDays;
const lag = card.decileSpread.lag;

// Demo: adjusted closes (column adj_close) of the 20-year history; survivorship-free: adjusted closes (close).
const demoPrices = pricesFrom(
  [
    await gunzipText("data/history/prices-before-2013-10-28.csv.gz"),
    await gunzipText("data/market/prices.csv.gz"),
  ],
  { symbol: 0, date: 1, close: 6 },
);
const sfPrices = pricesFrom([await gunzipText("data/survivorship-free/sp500-2014-2018.csv.gz")], {
  date: 0,
  symbol: 1,
  close: 5,
});
const aliases = new Map(
  (await Bun.file(join(root, "data/survivorship-free/ticker-aliases.csv")).text())
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(",").map((c) => c.trim()) as [string, string]),
);

const failures: string[] = [];

/** The stock's total return over the horizon from `date`, or null when it is not known. */
function forwardReturn(prices: Prices, symbol: string, date: string): number | null {
  const bars = prices.bars.get(symbol);
  if (!bars) return null;
  let lo = 0;
  let hi = bars.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bars[mid]!.date < date) lo = mid + 1;
    else hi = mid;
  }
  if (bars[lo]?.date !== date) return null;
  const end = bars[lo + horizon];
  if (end) return end.close / bars[lo]!.close - 1;
  // Stopped trading inside the horizon while the file goes on past it: its return to its last close.
  const at = prices.calendar.indexOf(date);
  const last = bars.at(-1)!;
  if (at + horizon < prices.calendar.length && last.date < prices.calendar.at(-1)!)
    return last.close / bars[lo]!.close - 1;
  return null;
}

const rowsBySet = new Map<
  string,
  Array<{ date: string; symbol: string; probability: number; decile: number }>
>();
const exportText = await gunzipText("docs/model/walk-forward.csv.gz");
const lines = exportText.trim().split("\n");
if (lines[0] !== "set,date,symbol,probability,decile") failures.push(`unexpected header: ${lines[0]}`);
for (const line of lines.slice(1)) {
  const [set, date, symbol, probability, decile] = line.split(",");
  const list = rowsBySet.get(set!) ?? [];
  list.push({ date: date!, symbol: symbol!, probability: Number(probability), decile: Number(decile) });
  rowsBySet.set(set!, list);
}

function outcomes(set: string, prices: Prices, member: (symbol: string) => string): ScoredRow[] {
  const rows = rowsBySet.get(set) ?? [];
  let outside = 0;
  let unknown = 0;
  const withReturns: Array<(typeof rows)[number] & { forward: number }> = [];
  for (const r of rows) {
    if (!isMemberOn(member(r.symbol), r.date)) outside++;
    const forward = forwardReturn(prices, r.symbol, r.date);
    if (forward === null) unknown++;
    else withReturns.push({ ...r, forward });
  }
  if (outside) failures.push(`${set}: ${outside} exported stock-dates are not index members that day`);
  if (unknown) failures.push(`${set}: ${unknown} exported stock-dates have no outcome in the prices`);
  const byDate = new Map<string, number[]>();
  for (const r of withReturns) {
    const list = byDate.get(r.date) ?? [];
    list.push(r.forward);
    byDate.set(r.date, list);
  }
  const medians = new Map(
    [...byDate].map(([date, xs]) => {
      const s = xs.sort((a, b) => a - b);
      const mid = s.length >> 1;
      return [date, s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2];
    }),
  );
  console.log(`${set}: ${rows.length} stock-dates, ${outside} outside the index`);
  return withReturns.map((r) => ({ ...r, beat: r.forward > medians.get(r.date)! ? 1 : 0 }));
}

type Stated = {
  auc: number;
  brier: number;
  brierBase: number;
  decileSpread: { annualised: number; tNeweyWest: number; tHansenHodrick: number; tConservative: number };
};

function compare(label: string, stated: Stated, rows: ScoredRow[]) {
  const ours = headlineFigures(rows, horizon, lag);
  const pairs: Array<[string, number, number, number]> = [
    ["AUC", stated.auc, ours.auc, TOLERANCE.auc],
    ["Brier", stated.brier, ours.brier, TOLERANCE.brier],
    ["Brier of the base rate", stated.brierBase, ours.brierBase, TOLERANCE.brierBase],
    ["decile spread", stated.decileSpread.annualised, ours.decileSpread.annualised, TOLERANCE.annualised],
    ["Newey-West t", stated.decileSpread.tNeweyWest, ours.decileSpread.tNeweyWest, TOLERANCE.tNeweyWest],
    [
      "Hansen-Hodrick t",
      stated.decileSpread.tHansenHodrick,
      ours.decileSpread.tHansenHodrick,
      TOLERANCE.tHansenHodrick,
    ],
  ];
  // The verdict's t is the more conservative of the two, as the card states (docs/decisions/110).
  const nearerZero =
    Math.abs(stated.decileSpread.tNeweyWest) <= Math.abs(stated.decileSpread.tHansenHodrick)
      ? stated.decileSpread.tNeweyWest
      : stated.decileSpread.tHansenHodrick;
  if (stated.decileSpread.tConservative !== nearerZero)
    failures.push(`${label}: tConservative ${stated.decileSpread.tConservative} is not the t nearer zero`);
  for (const [name, card, recomputed, tolerance] of pairs) {
    const ok = Math.abs(card - recomputed) <= tolerance;
    console.log(`  ${label} ${name}: card ${card}, recomputed ${recomputed}${ok ? "" : "  <-- differs"}`);
    if (!ok)
      failures.push(`${label} ${name}: card ${card}, recomputed ${recomputed} (tolerance ${tolerance})`);
  }
}

compare(
  "demo",
  card,
  outcomes("demo", demoPrices, (s) => s),
);
compare(
  "survivorship-free",
  card.survivorshipFree,
  outcomes("survivorship-free", sfPrices, (s) => aliases.get(s) ?? s),
);

if (failures.length) {
  console.error(`The model card does not hold:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log(
  "The model card holds: every figure recomputed from the export and the prices, no stock outside the index.",
);
