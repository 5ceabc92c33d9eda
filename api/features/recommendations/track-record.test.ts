import { describe, expect, test } from "bun:test";
import {
  type Call,
  type CloseSeries,
  calendarTimeGrowth,
  computeOutcome,
  createUniverse,
  type Outcome,
  type ScoredCall,
  statedEvent,
  summarisePerformance,
  type TargetTouch,
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
  test("deciles 6-10 state beating the universe's median, 1-5 trailing it; without a decile, SELL trails", () => {
    expect([10, 9, 6, 5, 2, 1].map((d) => statedEvent(d, "HOLD"))).toEqual([
      "beats-median",
      "beats-median",
      "beats-median",
      "trails-median",
      "trails-median",
      "trails-median",
    ]);
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
    confidence: probability === null ? 80 : Math.round(probability * 100),
    probability,
    decile: probability === null ? null : 10,
    outcome: outcome({ eventHappened, ...out }),
    ...over,
  });

  test("bands by stated confidence with mean stated probability, observed rate and its Wilson interval", () => {
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
    const i = wilsonInterval(2, 3)!;
    expect(b.observedLow).toBeCloseTo(i.low, 10);
    expect(b.observedHigh).toBeCloseTo(i.high, 10);
    expect(p.bands[1]).toMatchObject({ count: 1, resolved: 0, observedRate: null, meanProbability: null });
    expect(p.bands[0]).toMatchObject({ count: 0, observedLow: null });
    // 53.6% is stated as 54%: the card's whole-percent confidence decides the band.
    expect(p.bands[3]).toMatchObject({ label: "54-55%", count: 1 });
    expect(p.bands[6]).toMatchObject({ label: "60% and above", count: 1, happened: 1 });
  });

  test("admin posts (no probability) count in the totals but not in any calibration row", () => {
    const p = summarisePerformance([scored(0.6, true), scored(null, false), scored(null, true)]);
    expect(p).toMatchObject({ count: 3, resolved: 3, happened: 2 });
    expect(p.observedRate).toBeCloseTo(2 / 3, 10);
    expect(p.meanProbability).toBeCloseTo(0.6, 10);
    expect(p.bands.reduce((n, b) => n + b.count, 0)).toBe(1);
    expect(p.deciles.reduce((n, b) => n + b.count, 0)).toBe(1);
    expect(p.years.reduce((n, b) => n + b.count, 0)).toBe(1);
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
    expect(p).toMatchObject({ count: 3, open: 1, resolved: 2, hits: 1, hitRate: 0.5 });
    expect(p.averageReturn).toBeCloseTo(0.03, 10);
    expect(p.medianReturn).toBeCloseTo(0.03, 10);
    expect(p.averageUniverseReturn).toBeCloseTo(0.01, 10);
    expect(p.averageExcessReturn).toBeCloseTo(0.02, 10);
  });

  test("nothing resolved gives nulls, not zeros", () => {
    const p = summarisePerformance([scored(0.6, null, {}, { status: "open" })]);
    expect(p.observedRate).toBeNull();
    expect(p.averageReturn).toBeNull();
    expect(p.hitRate).toBeNull();
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
