import { describe, expect, test } from "bun:test";
import {
  baselineRate,
  type Call,
  type CloseSeries,
  calendarTimeGrowth,
  clusteredRate,
  computeOutcome,
  createUniverse,
  honestHalfWidth,
  neweyWestLag,
  type Outcome,
  type ScoredCall,
  statedEvent,
  summarisePerformance,
  type TargetTouch,
  volatilityAsOf,
  wilsonInterval,
} from "./track-record.ts";

// A five-stock universe on four sessions (adjusted closes). Over 01-03 -> 01-06 the returns are
// AAA +10%, BBB +5%, CCC 0%, DDD -5%, EEE -10%: median 0%, mean 0%.
const sessions = ["2023-01-03", "2023-01-04", "2023-01-05", "2023-01-06", "2023-01-09"];
const closes = new Map([
  [
    "2023-01-03",
    new Map([
      ["AAA", 100],
      ["BBB", 100],
      ["CCC", 100],
      ["DDD", 100],
      ["EEE", 100],
      ["^GSPC", 4000],
    ]),
  ],
  [
    "2023-01-05",
    new Map([
      ["AAA", 103],
      ["BBB", 101],
      ["CCC", 100],
      ["DDD", 99],
      ["EEE", 95],
    ]),
  ],
  [
    "2023-01-06",
    new Map([
      ["AAA", 110],
      ["BBB", 105],
      ["CCC", 100],
      ["DDD", 95],
      ["EEE", 90],
      // The index is not a member: a +50% here must not move the median.
      ["^GSPC", 6000],
    ]),
  ],
]);
const members = ["AAA", "BBB", "CCC", "DDD", "EEE"];
const universe = () => createUniverse(sessions, closes, members);

const call = (over: Partial<Call> = {}): Call => ({
  symbol: "BBB",
  recommendationDate: "2023-01-03",
  estimatedDate: "2023-01-06",
  event: "beats-median",
  ...over,
});
const touch = (reachedOn: string | null, lastSeen: string | null = "2023-01-06"): TargetTouch => ({
  reachedOn,
  lastSeen,
});
const none = touch(null, null);

describe("the event a call states", () => {
  test("a HOLD states beating the median in every decile; SELL and the bottom WATCH trail; without a decile, SELL trails", () => {
    expect([10, 9, 6, 5, 2, 1].map((d) => statedEvent(d, "HOLD"))).toEqual(Array(6).fill("beats-median"));
    expect([
      statedEvent(10, "BUY"),
      statedEvent(9, "WATCH"),
      statedEvent(2, "WATCH"),
      statedEvent(1, "SELL"),
    ]).toEqual(["beats-median", "beats-median", "trails-median", "trails-median"]);
    expect(statedEvent(null, null)).toBe("beats-median");
    expect(statedEvent(null, "SELL")).toBe("trails-median");
  });
});

describe("outcome of one call", () => {
  test("total return against the median total return of the universe over the same sessions", () => {
    const o = computeOutcome(call(), touch("2023-01-06"), universe(), "2023-01-31");
    expect(o.exitDate).toBe("2023-01-06");
    expect(o.realisedReturn).toBeCloseTo(0.05, 10);
    expect(o.universeMedianReturn).toBeCloseTo(0, 10);
    expect(o.universeMeanReturn).toBeCloseTo(0, 10);
    expect(o.eventHappened).toBe(true);
    expect(o).toMatchObject({ status: "hit", targetReachedOn: "2023-01-06" });
  });

  test("a lower-half call states trailing the median: right when the stock trails it", () => {
    const trails = call({ symbol: "DDD", event: "trails-median" });
    expect(computeOutcome(trails, touch(null), universe(), "2023-01-31").eventHappened).toBe(true);
    expect(
      computeOutcome({ ...trails, symbol: "AAA" }, touch(null), universe(), "2023-01-31").eventHappened,
    ).toBe(false);
    // Being the median itself is neither beating nor trailing it.
    expect(computeOutcome(call({ symbol: "CCC" }), touch(null), universe(), "2023-01-31").eventHappened).toBe(
      false,
    );
  });

  test("the event is judged over the whole horizon, close to close, even after an early target hit", () => {
    // DDD touches the target on 01-04 but ends at -5% while the median made 0%.
    const o = computeOutcome(call({ symbol: "DDD" }), touch("2023-01-04"), universe(), "2023-01-31");
    expect(o.status).toBe("hit");
    expect(o.eventHappened).toBe(false);
  });

  test("the target date on a non-session is measured to the last session on or before it", () => {
    const o = computeOutcome(call({ estimatedDate: "2023-01-08" }), touch(null), universe(), "2023-01-31");
    expect(o.exitDate).toBe("2023-01-06");
    expect(o.eventHappened).toBe(true);
  });

  test("open until the target date has passed, marked to the last session seen", () => {
    const o = computeOutcome(call(), touch(null, "2023-01-05"), universe(), "2023-01-05");
    expect(o.status).toBe("open");
    expect(o.exitDate).toBe("2023-01-05");
    expect(o.realisedReturn).toBeCloseTo(0.01, 10);
    expect(o.universeMedianReturn).toBeCloseTo(0, 10);
    expect(o.eventHappened).toBeNull();
  });

  test("nothing after the recommendation date yet: open with no returns", () => {
    expect(computeOutcome(call(), none, universe(), "2023-01-03")).toEqual({
      status: "open",
      targetReachedOn: null,
      exitDate: null,
      realisedReturn: null,
      universeMedianReturn: null,
      universeMeanReturn: null,
      statedEvent: "beats-median",
      eventHappened: null,
    });
  });

  test("target: missed once the target date has passed unreached, open before, open without any prices", () => {
    expect(computeOutcome(call(), touch(null), universe(), "2023-01-31").status).toBe("missed");
    expect(computeOutcome(call(), touch(null, "2023-01-05"), universe(), "2023-01-05").status).toBe("open");
    expect(computeOutcome(call(), none, universe(), "2023-01-31").status).toBe("open");
  });

  test("prices after as-of are never looked at", () => {
    // No closes are known on 01-04 itself, so nothing is scored yet.
    const o = computeOutcome(call(), touch(null, "2023-01-04"), universe(), "2023-01-04");
    expect(o.status).toBe("open");
    expect(o.realisedReturn).toBeNull();
    expect(o.universeMedianReturn).toBeNull();
  });

  test("a stock without prices on both sessions has no return and no event", () => {
    const o = computeOutcome(call({ symbol: "ZZZ" }), none, universe(), "2023-01-31");
    expect(o.realisedReturn).toBeNull();
    expect(o.eventHappened).toBeNull();
    expect(o.universeMedianReturn).toBeCloseTo(0, 10);
  });
});

describe("Wilson interval", () => {
  test("95% interval of 8 in 10 is about 0.49-0.94; none of none is unknown", () => {
    const i = wilsonInterval(8, 10)!;
    expect(i.low).toBeCloseTo(0.4902, 3);
    expect(i.high).toBeCloseTo(0.9433, 3);
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(wilsonInterval(0, 5)!.low).toBe(0);
  });
});

describe("performance summary", () => {
  const outcome = (over: Partial<Outcome>): Outcome => ({
    status: "missed",
    targetReachedOn: null,
    exitDate: "2023-03-31",
    realisedReturn: 0.02,
    universeMedianReturn: 0.01,
    universeMeanReturn: 0.015,
    statedEvent: "beats-median",
    eventHappened: true,
    ...over,
  });
  const scored = (
    probability: number | null,
    eventHappened: boolean | null,
    over: Partial<ScoredCall> = {},
    out: Partial<Outcome> = {},
  ): ScoredCall => ({
    recommendationDate: "2023-01-03",
    source: probability === null ? "admin" : "model",
    provenance: "simulated",
    call: probability === null ? null : "BUY",
    confidence: probability === null ? 80 : Math.round(probability * 100),
    probability,
    decile: probability === null ? null : 10,
    outcome: outcome({ eventHappened, ...out }),
    baseline: null,
    ...over,
  });

  test("bands by stated confidence with mean stated probability and observed rate", () => {
    const p = summarisePerformance([
      scored(0.521, true),
      scored(0.526, false),
      scored(0.534, true),
      scored(0.536, true),
      scored(0.61, true),
      scored(0.51, null, {}, { status: "open" }),
    ]);
    expect(p.bands.map((b) => b.label)).toEqual([
      "below 50%",
      "50-51%",
      "52-53%",
      "54-55%",
      "56-57%",
      "58-59%",
      "60% and above",
    ]);
    const b = p.bands[2]!;
    expect(b).toMatchObject({ label: "52-53%", count: 3, resolved: 3, happened: 2 });
    expect(b.meanProbability).toBeCloseTo((0.521 + 0.526 + 0.534) / 3, 10);
    expect(b.observedRate).toBeCloseTo(2 / 3, 10);
    // Every call of one date: one draw of the market, no interval (clustered by date).
    expect(b.observedLow).toBeNull();
    expect(p.bands[1]).toMatchObject({ count: 1, resolved: 0, observedRate: null, meanProbability: null });
    expect(p.bands[0]).toMatchObject({ count: 0, observedLow: null });
    // 53.6% is stated as 54%: the card's whole-percent confidence decides the band.
    expect(p.bands[3]).toMatchObject({ label: "54-55%", count: 1 });
    expect(p.bands[6]).toMatchObject({ label: "60% and above", count: 1, happened: 1 });
  });

  test("editor's picks are kept out of every model figure and reported apart", () => {
    const model = [scored(0.6, true, { baseline: 0.5 }), scored(0.53, false, { baseline: 0.4 })];
    const picks = [
      scored(null, false, { confidence: 85, baseline: 0.3 }),
      scored(null, true, { confidence: 90, baseline: 0.5 }),
      scored(null, null, { confidence: 70 }, { status: "open" }),
    ];
    const alone = summarisePerformance(model);
    const mixed = summarisePerformance([...picks, ...model]);
    const { editorsPicks, ...modelFigures } = mixed;
    const { editorsPicks: none, ...aloneFigures } = alone;
    expect(modelFigures).toEqual(aloneFigures);
    expect(mixed).toMatchObject({ count: 2, resolved: 2, happened: 1 });
    expect(mixed.basket.calls).toBe(2);
    expect(none).toMatchObject({ count: 0, resolved: 0, beatMedianRate: null, beatMedianRateBaseline: null });
    expect(editorsPicks).toEqual({
      count: 3,
      open: 1,
      resolved: 2,
      beatMedian: 1,
      beatMedianRate: 0.5,
      beatMedianRateBaseline: 0.4,
      meanEditorConfidence: 87.5,
    });
  });

  test("rows per stored decile (best first) and per recommendation year", () => {
    const p = summarisePerformance([
      scored(0.6, true, { decile: 10, recommendationDate: "2022-06-01" }),
      scored(0.55, false, { decile: 9, recommendationDate: "2023-02-01" }),
      scored(0.55, true, { decile: 9, recommendationDate: "2023-03-01" }),
      scored(0.58, true, { decile: 1, recommendationDate: "2023-03-01" }),
    ]);
    expect(p.deciles.map((d) => [d.label, d.count, d.happened])).toEqual([
      ["Decile 10", 1, 1],
      ["Decile 9", 2, 1],
      ["Decile 1", 1, 1],
    ]);
    expect(p.years.map((y) => [y.label, y.count, y.resolved])).toEqual([
      ["2022", 1, 1],
      ["2023", 3, 3],
    ]);
  });

  test("returns over resolved calls against the universe's average; open calls are not resolved", () => {
    const p = summarisePerformance([
      scored(0.6, true, {}, { realisedReturn: 0.1, universeMeanReturn: 0.02 }),
      scored(0.6, false, {}, { realisedReturn: -0.04, universeMeanReturn: 0.0, status: "hit" }),
      scored(0.6, null, {}, { realisedReturn: 0.5, universeMeanReturn: 0.0, status: "open" }),
    ]);
    expect(p).toMatchObject({ count: 3, open: 1, resolved: 2 });
    // The target hit rate has no same-risk baseline: it is not served (every rate has one beside it).
    expect(p).not.toHaveProperty("hitRate");
    expect(p.averageReturn).toBeCloseTo(0.03, 10);
    expect(p.medianReturn).toBeCloseTo(0.03, 10);
    expect(p.averageUniverseReturn).toBeCloseTo(0.01, 10);
    expect(p.averageExcessReturn).toBeCloseTo(0.02, 10);
  });

  test("nothing resolved gives nulls, not zeros", () => {
    const p = summarisePerformance([scored(0.6, null, {}, { status: "open" })]);
    expect(p.observedRate).toBeNull();
    expect(p.averageReturn).toBeNull();
    expect(p.observedRateBaseline).toBeNull();
  });
});

describe("calendar-time growth of the open calls against the universe", () => {
  // Three stocks and the index on five sessions (adjusted closes). Daily returns:
  //        01-04  01-05  01-06  01-09
  //   AAA   +10%   -10%     0%   +10%
  //   BBB     0%   +10%   -20%     0%
  //   CCC     0%     0%    +5%     0%
  const days = ["2023-01-03", "2023-01-04", "2023-01-05", "2023-01-06", "2023-01-09"];
  const series = (closes: number[]): CloseSeries => ({ dates: days, closes });
  const daily = new Map([
    ["AAA", series([100, 110, 99, 99, 108.9])],
    ["BBB", series([50, 50, 55, 44, 44])],
    ["CCC", series([20, 20, 20, 21, 21])],
    ["^GSPC", series([4000, 4400, 4400, 4400, 4400])],
  ]);
  const members = ["AAA", "BBB", "CCC"];
  const values = (points: ReturnType<typeof calendarTimeGrowth>) =>
    points.map((p) => [p.date, p.openCalls, +p.callsValue.toFixed(10), +p.universeValue.toFixed(10)]);

  test("each day holds every open call equally and the universe equally; both compound from 1", () => {
    const points = calendarTimeGrowth(
      [
        // Held 01-04 and 01-05 (after its date, up to its target date).
        { symbol: "AAA", recommendationDate: "2023-01-03", estimatedDate: "2023-01-05" },
        // Held 01-05 and 01-06: a Saturday target date ends with Friday's close.
        { symbol: "BBB", recommendationDate: "2023-01-04", estimatedDate: "2023-01-07" },
      ],
      daily,
      members,
      days,
      "2023-01-09",
    );
    // Calls: 01-04 AAA +10% -> 1.1; 01-05 mean(-10%, +10%) = 0 -> 1.1; 01-06 BBB -20% -> 0.88.
    // Universe (the index left out): 01-04 mean(+10%, 0, 0) -> 1.0333...; 01-05 mean(-10%, +10%, 0) = 0;
    // 01-06 mean(0, -20%, +5%) = -5% -> 1.0333... x 0.95 = 0.981666...
    expect(values(points)).toEqual([
      ["2023-01-03", 0, 1, 1],
      ["2023-01-04", 1, 1.1, 1.0333333333],
      ["2023-01-05", 2, 1.1, 1.0333333333],
      ["2023-01-06", 1, 0.88, 0.9816666667],
    ]);
  });

  test("days without an open call stand still in both lines; calls still open are held up to as-of", () => {
    const points = calendarTimeGrowth(
      [
        { symbol: "AAA", recommendationDate: "2023-01-03", estimatedDate: "2023-01-04" },
        // Opens after 01-05; its target date is after as-of, so it is held to as-of only.
        { symbol: "CCC", recommendationDate: "2023-01-05", estimatedDate: "2023-03-31" },
      ],
      daily,
      members,
      days,
      "2023-01-06",
    );
    expect(values(points)).toEqual([
      ["2023-01-03", 0, 1, 1],
      ["2023-01-04", 1, 1.1, 1.0333333333],
      ["2023-01-05", 0, 1.1, 1.0333333333],
      ["2023-01-06", 1, 1.155, 0.9816666667],
    ]);
  });

  test("no call with a session after its date gives no line", () => {
    const call = { symbol: "AAA", recommendationDate: "2023-01-09", estimatedDate: "2023-03-31" };
    expect(calendarTimeGrowth([call], daily, members, days, "2023-01-09")).toEqual([]);
    expect(calendarTimeGrowth([], daily, members, days, "2023-01-09")).toEqual([]);
  });
});

describe("the universe is each date's index members", () => {
  test("a stock that was not a member on the recommendation date is not in that call's median", () => {
    // EEE joins after 01-03: the median of AAA-DDD over 01-03 -> 01-06 is (+5% + 0%) / 2 = +2.5%.
    const joined = (date: string) => (date < "2023-01-04" ? ["AAA", "BBB", "CCC", "DDD"] : members);
    const u = createUniverse(sessions, closes, joined);
    const before = computeOutcome(call({ symbol: "BBB" }), touch(null), u, "2023-01-31");
    expect(before.universeMedianReturn).toBeCloseTo(0.025, 10);
    expect(before.eventHappened).toBe(true);
    expect(computeOutcome(call({ symbol: "CCC" }), touch(null), u, "2023-01-31").eventHappened).toBe(false);
    // With EEE a member that day, the same window's median is 0%.
    expect(computeOutcome(call(), touch(null), universe(), "2023-01-31").universeMedianReturn).toBeCloseTo(
      0,
      10,
    );
  });

  test("the universe line holds, each day, only that day's members", () => {
    const days = ["2023-01-03", "2023-01-04", "2023-01-05"];
    const daily = new Map([
      ["AAA", { dates: days, closes: [100, 110, 110] }],
      ["BBB", { dates: days, closes: [100, 100, 100] }],
      ["ZZZ", { dates: days, closes: [100, 200, 400] }],
    ]);
    const held = [{ symbol: "AAA", recommendationDate: "2023-01-03", estimatedDate: "2023-01-05" }];
    // ZZZ (+100% a day) is a member from 01-05 only.
    const points = calendarTimeGrowth(
      held,
      daily,
      ["AAA", "BBB", "ZZZ"],
      days,
      "2023-01-05",
      (symbol, date) => symbol !== "ZZZ" || date >= "2023-01-05",
    );
    // 01-04: mean(+10%, 0) = +5%; 01-05: mean(0, 0, +100%) = +33.3%.
    expect(points.map((p) => +p.universeValue.toFixed(10))).toEqual([1, 1.05, 1.4]);
  });
});

describe("the same-risk baseline on a hand-made market", () => {
  // Ten members and one outsider on 66 business days. Up to the recommendation date (session 61) each stock's
  // daily log return alternates +s/-s, s = 0.5%, 1%, ... 5% for S0..S9, so the volatility fifths are
  // {S0,S1} {S2,S3} {S4,S5} {S6,S7} {S8,S9}; OUT (s = 6%, not a member) ranks with the most volatile.
  // Over sessions 61 -> 65 the returns are:
  //   S0 +1%  S1 -2%  S2 +3%  S3 -4%  S4 +5%  S5 +6%  S6 +7%  S7 +8%  S8 -9%  S9 +10%, OUT +50%
  // Median of the members: (+3% + +5%) / 2 = +4% (OUT is not in it). Beating it by fifth: 0/2, 0/2, 2/2, 2/2, 1/2.
  const dates: string[] = [];
  for (let d = new Date("2023-01-02T00:00:00Z"); dates.length < 66; d.setUTCDate(d.getUTCDate() + 1))
    if (d.getUTCDay() % 6 !== 0) dates.push(d.toISOString().slice(0, 10));
  const recommendationDate = dates[61]!;
  const estimatedDate = dates[65]!;
  const windowReturns = [0.01, -0.02, 0.03, -0.04, 0.05, 0.06, 0.07, 0.08, -0.09, 0.1];
  const members = windowReturns.map((_, i) => `S${i}`);
  const seriesOf = (s: number, r: number): CloseSeries => {
    const out = [100];
    for (let i = 1; i <= 61; i++) out.push(out[i - 1]! * Math.exp(i % 2 ? s : -s));
    const at = out[61]!;
    out.push(at, at, at, at * (1 + r));
    return { dates, closes: out };
  };
  const daily = new Map<string, CloseSeries>([
    ...members.map((m, i) => [m, seriesOf(0.005 * (i + 1), windowReturns[i]!)] as const),
    ["OUT", seriesOf(0.06, 0.5)],
  ]);
  const byDate = new Map(
    dates.map((d, j) => [d, new Map([...daily].map(([symbol, s]) => [symbol, s.closes[j]!]))]),
  );
  const universe = createUniverse(dates, byDate, members, daily);
  const asOf = dates[65]!;
  const on = (symbol: string, event: Call["event"] = "beats-median"): Call => ({
    symbol,
    recommendationDate,
    estimatedDate,
    event,
  });

  test("60-session volatility of daily log returns, annualised; none with fewer sessions", () => {
    // Alternating +-1% over 60 returns: sample deviation 0.01 * sqrt(60 / 59), annualised by sqrt(252).
    expect(volatilityAsOf(daily.get("S1")!, recommendationDate)).toBeCloseTo(
      0.01 * Math.sqrt(60 / 59) * Math.sqrt(252),
      10,
    );
    expect(volatilityAsOf(daily.get("S1")!, dates[59]!)).toBeNull();
  });

  test("fifths are formed among the date's members; an outsider is placed by their breakpoints", () => {
    expect(members.map((m) => universe.fifthOf(m, recommendationDate, recommendationDate))).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
    expect(universe.fifthOf("OUT", recommendationDate, recommendationDate)).toBe(5);
  });

  test("the baseline is how often the same fifth's members did the call's event over the same sessions", () => {
    expect(baselineRate(on("S9"), universe, asOf)).toBe(0.5);
    expect(baselineRate(on("OUT"), universe, asOf)).toBe(0.5);
    expect(baselineRate(on("S5"), universe, asOf)).toBe(1);
    expect(baselineRate(on("S0"), universe, asOf)).toBe(0);
    // Trailing the median: both of the second fifth did (+3% and -4% against +4%).
    expect(baselineRate(on("S2", "trails-median"), universe, asOf)).toBe(1);
    // The call's own outcome is against the members' median: OUT +50% beat +4%.
    expect(computeOutcome(on("OUT"), touch(null), universe, asOf).universeMedianReturn).toBeCloseTo(0.04, 10);
    // Open calls and markets without daily closes have no baseline.
    expect(baselineRate(on("S9"), universe, dates[64]!)).toBeNull();
    expect(baselineRate(on("S9"), createUniverse(dates, byDate, members), asOf)).toBeNull();
  });

  test("observed against baseline: the rate, the mean of the calls' baselines and the difference", () => {
    const scoredOn = (symbol: string): ScoredCall => {
      const c = on(symbol);
      return {
        recommendationDate,
        source: "model",
        provenance: "simulated",
        call: "BUY",
        confidence: 53,
        probability: 0.53,
        decile: 10,
        outcome: computeOutcome(c, touch(null), universe, asOf),
        baseline: baselineRate(c, universe, asOf),
      };
    };
    // S9 beat (baseline 1/2), S8 did not (1/2), S5 beat (1), S0 did not (0): observed 2/4, baseline 2/4.
    const p = summarisePerformance(["S9", "S8", "S5", "S0"].map(scoredOn));
    expect(p.observedRate).toBe(0.5);
    expect(p.observedRateBaseline).toBe(0.5);
    expect(p.observedMinusBaseline).toBe(0);
    expect(p.bands[2]).toMatchObject({ label: "52-53%", observedRate: 0.5, observedRateBaseline: 0.5 });
    expect(p.basket.dates).toEqual([
      {
        date: recommendationDate,
        calls: 4,
        resolved: 4,
        beatMedian: 2,
        beatMedianRate: 0.5,
        beatMedianRateBaseline: 0.5,
      },
    ]);
  });
});

describe("intervals clustered by date", () => {
  const call = (date: string, happened: boolean, over: Partial<ScoredCall> = {}): ScoredCall => ({
    recommendationDate: date,
    source: "model",
    provenance: "simulated",
    call: "BUY",
    confidence: 53,
    probability: 0.53,
    decile: 10,
    outcome: {
      status: "missed",
      targetReachedOn: null,
      exitDate: date,
      realisedReturn: 0,
      universeMedianReturn: 0,
      universeMeanReturn: 0,
      statedEvent: "beats-median",
      eventHappened: happened,
    },
    baseline: 0.5,
    ...over,
  });
  const dates = Array.from(
    { length: 20 },
    (_, i) => `2023-${String(1 + Math.floor(i / 4)).padStart(2, "0")}-0${1 + (i % 4) * 2}`,
  );

  test("when a date's calls move together the interval is much wider than Wilson's on independent calls", () => {
    // 20 dates of 10 calls; on 11 dates every call beat the median, on 9 none did: 110 of 200.
    const together = dates.flatMap((d, i) =>
      Array.from({ length: 10 }, () => call(d, i % 2 === 0 || i === 19)),
    );
    const r = clusteredRate(together, 0);
    expect(r.rate).toBe(0.55);
    const wilson = wilsonInterval(110, 200)!;
    // Per date the rate is 0 or 1: the clustered half-width is t(19) * sqrt(20 * 0.55 * 0.45) / 20, about 0.23
    // (20 blocks of one date: Student's t on 19 degrees of freedom, wider than the normal's 1.96).
    expect(r.high! - r.low!).toBeCloseTo(2 * 2.093 * Math.sqrt((0.55 * 0.45) / 20), 10);
    expect(r.high! - r.low!).toBeGreaterThan(2.5 * (wilson.high - wilson.low));
    // Calls that vary within each date (6 of 10 or 5 of 10 every date) would give less than Wilson's width by
    // dates; no interval is narrower than Wilson's on its count, so it is Wilson's.
    const mixed = dates.flatMap((d, i) =>
      Array.from({ length: 10 }, (_, j) => call(d, j < (i % 2 === 0 ? 6 : 5))),
    );
    const m = clusteredRate(mixed, 0);
    expect(m.rate).toBe(0.55);
    expect(m.low).toBeCloseTo(wilson.low, 12);
    expect(m.high).toBeCloseTo(wilson.high, 12);
  });

  test("no interval is narrower than Wilson's, the difference's included", () => {
    // Two dates of 45 calls each, the same rate on both: the per-date errors collapse to nothing.
    const calls = ["2022-03-04", "2022-03-11"].flatMap((d) =>
      Array.from({ length: 45 }, (_, j) => call(d, j < 28, { baseline: 0.5 })),
    );
    const r = clusteredRate(calls, 12);
    const wilson = wilsonInterval(56, 90)!;
    expect(r.low).toBeCloseTo(wilson.low, 12);
    expect(r.high).toBeCloseTo(wilson.high, 12);
    expect(r.differenceHigh! - r.differenceLow!).toBeCloseTo(wilson.high - wilson.low, 12);
  });

  test("overlapping horizons: non-overlapping blocks of lag + 1 dates widen past Newey-West", () => {
    const runs = dates.map((d, i) => call(d, Math.floor(i / 4) % 2 === 0));
    const residuals = runs.map((c) => (c.outcome.eventHappened ? 1 : 0) - 0.6);
    // Blocks of 4 dates: 5 blocks with sums 1.6, -2.4, 1.6, -2.4, 1.6; t(4) = 2.776.
    const blocks = 2.776 * Math.sqrt(3 * 1.6 ** 2 + 2 * 2.4 ** 2);
    expect(honestHalfWidth(residuals, 20, 3)).toBeCloseTo(blocks / 20, 10);
  });

  test("overlapping horizons: Newey-West over neighbouring dates widens the interval of a run of good dates", () => {
    // Runs of four good dates then four bad: neighbours move together, so a lag widens the interval.
    const runs = dates.map((d, i) => call(d, Math.floor(i / 4) % 2 === 0));
    const none = clusteredRate(runs, 0);
    const lagged = clusteredRate(runs, 4);
    expect(lagged.rate).toBe(none.rate);
    expect(lagged.high! - lagged.low!).toBeGreaterThan(none.high! - none.low!);
  });

  test("the difference from the baseline gets its own clustered interval", () => {
    const calls = dates.flatMap((d, i) =>
      Array.from({ length: 10 }, () => call(d, i % 2 === 0 || i === 19, { baseline: 0.45 })),
    );
    const r = clusteredRate(calls, 0);
    expect(r.baseline).toBeCloseTo(0.45, 10);
    expect(r.difference).toBeCloseTo(0.1, 10);
    expect(r.differenceHigh! - r.differenceLow!).toBeCloseTo(r.high! - r.low!, 10);
    expect(r.differenceLow!).toBeLessThan(0);
  });

  test("the lag is the horizon over the sessions between dates: weekly calls over 60 sessions take 12", () => {
    const sessions: string[] = [];
    for (let d = new Date("2023-01-02T00:00:00Z"); sessions.length < 200; d.setUTCDate(d.getUTCDate() + 1))
      if (d.getUTCDay() % 6 !== 0) sessions.push(d.toISOString().slice(0, 10));
    const weekly = sessions.filter((_, i) => i % 5 === 0);
    expect(neweyWestLag(weekly, sessions, 60)).toBe(12);
    expect(neweyWestLag(sessions.slice(0, 50), sessions, 60)).toBe(60);
    expect(neweyWestLag([weekly[0]!], sessions, 60)).toBe(0);
  });
});
