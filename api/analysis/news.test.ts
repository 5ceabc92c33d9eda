import { describe, expect, test } from "bun:test";
import type { Headline } from "../lib/market-port.ts";
import { assessHeadlines, headlineScore } from "./news.ts";

const at = (title: string, day: number): Headline => ({
  title,
  publisher: "Wire",
  url: null,
  publishedAt: `2025-02-${String(day).padStart(2, "0")}T12:00:00.000Z`,
});

describe("headline sentiment", () => {
  test("no headlines: NEUTRAL and no summary", () => {
    expect(assessHeadlines([])).toEqual({ impact: "NEUTRAL", summary: null, scores: [] });
  });

  test("market words AFINN lacks are scored: beats and soars up, misses and plunges down", () => {
    expect(headlineScore("Apple beats estimates as shares soar")).toBeGreaterThan(0);
    expect(headlineScore("Apple misses estimates and shares plunge")).toBeLessThan(0);
    expect(headlineScore("Apple to report on Thursday")).toBe(0);
  });

  test("a negation turns the next word's tone: no, never, not and the n't forms", () => {
    expect(headlineScore("Apple shares don't soar")).toBeLessThan(0);
    expect(headlineScore("Apple reports no layoffs this year")).toBeGreaterThan(0);
    expect(headlineScore("Regulators never approved Apple's plan")).toBeLessThan(0);
    expect(headlineScore("Plan by constructor toString")).toBe(0);
  });

  test("the lean of several headlines, with counts and the latest one in the summary", () => {
    const good = assessHeadlines([
      at("Apple beats estimates, stock rallies to a record", 20),
      at("Analysts upgrade Apple after strong iPhone sales", 19),
      at("Apple to report on Thursday", 18),
    ]);
    expect(good.impact).toBe("POSITIVE");
    expect(good.summary).toBe(
      '3 recent headlines: 2 positive, 0 negative, 1 neutral in tone. Latest: "Apple beats estimates, stock ' +
        'rallies to a record" (Wire, 2025-02-20).',
    );
    const bad = assessHeadlines([at("Apple shares tumble after lawsuit and product recall", 20)]);
    expect(bad.impact).toBe("NEGATIVE");
    expect(bad.summary).toStartWith("1 recent headline: 0 positive, 1 negative");
    expect(assessHeadlines([at("Apple beats estimates", 20), at("Apple misses estimates", 19)]).impact).toBe(
      "NEUTRAL",
    );
  });
});
