/**
 * A recommendation's reason as a list: its sentences, and the factors after "What moved its rank most:" (the
 * model writes their names joined by commas, older rows whole phrases joined by semicolons) as items of their own.
 * An admin's free text becomes its sentences.
 */
export function reasonParts(reason: string): { points: string[]; factors: string[] } {
  const text = reason.trim();
  const factorsMatch = /What moved its rank most: (.*?)\.(?:\s|$)/.exec(text);
  const factors = factorsMatch ? factorsMatch[1]!.split(/;\s*|,\s+/).filter(Boolean) : [];
  const rest = factorsMatch ? text.replace(factorsMatch[0], " ") : text;
  // A sentence ends at ". " before a capital letter or a digit (prices like $12.50 have no space after the dot),
  // but not after a company's "Inc." or "Corp.".
  const points = rest
    .split(/(?<!\b(?:Inc|Corp|Co|Ltd|Cos|Bros|Hldgs|No|vs|St)\.)(?<=[.!?])\s+(?=[A-Z0-9])/)
    .map((s) => s.trim())
    .filter(Boolean);
  return { points, factors };
}
