import { describe, expect, test } from "bun:test";
import { adminRecommendationRow } from "../../test/recommendation-fixture.ts";
import { historyCsv, historyCsvName } from "./history-csv.ts";
import { nextSort, sortHistory } from "./history-sort.ts";
import type { RecommendationRow } from "./recommendations.queries.ts";

const row = (id: number, over: Partial<RecommendationRow>): RecommendationRow => ({
  ...adminRecommendationRow,
  id,
  ...over,
});

const rows = [
  row(1, { symbol: "KO", recommendationDate: "2023-10-20", confidence: 53, expectedExcessReturn: 0.01 }),
  // A list's row leaves out what is null (decision 151): AAPL has no expected excess return.
  row(2, { symbol: "AAPL", recommendationDate: "2023-10-27", confidence: 52 }),
  row(3, { symbol: "MSFT", recommendationDate: "2023-10-27", confidence: 55, expectedExcessReturn: -0.02 }),
];

describe("the history table's sort", () => {
  test("each column sorts both ways; ties keep the newest first; missing values go last", () => {
    const symbols = (sorted: RecommendationRow[]) => sorted.map((r) => r.symbol);
    expect(symbols(sortHistory(rows, { key: "date", direction: "desc" }))).toEqual(["MSFT", "AAPL", "KO"]);
    expect(symbols(sortHistory(rows, { key: "date", direction: "asc" }))).toEqual(["KO", "MSFT", "AAPL"]);
    expect(symbols(sortHistory(rows, { key: "symbol", direction: "asc" }))).toEqual(["AAPL", "KO", "MSFT"]);
    expect(symbols(sortHistory(rows, { key: "probability", direction: "desc" }))).toEqual([
      "MSFT",
      "KO",
      "AAPL",
    ]);
    expect(symbols(sortHistory(rows, { key: "excess", direction: "asc" }))).toEqual(["MSFT", "KO", "AAPL"]);
    expect(symbols(sortHistory(rows, { key: "excess", direction: "desc" }))).toEqual(["KO", "MSFT", "AAPL"]);
  });
  test("pressing a header: the same column flips, a new one starts on its natural order", () => {
    expect(nextSort({ key: "date", direction: "desc" }, "date")).toEqual({ key: "date", direction: "asc" });
    expect(nextSort({ key: "date", direction: "desc" }, "symbol")).toEqual({
      key: "symbol",
      direction: "asc",
    });
    expect(nextSort({ key: "symbol", direction: "asc" }, "outcome")).toEqual({
      key: "outcome",
      direction: "desc",
    });
  });
});

describe("the history CSV", () => {
  test("a header and one line per row; quotes where needed; no formula a spreadsheet would run", () => {
    const csv = historyCsv([
      row(9, {
        symbol: "=HYPERLINK",
        outcome: {
          statedEvent: "beats-median",
          realisedReturn: 0.018,
          universeMedianReturn: 0.039,
          eventHappened: false,
        },
      }),
    ]);
    const [header, line, end] = csv.split("\r\n");
    expect(header).toStartWith(
      "id,recommendation_date,symbol,source,provenance,call,decile,confidence,stated_event",
    );
    expect(header).toEndWith("realised_return,median_return,points_vs_median,outcome_words");
    expect(line).toStartWith("9,2023-10-27,'=HYPERLINK,admin,live,,,82,beats-median,");
    expect(line).toContain(",Conservative,50.00,57.25,2023-12-29,did-not-happen,0.018,0.039,-2.1,");
    expect(line).toEndWith(
      '"Trailed the median stock by 2.1 points to its target date, Dec 29, 2023 (+1.8% against +3.9%)"',
    );
    expect(end).toBe("");
  });
  test("the file is named for the search", () => {
    expect(historyCsvName({ fromDate: "2022-10-28", toDate: "2023-10-27" })).toBe(
      "recommendations_2022-10-28_to_2023-10-27.csv",
    );
    expect(historyCsvName({ symbol: "BRK.B", aggressive: "non-aggressive" })).toBe(
      "recommendations_start_to_latest_BRK.B_non-aggressive.csv",
    );
  });
});
