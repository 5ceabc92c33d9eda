import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, inArray, ne } from "drizzle-orm";
import { dailyPrices, securities } from "../../../db/schema/index.ts";
import { addTradingSessions } from "../../lib/trading-calendar.ts";
import { BENCHMARK } from "../../market/benchmark.ts";
import { configureMarket } from "../../market/configure.ts";
import { tradingDays } from "../../market/price-history.ts";
import { bodyOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { postRecommendation } from "./recommendations.service.ts";
import { wilsonInterval } from "./track-record.ts";

const SYMBOLS = ["AAPL", "MSFT", "NVDA", "JPM", "XOM", "KO", "PFE", "AMZN", "META", "WMT"];

let t: TestApp;
let token: string;
let admin: string;
let modelCalls = 0;
beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: SYMBOLS });
  const { db } = t.deps.database;
  // Model calls every fifth session since March: two per date, one of them a lower-half call (trails the median).
  const days = (await tradingDays(db, BENCHMARK, "2023-03-01", "2023-10-27")).filter((_, i) => i % 5 === 0);
  for (const [i, date] of days.entries()) {
    for (const [j, symbol] of [SYMBOLS[i % 10]!, SYMBOLS[(i + 3) % 10]!].entries()) {
      const [close] = await db
        .select({ close: dailyPrices.close })
        .from(dailyPrices)
        .where(and(eq(dailyPrices.symbol, symbol), eq(dailyPrices.date, date)));
      const buy = Math.round(close!.close * 100);
      const result = await postRecommendation(
        t.deps,
        {
          symbol,
          buyPrice: buy,
          sellTarget: Math.round(buy * 1.04),
          confidence: j ? 53 : 58,
          estimatedDate: addTradingSessions(date, 60),
          reason: "Test call.",
          aggressive: false,
        },
        {
          recommendationDate: date,
          postedBy: null,
          source: "model",
          modelVersion: "test",
          model: {
            call: j ? "WATCH" : "BUY",
            decile: j ? 2 : 10,
            probability: j ? 0.53 : 0.58,
            expectedReturn: 0.04,
            expectedReturnLow: -0.1,
            expectedReturnHigh: 0.18,
            horizonDays: 60,
          },
        },
      );
      if (result.ok) modelCalls++;
    }
  }
  const a = await t.createUser({ isAdmin: true });
  admin = await t.signIn(a.email, "correct-horse-battery");
  token = await t.signIn((await t.createUser()).email, "correct-horse-battery");
  const posted = await t.request("/api/recommendations?recommendationDate=2023-05-01", {
    method: "POST",
    token: admin,
    json: {
      symbol: "KO",
      buyPrice: 60,
      sellTarget: 66,
      confidence: 90,
      estimatedDate: "2023-06-30",
      reason: "Admin call.",
    },
  });
  if (posted.status !== 201) throw new Error(`admin post failed: ${posted.status}`);
});
afterAll(() => t.close());

const performance = (query: { symbol?: string } = {}) =>
  bodyOf(t.api(token).recommendations.performance.$get({ query }), 200);
/** Calls on a market with prices, each with its outcome (a failure if one has none). */
const scored = <R extends { symbol: string; outcome?: unknown }>(list: R[]) =>
  list.map((r) => {
    const { outcome } = r;
    if (!outcome) throw new Error(`${r.symbol} was listed without an outcome`);
    return { ...r, outcome };
  });
const historical = async () =>
  scored(await bodyOf(t.api(token).recommendations.historical.$get({ query: {} }), 200));
/** Every historical call whole, as GET /api/recommendations/{id} answers it: the lists carry less (decision 151). */
const historicalWhole = async () =>
  scored(
    await Promise.all(
      (await historical()).map((r) =>
        bodyOf(t.api(token).recommendations[":id"].$get({ param: { id: String(r.id) } }), 200),
      ),
    ),
  );

describe(`track record against the universe, on real demo prices (${testDbKind})`, () => {
  test("totals add up over the model's calls; the editor's pick is apart; the method is stated", async () => {
    const p = await performance();
    expect(p.asOf).toBe("2023-10-27");
    expect(p.count).toBe(modelCalls);
    expect(p.editorsPicks).toMatchObject({ count: 1, open: 0, resolved: 1, meanEditorConfidence: 90 });
    expect(p.open + p.resolved).toBe(p.count);
    expect(p.open).toBeGreaterThan(0);
    expect(p.resolved).toBeGreaterThan(10);
    expect(p.observedRate).toBeCloseTo(p.happened / p.resolved, 10);
    expect(p.observedLow!).toBeLessThanOrEqual(p.observedRate!);
    expect(p.observedHigh!).toBeGreaterThanOrEqual(p.observedRate!);
    for (const rows of [p.bands, p.deciles, p.years])
      expect(rows.reduce((n, r) => n + r.count, 0)).toBe(modelCalls);
    expect(p.bands.map((b) => [b.label, b.count > 0])).toEqual([
      ["below 50%", false],
      ["50-51%", false],
      ["52-53%", true],
      ["54-55%", false],
      ["56-57%", false],
      ["58-59%", true],
      ["60% and above", false],
    ]);
    expect(p.bands[5]!.meanProbability).toBeCloseTo(0.58, 10);
    expect(p.deciles.map((d) => d.label)).toEqual(["Decile 10", "Decile 2"]);
    expect(p.years.map((y) => y.label)).toEqual(["2023"]);
    expect(p.method).toContain("median total return of the universe");
    expect(p.method).toContain("S&P 500 members on its recommendation date");
    expect(p.method).toContain("Newey-West");
    expect(p.method).toContain("survivorship");
    expect(p.method).not.toContain("every stock the market has prices for");
    expect(p.method).not.toContain("S&P 500 over");
    // Calls every fifth session over a 60-session horizon: the intervals let 12 neighbouring dates covary.
    expect(p.intervalLag).toBe(12);
  });

  test("no rate without its baseline: every key ending in Rate has a RateBaseline beside it", async () => {
    const answer = await performance();
    const rates: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (Array.isArray(value)) for (const [i, v] of value.entries()) walk(v, `${path}[${i}]`);
      else if (value && typeof value === "object") {
        for (const [key, v] of Object.entries(value)) {
          // `baseRate` (the model card's share of all member stock-dates that beat the median) is itself a baseline.
          if (key.endsWith("Rate") && key !== "baseRate") {
            rates.push(`${path}.${key}`);
            expect(value, `${path}.${key}`).toHaveProperty(`${key}Baseline`);
          }
          walk(v, `${path}.${key}`);
        }
      }
    };
    walk(answer, "");
    expect(rates).toContain(".observedRate");
    expect(rates).toContain(".bands[2].observedRate");
    expect(rates).toContain(".basket.beatMedianRate");
    expect(rates).toContain(".basket.dates[0].beatMedianRate");
    expect(rates).toContain(".editorsPicks.beatMedianRate");
    expect(answer).not.toHaveProperty("hitRate");
    expect(rates).toContain(".model.topDecileBeatRate");
  });

  test("each rate's baseline is the same-volatility fifth of that date's members, averaged over the calls", async () => {
    const p = await performance();
    expect(p.observedRateBaseline).toBeGreaterThan(0);
    expect(p.observedRateBaseline).toBeLessThan(1);
    expect(p.observedMinusBaseline).toBeCloseTo(p.observedRate! - p.observedRateBaseline!, 10);
    expect(p.observedMinusBaselineLow!).toBeLessThan(p.observedMinusBaseline!);
    expect(p.observedMinusBaselineHigh!).toBeGreaterThan(p.observedMinusBaseline!);
    // Ten members in fifths of two: a call's baseline is 0, 1/2 or 1 (the other stock of its fifth, and itself).
    for (const d of p.basket.dates.filter((x) => x.resolved))
      expect([0, 0.5, 1]).toContain(d.beatMedianRateBaseline!);
    // One BUY call a date: the basket per date, pooled with its clustered interval.
    expect(p.basket.dates.every((d) => d.calls === 1)).toBe(true);
    expect(p.basket.calls).toBe(modelCalls / 2);
    expect(p.basket.resolved).toBe(p.basket.dates.filter((d) => d.resolved).length);
    expect(p.basket.beatMedianRate).toBeCloseTo(p.basket.beatMedian / p.basket.resolved, 10);
    expect(p.basket.beatMedianLow!).toBeLessThanOrEqual(p.basket.beatMedianRate!);
    expect(p.basket.beatMedianHigh!).toBeGreaterThanOrEqual(p.basket.beatMedianRate!);
    expect(p.deciles[0]!.observedRate).toBe(p.basket.beatMedianRate);
  });

  test("an editor's pick posted with confidence 85 leaves every model figure unchanged", async () => {
    const before = await performance();
    const posted = await t.request("/api/recommendations?recommendationDate=2023-04-03", {
      method: "POST",
      token: admin,
      json: {
        symbol: "NVDA",
        buyPrice: 27,
        sellTarget: 30,
        confidence: 85,
        estimatedDate: "2023-06-30",
        reason: "Editor's pick.",
      },
    });
    expect(posted.status).toBe(201);
    const after = await performance();
    const { editorsPicks: picksBefore, ...modelBefore } = before;
    const { editorsPicks: picksAfter, ...modelAfter } = after;
    expect(modelAfter).toEqual(modelBefore);
    expect(picksAfter.count).toBe(picksBefore.count + 1);
    expect(picksAfter.resolved).toBe(picksBefore.resolved + 1);
    expect(picksAfter.meanEditorConfidence).toBeCloseTo((90 + 85) / 2, 10);
    expect(picksAfter.beatMedianRateBaseline).not.toBeNull();
  });

  test("each call is scored on adjusted closes against the median of that date's members", async () => {
    const list = await historicalWhole();
    const resolved = list.filter((r) => r.outcome.eventHappened !== null);
    expect(resolved.length).toBeGreaterThan(10);
    const { db } = t.deps.database;
    for (const r of [resolved[0]!, resolved.find((x) => x.outcome.statedEvent === "trails-median")!]) {
      const start = (await tradingDays(db, BENCHMARK, "2023-01-01", r.recommendationDate)).at(-1)!;
      const end = (await tradingDays(db, BENCHMARK, "2023-01-01", r.estimatedDate)).at(-1)!;
      expect(r.outcome.exitDate).toBe(end);
      const rows = await db
        .select()
        .from(dailyPrices)
        .where(and(inArray(dailyPrices.date, [start, end]), ne(dailyPrices.symbol, BENCHMARK)));
      const returns = new Map<string, number>();
      for (const s of SYMBOLS) {
        const a = rows.find((x) => x.symbol === s && x.date === start)!;
        const b = rows.find((x) => x.symbol === s && x.date === end)!;
        returns.set(s, b.adjClose / a.adjClose - 1);
      }
      const sorted = [...returns.values()].sort((x, y) => x - y);
      const median = (sorted[4]! + sorted[5]!) / 2;
      const own = returns.get(r.symbol)!;
      expect(r.outcome.realisedReturn).toBeCloseTo(own, 10);
      expect(r.outcome.universeMedianReturn).toBeCloseTo(median, 10);
      expect(r.outcome.universeMeanReturn).toBeCloseTo(sorted.reduce((x, y) => x + y, 0) / 10, 10);
      const beats = own > median;
      expect(r.outcome.eventHappened).toBe(r.outcome.statedEvent === "beats-median" ? beats : !beats);
      expect(r.outcome.statedEvent).toBe(r.decile === 2 ? "trails-median" : "beats-median");
    }
    // The latest calls are still open: no event yet.
    const latest = scored(await bodyOf(t.api(token).recommendations.latest.$get(), 200));
    expect(latest.length).toBeGreaterThan(0);
    expect(latest.every((r) => r.outcome.eventHappened == null)).toBe(true);
  });

  test("target: the first session after the date, on or before the target date and as-of, whose high reached it", async () => {
    const list = await historicalWhole();
    const { db } = t.deps.database;
    const bars = await db.select().from(dailyPrices).where(ne(dailyPrices.symbol, BENCHMARK));
    let hits = 0;
    for (const r of list) {
      const end = r.estimatedDate < "2023-10-27" ? r.estimatedDate : "2023-10-27";
      const window = bars
        .filter((b) => b.symbol === r.symbol && b.date > r.recommendationDate && b.date <= end)
        .sort((a, b) => a.date.localeCompare(b.date));
      const first = window.find((b) => b.high >= Number(r.sellTarget))?.date ?? null;
      expect(r.outcome.targetReachedOn).toBe(first);
      const status = first ? "hit" : end === r.estimatedDate && window.length ? "missed" : "open";
      expect(r.outcome.status).toBe(status);
      if (first) hits++;
    }
    expect(hits).toBeGreaterThan(0);
    expect(hits).toBeLessThan(list.length);
  });

  test("the growth lines hold the open calls and the universe day by day, compounded from 1", async () => {
    const p = await performance();
    const { db } = t.deps.database;
    const sessions = await tradingDays(db, BENCHMARK, "2023-01-01", p.asOf);
    const first = p.cumulative[0]!;
    expect(first).toMatchObject({ openCalls: 0, callsValue: 1, universeValue: 1 });
    // One point per session, from the close before the first open call to as-of (calls are still open).
    const dates = p.cumulative.map((c) => c.date);
    expect(dates).toEqual(sessions.slice(sessions.indexOf(first.date)));
    expect(dates.at(-1)).toBe(p.asOf);
    // Recompute the last 20 sessions from the bars: the calls open each day, and every stock but the index.
    const list = await historical();
    const bars = await db.select().from(dailyPrices).where(ne(dailyPrices.symbol, BENCHMARK));
    const close = new Map(bars.map((b) => [`${b.symbol} ${b.date}`, b.adjClose]));
    const dayReturn = (symbol: string, i: number) =>
      close.get(`${symbol} ${sessions[i]}`)! / close.get(`${symbol} ${sessions[i - 1]}`)! - 1;
    let calls = 1;
    let universe = 1;
    const from = p.cumulative.length - 21;
    for (let k = from + 1; k < p.cumulative.length; k++) {
      const date = p.cumulative[k]!.date;
      const i = sessions.indexOf(date);
      const open = list.filter((r) => r.recommendationDate < date && date <= r.estimatedDate);
      expect(p.cumulative[k]!.openCalls).toBe(open.length);
      calls *= 1 + open.reduce((x, r) => x + dayReturn(r.symbol, i), 0) / open.length;
      universe *= 1 + SYMBOLS.reduce((x, s) => x + dayReturn(s, i), 0) / SYMBOLS.length;
    }
    const last = p.cumulative.at(-1)!;
    const base = p.cumulative[from]!;
    expect(last.callsValue / base.callsValue).toBeCloseTo(calls, 10);
    expect(last.universeValue / base.universeValue).toBeCloseTo(universe, 10);
    expect(p.averageExcessReturn).toBeCloseTo(p.averageReturn! - p.averageUniverseReturn!, 10);
  });

  test("the model card's walk-forward figures come with the answer", async () => {
    const p = await performance();
    expect(p.model.period.from).toBe("2010-01-08");
    expect(p.model.auc).toBeGreaterThan(0.5);
    expect(p.model.brier).toBeLessThanOrEqual(p.model.brierBase);
    expect(p.model.designsTried).toBeGreaterThan(1);
    expect(p.model.hurdleT).toBeGreaterThan(1.96);
    expect(p.model.clearsHurdleOnDemo).toBe(p.model.decileSpread.tNeweyWest >= p.model.hurdleT);
    expect(p.model.confirmedSurvivorshipFree).toBe(
      p.model.survivorshipFree.decileSpread.annualised > 0 &&
        p.model.survivorshipFree.decileSpread.tNeweyWest >= p.model.confirmationT,
    );
    expect(p.model.edgeSignificant).toBe(p.model.clearsHurdleOnDemo && p.model.confirmedSurvivorshipFree);
    expect(p.model.recent).toMatchObject({ fromYear: 2022, toYear: 2023 });
    expect(p.model.calibrationByYear.map((y) => y.year)).toEqual(
      Array.from({ length: 14 }, (_, i) => 2010 + i),
    );
  });

  test("filters apply and are validated", async () => {
    const one = await performance({ symbol: "KO" });
    expect(one.count).toBeGreaterThan(0);
    expect(one.count).toBeLessThan((await performance()).count);
    expect(
      (await t.request("/api/recommendations/performance?fromDate=2023-10-01&toDate=2023-01-01", { token }))
        .status,
    ).toBe(400);
    expect((await t.request("/api/recommendations/performance")).status).toBe(401);
  });
});

describe(`growth lines on hand-made prices (${testDbKind})`, () => {
  // Three stocks (index members on these dates: the universe is each date's members) and the index on five
  // sessions. Daily total returns:
  //        01-04  01-05  01-06  01-09
  //   AAPL   +10%   -10%     0%   +10%
  //   MSFT     0%   +10%   -20%     0%
  //   KO     0%     0%    +5%     0%
  const days = ["2023-01-03", "2023-01-04", "2023-01-05", "2023-01-06", "2023-01-09"];
  const prices: Record<string, number[]> = {
    AAPL: [100, 110, 99, 99, 108.9],
    MSFT: [50, 50, 55, 44, 44],
    KO: [20, 20, 20, 21, 21],
    [BENCHMARK]: [4000, 4400, 4400, 4400, 4400],
  };
  let h: TestApp;
  let user: string;
  beforeAll(async () => {
    h = await startTestApp();
    const { db } = h.deps.database;
    await db
      .insert(securities)
      .values(
        Object.keys(prices).map((symbol) => ({ symbol, name: symbol, sector: "Test", industry: "Test" })),
      );
    await db.insert(dailyPrices).values(
      Object.entries(prices).flatMap(([symbol, closes]) =>
        closes.map((c, i) => ({
          symbol,
          date: days[i]!,
          open: c,
          high: c,
          low: c,
          close: c,
          adjClose: c,
          volume: 1000,
        })),
      ),
    );
    await configureMarket(h.deps, { MARKET_AS_OF: "2023-01-09" });
    // Two calls: AAPL held 01-04 and 01-05, MSFT held 01-05 and 01-06 (a Saturday target ends on Friday).
    for (const [symbol, date, target] of [
      ["AAPL", "2023-01-03", "2023-01-05"],
      ["MSFT", "2023-01-04", "2023-01-07"],
    ] as const) {
      const posted = await postRecommendation(
        h.deps,
        {
          symbol,
          buyPrice: 1000,
          sellTarget: 2000,
          confidence: 53,
          estimatedDate: target,
          reason: "Test call.",
          aggressive: false,
        },
        { recommendationDate: date, postedBy: null, source: "model", modelVersion: "test" },
      );
      if (!posted.ok) throw new Error(`not posted: ${posted.message}`);
    }
    user = await h.signIn((await h.createUser()).email, "correct-horse-battery");
  });
  afterAll(() => h.close());

  test("$1 in the open calls and $1 in the universe, compounded day by day", async () => {
    const p = await bodyOf(h.api(user).recommendations.performance.$get({ query: {} }), 200);
    // Calls: 01-04 AAPL +10% -> 1.10; 01-05 mean(-10%, +10%) = 0 -> 1.10; 01-06 MSFT -20% -> 0.88.
    // Universe (the index left out): 01-04 mean(+10%, 0, 0) -> 1.0333; 01-05 mean(-10%, +10%, 0) = 0 -> 1.0333;
    // 01-06 mean(0, -20%, +5%) = -5% -> 0.981667. No call is open on 01-09, so the lines end on 01-06.
    expect(
      p.cumulative.map((c) => [c.date, c.openCalls, +c.callsValue.toFixed(10), +c.universeValue.toFixed(10)]),
    ).toEqual([
      ["2023-01-03", 0, 1, 1],
      ["2023-01-04", 1, 1.1, 1.0333333333],
      ["2023-01-05", 2, 1.1, 1.0333333333],
      ["2023-01-06", 1, 0.88, 0.9816666667],
    ]);
    // The same prices score the calls over their whole windows: AAPL -1%, MSFT -12%.
    expect(p.resolved).toBe(2);
    expect(p.averageReturn).toBeCloseTo((-0.01 - 0.12) / 2, 10);
  });
});

describe(`expensive reads are bounded per user on ${testDbKind}`, () => {
  test("searches beyond a user's share in flight answer 429 with Retry-After; another user is not refused", async () => {
    const other = await t.signIn((await t.createUser()).email, "correct-horse-battery");
    // Each search a new one, so none is answered from what is kept.
    const search = (who: string, day: number) =>
      t.request(`/api/recommendations/performance?fromDate=2023-03-${String(day).padStart(2, "0")}`, {
        token: who,
      });
    const hammering = Array.from({ length: 8 }, (_, i) => search(token, i + 1));
    const [answers, otherAnswer] = await Promise.all([Promise.all(hammering), search(other, 20)]);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((res) => res.status === 200).length).toBeGreaterThan(0);
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused[0]!.json()).toEqual({
      message: expect.stringContaining("Try again in"),
      code: "RATE_LIMITED",
    });
    expect(otherAnswer.status).toBe(200);
    // Once the user's searches are done, the next one is served.
    expect((await search(token, 9)).status).toBe(200);
  });

  test("a refused search is not kept: another user asking the same one at that moment is answered", async () => {
    const other = await t.signIn((await t.createUser()).email, "correct-horse-battery");
    const search = (who: string, day: number) =>
      t.request(`/api/recommendations/performance?fromDate=2023-05-${String(day).padStart(2, "0")}`, {
        token: who,
      });
    const hammering = Array.from({ length: 8 }, (_, i) => search(token, i + 1));
    const [answers, sameSearch] = await Promise.all([Promise.all(hammering), search(other, 8)]);
    expect(answers.filter((res) => res.status === 429).length).toBeGreaterThan(0);
    expect(sameSearch.status).toBe(200);
    const refusedDays = answers.flatMap((res, i) => (res.status === 429 ? [i + 1] : []));
    for (const day of refusedDays) expect((await search(token, day)).status).toBe(200);
  });

  test("answers kept from an earlier request are never refused, however many at once", async () => {
    const kept = [
      "/api/recommendations/performance?fromDate=2023-04-01",
      "/api/recommendations/historical?fromDate=2023-04-01&page=1&pageSize=24",
    ];
    for (const path of kept) expect((await t.request(path, { token })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.request(kept[i % 2]!, { token })),
    );
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
  });
});

describe(`simulated and live calls apart, intervals no narrower than Wilson's (${testDbKind})`, () => {
  const answer = () => performance();

  test("calls made later for past dates are simulated; the answer says the figures are theirs", async () => {
    const p = await answer();
    expect(p.provenance).toBe("simulated");
    expect(p.count).toBe(modelCalls);
    expect(p.live).toMatchObject({ count: 0, resolved: 0, rate: null, low: null });
    expect(p.method).toStartWith("Simulated calls (made later for a past date");
    const history = t.api(token).recommendations.historical.$get({ query: { fromDate: "2023-03-01" } });
    const rows = await bodyOf(history, 200);
    expect(new Set(rows.filter((r) => r.source === "model").map((r) => r.provenance))).toEqual(
      new Set(["simulated"]),
    );
    // The editor's pick was posted later for 2023-05-01 too: simulated, like any call made for a past date.
    expect(rows.find((r) => r.source === "admin")?.provenance).toBe("simulated");
  });

  test("every interval in the answer is at least as wide as Wilson's on its resolved count", async () => {
    const p = await answer();
    const checked: string[] = [];
    const check = (
      name: string,
      k: number,
      n: number,
      low: number | null,
      high: number | null,
      dLow?: number | null,
      dHigh?: number | null,
      // The committed evidence is rounded to 4 decimals.
      slack = 1e-12,
    ) => {
      const w = wilsonInterval(k, n);
      if (!w || low === null || high === null) return;
      expect(low).toBeLessThanOrEqual(w.low + slack);
      expect(high).toBeGreaterThanOrEqual(w.high - slack);
      if (dLow != null && dHigh != null)
        expect(dHigh - dLow).toBeGreaterThanOrEqual(w.high - w.low - 2 * slack);
      checked.push(name);
    };
    check(
      "headline",
      p.happened,
      p.resolved,
      p.observedLow,
      p.observedHigh,
      p.observedMinusBaselineLow,
      p.observedMinusBaselineHigh,
    );
    for (const r of [...p.bands, ...p.deciles, ...p.years])
      check(
        r.label,
        r.happened,
        r.resolved,
        r.observedLow,
        r.observedHigh,
        r.observedMinusBaselineLow,
        r.observedMinusBaselineHigh,
      );
    const b = p.basket;
    check(
      "basket",
      b.beatMedian,
      b.resolved,
      b.beatMedianLow,
      b.beatMedianHigh,
      b.beatMedianMinusBaselineLow,
      b.beatMedianMinusBaselineHigh,
    );
    check(
      "live",
      p.live.happened,
      p.live.resolved,
      p.live.low,
      p.live.high,
      p.live.differenceLow,
      p.live.differenceHigh,
    );
    const e = p.evidence;
    for (const r of [
      ...e.years.map((y) => ({ ...y, name: String(y.year) })),
      { ...e.survivorshipFree, name: "sf" },
    ])
      check(
        `evidence ${r.name}`,
        r.beatMedian,
        r.calls,
        r.low,
        r.high,
        r.differenceLow,
        r.differenceHigh,
        1e-4,
      );
    expect(checked).toContain("evidence sf");
    expect(checked).toContain("headline");
    expect(checked).toContain("basket");
    expect(checked).toContain("2023");
  });

  test("beside the simulated record: the same rule every walk-forward year and on the survivorship-free set", async () => {
    const e = (await answer()).evidence;
    expect(e.years.map((y) => y.year)).toEqual(Array.from({ length: 14 }, (_, i) => 2010 + i));
    expect(e.designChoice).toContain("chosen on these same years, 2010-2023");
    const sf = e.survivorshipFree;
    expect(sf.period.from! >= "2014-01-01" && sf.period.to! <= "2018-12-31").toBe(true);
    expect(sf.calls).toBeGreaterThan(1000);
    expect(sf.baseline).not.toBeNull();
    expect(sf.difference).toBeCloseTo(sf.rate! - sf.baseline!, 3);
    expect(sf.demoSameDates.calls).toBeGreaterThan(1000);
  });

  test("a model call made on its own date is live and scored apart, never in the simulated figures", async () => {
    const before = await answer();
    const posted = await postRecommendation(
      t.deps,
      {
        symbol: "MSFT",
        buyPrice: 32000,
        sellTarget: 33000,
        confidence: 53,
        estimatedDate: addTradingSessions("2023-10-27", 60),
        reason: "Live call.",
        aggressive: false,
      },
      { postedBy: null, source: "model", modelVersion: "test" },
    );
    expect(posted.ok && posted.value.recommendation.provenance).toBe("live");
    // A new call changes the data version; the kept answer is not served.
    const after = await answer();
    expect(after.live).toMatchObject({ count: 1, open: 1, resolved: 0 });
    expect(after.count).toBe(before.count);
    expect(after.resolved).toBe(before.resolved);
  });
});
