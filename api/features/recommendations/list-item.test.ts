import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { fractionAsShown } from "../../lib/format.ts";
import { seedRecommendationHistory } from "../../seed/recommendation-history.ts";
import { bodyOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";

// Issue 43, point 2 (docs/decisions/151-a-lean-list-row.md): the demo market's year of calls, as the seed makes it,
// read as the history table reads it: one page of up to 1000 rows.
const YEAR = { fromDate: "2022-10-28", toDate: "2023-10-27", page: "1", pageSize: "1000" };
const MAX_BYTES = 300 * 1024;
/** The product spec's fields of a recommendation: every row of a list keeps them. */
const SPEC_FIELDS = [
  "id",
  "symbol",
  "buyPrice",
  "sellTarget",
  "confidence",
  "aggressive",
  "estimatedDate",
  "recommendationDate",
  "reason",
  "currentPrice",
];
/** What only the detail carries. */
const DETAIL_ONLY = [
  "aggressiveBasis",
  "currentPriceAsOf",
  "modelVersion",
  "modelTrainedThrough",
  "probability",
  "expectedReturn",
  "expectedReturnLow",
  "expectedReturnHigh",
];
const OUTCOME_DETAIL_ONLY = ["status", "targetReachedOn", "exitDate", "universeMeanReturn"];
/** Fractions a list sends at the tenth of a percentage point a person reads. */
const FRACTIONS = new Set([
  "expectedExcessReturn",
  "expectedExcessLow",
  "expectedExcessHigh",
  "realisedReturn",
  "universeMedianReturn",
]);

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  const csv = await Bun.file("data/market/securities.csv").text();
  const every = csv
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(",")[0]!.replaceAll('"', ""));
  await t.useDemoMarket({ symbols: every, from: "2021-09-01" });
  await seedRecommendationHistory(t.deps, "2023-10-27");
  token = await t.signIn((await t.createUser()).email, "correct-horse-battery");
}, 240_000);
afterAll(() => t.close());

type Json = Record<string, unknown>;

/** Each field a list's object carries is the whole record's, fractions at the precision shown. */
function expectListedFrom(listed: Json, whole: Json, skip: readonly string[]) {
  for (const [key, value] of Object.entries(listed)) {
    if (skip.includes(key)) continue;
    const expected = FRACTIONS.has(key) ? fractionAsShown(whole[key] as number) : whole[key];
    expect(`${key}: ${JSON.stringify(value)}`).toBe(`${key}: ${JSON.stringify(expected)}`);
  }
}

describe(`the demo year as one list (${testDbKind})`, () => {
  test("is at most 300 KB of JSON, with every spec field on every row and no detail-only field", async () => {
    const res = await t.api(token).recommendations.historical.$get({ query: YEAR });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(MAX_BYTES);
    const rows = JSON.parse(text) as Json[];
    expect(rows.length).toBe(Number(res.headers.get("x-total-count")));
    expect(rows.length).toBeGreaterThan(500);
    for (const row of rows) {
      expect(SPEC_FIELDS.filter((f) => !(f in row))).toEqual([]);
      expect(DETAIL_ONLY.filter((f) => f in row)).toEqual([]);
      const outcome = (row.outcome ?? {}) as Json;
      expect(OUTCOME_DETAIL_ONLY.filter((f) => f in outcome)).toEqual([]);
    }
  });

  test("each row is its detail's: the same values, fractions as shown, the summary of its reason", async () => {
    const rows = await bodyOf(t.api(token).recommendations.historical.$get({ query: YEAR }), 200);
    const open = rows.find((r) => r.outcome && r.outcome.eventHappened === undefined)!;
    const missed = rows.find((r) => r.outcome?.eventHappened === false)!;
    const happened = rows.find((r) => r.outcome?.eventHappened === true)!;
    for (const row of [open, missed, happened]) {
      const whole = await bodyOf(
        t.api(token).recommendations[":id"].$get({ param: { id: String(row.id) } }),
        200,
      );
      expectListedFrom(row, whole, ["reason", "outcome"]);
      expect(whole.reason).toContain(row.reason.replace(/…$/, ""));
      expectListedFrom(row.outcome!, whole.outcome!, []);
      // What the row leaves out is null in the whole record, or false for the model's two flags.
      for (const [key, value] of Object.entries(whole)) {
        if (key in row || DETAIL_ONLY.includes(key)) continue;
        expect(`${key}: ${value}`).toMatch(/^(\w+: null|edgeSignificant: false|modelStale: false)$/);
      }
      // The outcome names its event once: a model call's is the row's statedEvent.
      expect(row.outcome!.statedEvent).toBeUndefined();
      expect(whole.outcome!.statedEvent).toBe(row.statedEvent!);
    }
  });
});
