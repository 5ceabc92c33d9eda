import { riskWordOfFlag } from "../../lib/risk-words.ts";
import { outcomeEvent, outcomePoints, outcomeSentence } from "./outcome-words.ts";
import type { HistoricalFilters, RecommendationRow } from "./recommendations.queries.ts";

type Cell = string | number | boolean | null | undefined;

/**
 * The CSV's columns: a header and how each row fills it, from the list's rows (decision 151). Fractions are as the
 * list sends them, to the tenth of a percentage point the app shows; `confidence` is the model's probability as a
 * whole percent (or the editor's confidence); the words use the rule.
 */
const COLUMNS: Array<[string, (r: RecommendationRow) => Cell]> = [
  ["id", (r) => r.id],
  ["recommendation_date", (r) => r.recommendationDate],
  ["symbol", (r) => r.symbol],
  ["source", (r) => r.source],
  ["provenance", (r) => r.provenance],
  ["call", (r) => r.call],
  ["decile", (r) => r.decile],
  ["confidence", (r) => r.confidence],
  ["stated_event", outcomeEvent],
  ["expected_excess_return", (r) => r.expectedExcessReturn],
  ["expected_excess_low", (r) => r.expectedExcessLow],
  ["expected_excess_high", (r) => r.expectedExcessHigh],
  ["horizon_days", (r) => r.horizonDays],
  ["risk", (r) => riskWordOfFlag(r.aggressive)],
  ["buy_price", (r) => r.buyPrice],
  ["sell_target", (r) => r.sellTarget],
  ["target_date", (r) => r.estimatedDate],
  [
    "outcome",
    (r) =>
      !r.outcome
        ? null
        : r.outcome.eventHappened == null
          ? "open"
          : r.outcome.eventHappened
            ? "happened"
            : "did-not-happen",
  ],
  ["realised_return", (r) => r.outcome?.realisedReturn],
  ["median_return", (r) => r.outcome?.universeMedianReturn],
  ["points_vs_median", (r) => outcomePoints(r.outcome)],
  ["outcome_words", (r) => outcomeSentence(r)],
];

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text that a spreadsheet would run
 * as a formula (=, +, -, @ first) gets a leading apostrophe; numbers are written as they are.
 */
function field(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "string") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as CSV text: a header line, then one line per recommendation, CRLF line ends. */
export function historyCsv(rows: readonly RecommendationRow[]): string {
  const lines = [COLUMNS.map(([name]) => name).join(",")];
  for (const r of rows) lines.push(COLUMNS.map(([, cell]) => field(cell(r))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** The file's name from the search: "recommendations_2022-10-28_to_2023-10-27_AAPL_aggressive.csv". */
export function historyCsvName(filters: HistoricalFilters): string {
  const parts = ["recommendations", filters.fromDate || "start", "to", filters.toDate || "latest"];
  if (filters.symbol) parts.push(filters.symbol);
  if (filters.aggressive) parts.push(filters.aggressive);
  return `${parts.join("_").replace(/[^A-Za-z0-9_.-]/g, "-")}.csv`;
}
