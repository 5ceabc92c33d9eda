/** The most characters a list's reason holds: two lines of a card's small text on a phone (~46 a line). */
export const REASON_SUMMARY_CHARS = 96;

const FACTORS_SENTENCE = /What moved its rank most: .*?\.(?=\s|$)/;

/**
 * A reason as a list shows it, at most two lines (issue 43, point 2). A model call's card already shows its price,
 * rank, chance and expected return, so its summary is what moved its rank; an editor's note (or a reason without
 * that sentence) is summarised by its opening. Cut at a word, with an ellipsis, past REASON_SUMMARY_CHARS.
 */
export function reasonSummary(reason: string, source: "admin" | "model"): string {
  const text = reason.trim().replace(/\s+/g, " ");
  const factors = source === "model" ? FACTORS_SENTENCE.exec(text)?.[0] : undefined;
  const summary = factors ?? text;
  if (summary.length <= REASON_SUMMARY_CHARS) return summary;
  const cut = summary.slice(0, REASON_SUMMARY_CHARS);
  const atWord = cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : cut.length - 1);
  return `${atWord.replace(/[\s,;:.]+$/, "")}…`;
}
