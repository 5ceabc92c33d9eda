import { describe, expect, test } from "bun:test";
import {
  type DailyBar,
  detectReactions,
  nextReportEstimate,
  reactionStats,
  shrunkProbability,
} from "./earnings-events.ts";

/** 300 quiet sessions with a report-like spike (5x volume, 6% gap up) at the given indexes. */
function series(spikes: number[]): DailyBar[] {
  const bars: DailyBar[] = [];
  let close = 100;
  for (let i = 0; i < 300; i++) {
    const date = new Date(Date.UTC(2022, 0, 3) + i * 86_400_000).toISOString().slice(0, 10);
    const spike = spikes.includes(i);
    const open = spike ? close * 1.06 : close;
    close = spike ? open * 1.01 : close * 1.001;
    bars.push({ date, open, close, volume: spike ? 5_000_000 : 1_000_000 });
  }
  return bars;
}

describe("earnings reactions estimated from prices", () => {
  test("a volume spike with a gap is a reaction; quiet sessions are not", () => {
    const bars = series([70, 160, 250]);
    expect(detectReactions(bars)).toEqual([70, 160, 250]);
  });

  test("two spikes within 45 days are one report, the stronger kept", () => {
    const bars = series([100, 110]);
    bars[110]!.volume = 9_000_000;
    expect(detectReactions(bars)).toEqual([110]);
  });

  test("the move 5 sessions after, shrunk toward the universe rate", () => {
    const bars = series([70, 160]);
    const stats = reactionStats(bars, [70, 160]);
    expect(stats).toMatchObject({ n: 2, ups: 2 });
    expect(shrunkProbability(stats, 0.5, 8)).toBeCloseTo((2 + 4) / 10, 12);
    expect(shrunkProbability({ n: 0, ups: 0, meanMove: 0 }, 0.55)).toBeCloseTo(0.55, 12);
  });

  test("next report: a year after the reaction near the same week, same weekday", () => {
    const bars = series([70]);
    const reaction = bars[70]!.date; // 2022-03-14, a Monday
    const estimate = nextReportEstimate(bars, [70], "2023-03-10", 7);
    expect(estimate).toEqual({ date: "2023-03-13", basedOn: reaction });
    expect(new Date("2023-03-13T00:00:00Z").getUTCDay()).toBe(new Date(`${reaction}T00:00:00Z`).getUTCDay());
    expect(nextReportEstimate(bars, [70], "2023-04-01", 7)).toBeNull();
  });
});
