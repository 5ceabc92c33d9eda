import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { dailyPrices, recommendations } from "../../db/schema/index.ts";
import { startTestApp, type TestApp, targetName } from "../test/harness.ts";

// Derived data is kept per data version (docs/decisions/027-derived-data-per-version.md); a write made straight to
// the database, as a script or another server process makes it, is in the next answer on every target (on workerd
// the Worker's isolate keeps the values, and the test writes from its own process to the shared sqld).
let t: TestApp;
let token: string;

interface Listed {
  symbol: string;
  outcome: { realisedReturn: number | null } | null;
}

const get = async <T>(path: string): Promise<T> => {
  const res = await t.request(path, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

/** A call written straight to the database, as a script or another process would. */
const insertCall = (symbol: string, recommendationDate: string) =>
  t.deps.database.db.insert(recommendations).values({
    symbol,
    buyPriceCents: 10_000,
    sellTargetCents: 11_000,
    confidence: 60,
    aggressive: false,
    aggressiveBasis: "set when posted",
    estimatedDate: "2023-10-20",
    recommendationDate,
    reason: "written to the database directly",
    source: "admin",
  });

beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: ["AAPL", "MSFT"], from: "2023-01-01", asOf: "2023-10-27" });
  const user = await t.createUser();
  token = await t.signIn(user.email, "correct-horse-battery");
}, 60_000);
afterAll(() => t.close());

describe(`derived data follows writes made elsewhere (${targetName})`, () => {
  test("latest and the track record answer a call written to the database at the next request", async () => {
    await insertCall("AAPL", "2023-09-01");
    const latest = await get<Listed[]>("/api/recommendations/latest");
    expect(latest.map((r) => r.symbol)).toEqual(["AAPL"]);
    // The calls written here are editor's picks (source admin): counted apart from the model's figures.
    const track = await get<{ editorsPicks: { count: number } }>("/api/recommendations/performance");
    expect(await get<Listed[]>("/api/recommendations/latest")).toEqual(latest);

    await insertCall("MSFT", "2023-09-01");
    expect((await get<Listed[]>("/api/recommendations/latest")).map((r) => r.symbol).sort()).toEqual([
      "AAPL",
      "MSFT",
    ]);
    expect(
      (await get<{ editorsPicks: { count: number } }>("/api/recommendations/performance")).editorsPicks.count,
    ).toBe(track.editorsPicks.count + 1);

    await t.deps.database.db.delete(recommendations).where(eq(recommendations.symbol, "MSFT"));
    expect((await get<Listed[]>("/api/recommendations/latest")).map((r) => r.symbol)).toEqual(["AAPL"]);
  });

  test("an outcome follows prices rewritten in the database at the next request", async () => {
    const before = (await get<Listed[]>("/api/recommendations/latest"))[0]!.outcome!.realisedReturn!;
    const aaplOn20October = and(eq(dailyPrices.symbol, "AAPL"), eq(dailyPrices.date, "2023-10-20"));
    const [bar] = await t.deps.database.db
      .select({ adjClose: dailyPrices.adjClose })
      .from(dailyPrices)
      .where(aaplOn20October);
    await t.deps.database.db
      .update(dailyPrices)
      .set({ adjClose: bar!.adjClose * 2 })
      .where(aaplOn20October);
    const after = (await get<Listed[]>("/api/recommendations/latest"))[0]!.outcome!.realisedReturn!;
    // The list sends returns at 0.001 (decision 151); doubling the close moves this one by about 1.
    expect(after).toBeCloseTo(2 * (1 + before) - 1, 2);
  });
});
