import { describe, expect, test } from "bun:test";
import {
  type DailyBar,
  detectionAccuracy,
  detectReactions,
  growthHistoryAt,
  growthProbability,
  nextReportEstimate,
  PEAK_SESSIONS,
  type Reaction,
  universeReactions,
} from "./earnings-events.ts";

const dateOf = (i: number) => new Date(Date.UTC(2022, 0, 3) + i * 86_400_000).toISOString().slice(0, 10);

/** `length` quiet sessions with a report-like spike (5x volume, 6% gap up) at the given indexes. */
function series(spikes: number[], length = 300, volumes: Record<number, number> = {}): DailyBar[] {
  const bars: DailyBar[] = [];
  let close = 100;
  for (let i = 0; i < length; i++) {
    const spike = spikes.includes(i);
    const open = spike ? close * 1.06 : close;
    close = spike ? open * 1.01 : close * 1.001;
    bars.push({ date: dateOf(i), open, close, volume: volumes[i] ?? (spike ? 5_000_000 : 1_000_000) });
  }
  return bars;
}

describe("earnings reactions estimated from prices", () => {
  test("the busiest session of its quarter is a reaction; quiet sessions are not", () => {
    expect(detectReactions(series([70, 160, 250]))).toEqual([70, 160, 250]);
    expect(detectReactions(series([]))).toEqual([]);
  });

  test("two spikes within 30 sessions are one report, the busier kept", () => {
    expect(detectReactions(series([100, 110], 300, { 110: 9_000_000 }))).toEqual([110]);
    expect(detectReactions(series([100, 110]))).toEqual([100]); // a tie goes to the first
  });

  test("a reaction counts only once 30 sessions confirm it, so cut history agrees with the full one", () => {
    const bars = series([70, 160, 250]);
    const full = detectReactions(bars);
    for (const cut of [90, 99, 100, 101, 189, 190, 299]) {
      expect(detectReactions(bars.slice(0, cut + 1))).toEqual(full.filter((i) => i + PEAK_SESSIONS <= cut));
    }
  });

  test("a day on which the whole market trades heavily is not a report; one stock's spike is", () => {
    const universe = new Map<string, DailyBar[]>();
    for (let s = 0; s < 24; s++) {
      // Every stock trades 4x on session 120 (an index rebalance); stock 0 also reports on session 200.
      universe.set(`S${s}`, series(s === 0 ? [200] : [], 300, { 120: 4_000_000 }));
    }
    const found = universeReactions(universe);
    expect(found.get("S0")!.map((r) => r.date)).toEqual([dateOf(200)]);
    expect(found.get("S1")).toEqual([]);
    // Without a market (one stock alone), the same rebalance day looks like a report.
    expect(detectReactions(universe.get("S1")!)).toEqual([120]);
  });

  test("each reaction carries its outcome 5 sessions on and the session from which it counts", () => {
    const [reaction] = universeReactions(new Map([["X", series([70])]])).get("X")!;
    const bars = series([70]);
    expect(reaction).toEqual({
      date: dateOf(70),
      known: dateOf(70 + PEAK_SESSIONS),
      move: bars[75]!.close / bars[69]!.close - 1,
      gap: bars[70]!.open / bars[69]!.close - 1,
    });
  });
});

describe("growth probability", () => {
  const r = (date: string, move: number, known = date): Reaction => ({ date, known, move, gap: move });
  const reactions = new Map([
    [
      "UP",
      [
        r("2019-01-10", 0.05),
        r("2022-01-10", 0.04),
        r("2022-04-10", 0.02),
        r("2023-06-01", 0.03, "2023-07-20"),
      ],
    ],
    ["DOWN", [r("2022-02-01", -0.03), r("2022-05-01", -0.01)]],
  ]);

  test("counts the reactions of the window known on the day, and the universe's rate over the same ones", () => {
    const h = growthHistoryAt(reactions, "2023-07-01", 3 * 365);
    // 2019 is outside the 3 years; the June 2023 reaction is not known until July 20.
    expect(h.perSymbol.get("UP")).toMatchObject({ n: 2, ups: 2 });
    expect(h.perSymbol.get("DOWN")).toMatchObject({ n: 2, ups: 0 });
    expect(h.universe).toMatchObject({ n: 4, ups: 2 });
    expect(h.baseRate).toBe(0.5);
    expect(growthHistoryAt(reactions, "2023-07-20", 3 * 365).perSymbol.get("UP")).toMatchObject({
      n: 3,
      ups: 3,
    });
    expect(growthHistoryAt(new Map(), "2023-07-01").baseRate).toBe(0.5);
  });

  test("the stock's own rate shrunk toward the universe's: (ups + k * base) / (n + k)", () => {
    expect(growthProbability({ n: 2, ups: 2 }, 0.5, 8)).toBeCloseTo((2 + 4) / 10, 12);
    expect(growthProbability({ n: 0, ups: 0 }, 0.55)).toBeCloseTo(0.55, 12);
  });

  test("next report: a year after the reaction near the same week, same weekday", () => {
    const reaction = dateOf(70); // 2022-03-14, a Monday
    const estimate = nextReportEstimate([{ date: reaction }], "2023-03-10", 7);
    expect(estimate).toEqual({ date: "2023-03-13", basedOn: reaction });
    expect(new Date("2023-03-13T00:00:00Z").getUTCDay()).toBe(new Date(`${reaction}T00:00:00Z`).getUTCDay());
    expect(nextReportEstimate([{ date: reaction }], "2023-04-01", 7)).toBeNull();
  });

  test("next report: a year after the reaction falling on an exchange holiday moves to the next session", () => {
    // 364 days after Friday 2022-04-08 is Good Friday 2023; after Friday 2022-11-25, Friday 2023-11-24 (a session).
    expect(nextReportEstimate([{ date: "2022-04-08" }], "2023-04-04", 7)).toEqual({
      date: "2023-04-10",
      basedOn: "2022-04-08",
    });
    expect(nextReportEstimate([{ date: "2022-11-25" }], "2023-11-20", 7)?.date).toBe("2023-11-24");
    // 364 days after Tuesday 2022-07-05 is Independence Day 2023.
    expect(nextReportEstimate([{ date: "2022-07-05" }], "2023-06-30", 7)?.date).toBe("2023-07-05");
  });
});

describe("detected report days against real ones", () => {
  // Sessions on weekdays of two weeks and a bit: Mon 2024-01-01 .. Fri 2024-01-19.
  const sessions = [1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 15, 16, 17, 18, 19].map(
    (d) => `2024-01-${String(d).padStart(2, "0")}`,
  );

  test("recall: a detection within one session of the reaction day (the next session after the close)", () => {
    const reports = [
      { date: "2024-01-04", afterClose: true }, // reaction Fri 5th; detection on Mon 8th is one session later
      { date: "2024-01-10", afterClose: false }, // reaction Wed 10th; detection on Fri 12th is two sessions later
      { date: "2024-01-18", afterClose: false }, // reaction Thu 18th; detected the next day
      { date: "2024-02-20", afterClose: false }, // outside the sessions: not counted
    ];
    expect(detectionAccuracy(sessions, ["2024-01-08", "2024-01-12", "2024-01-19"], reports)).toEqual({
      reports: 3,
      found: 2,
      detections: 3,
      correct: 2,
    });
  });

  test("precision counts only detections within 45 days of a real report", () => {
    const long = Array.from({ length: 200 }, (_, i) => dateOf(i));
    const reports = [{ date: dateOf(100), afterClose: false }];
    const accuracy = detectionAccuracy(long, [dateOf(10), dateOf(80), dateOf(101), dateOf(190)], reports);
    // dateOf(10) and dateOf(190) are more than 45 days away: the real dates say nothing about them.
    expect(accuracy).toEqual({ reports: 1, found: 1, detections: 2, correct: 1 });
  });
});
