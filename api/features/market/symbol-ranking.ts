// How a symbol search ranks the securities it knows (docs/decisions/042-symbol-search.md). Pure functions over a
// list prepared once per market data version, so a keystroke costs a scan of a few hundred strings in memory.

export interface Security {
  symbol: string;
  name: string;
}

/** A security with the lower-cased forms the ranking compares, computed once per list. */
export interface SearchableSecurity extends Security {
  symbolKey: string;
  nameKey: string;
  /** The name's words, lower-cased, split on anything that is not a letter or a digit. */
  words: string[];
}

/** Match tiers, best first: a lower tier always ranks above a higher one. */
export const Tier = {
  exactSymbol: 0,
  symbolPrefix: 1,
  namePrefix: 2,
  nearSymbol: 3,
  nearNameWord: 4,
  subsequence: 5,
} as const;

const normalize = (text: string) => text.trim().toLowerCase();
const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

export function searchable(list: readonly Security[]): SearchableSecurity[] {
  return list.map((s) => ({
    ...s,
    symbolKey: s.symbol.toLowerCase(),
    nameKey: wordsOf(s.name.toLowerCase()).join(" "),
    words: wordsOf(s.name.toLowerCase()),
  }));
}

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions), giving up early: any answer above
 * `max` is reported as `max + 1`, which is all the ranking needs.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prevPrev[j - 2]! + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return Math.min(prev[b.length]!, max + 1);
}

/** The span of `text` that holds `query`'s characters in order, or null when they are not all there. */
export function subsequenceSpan(query: string, text: string): number | null {
  let from = -1;
  let at = 0;
  for (let i = 0; i < text.length && at < query.length; i++) {
    if (text[i] !== query[at]) continue;
    if (at === 0) from = i;
    at++;
    if (at === query.length) return i - from + 1;
  }
  return null;
}

/** Typos allowed for a query of this length: none below 3 characters, one up to 5, two from 6. */
const typosFor = (length: number) => (length < 3 ? 0 : length < 6 ? 1 : 2);

/** How well one security matches: its tier and, within the tier, a number where lower is better. */
export function matchOf(query: string, s: SearchableSecurity): { tier: number; score: number } | null {
  const q = normalize(query);
  if (!q) return null;
  if (s.symbolKey === q) return { tier: Tier.exactSymbol, score: 0 };
  if (s.symbolKey.startsWith(q)) return { tier: Tier.symbolPrefix, score: s.symbolKey.length };
  // A word of the name (or several words in a row) starts with the query: "app", "bank of", "johnson &".
  const qWords = wordsOf(q).join(" ");
  if (qWords) {
    const at = ` ${s.nameKey}`.indexOf(` ${qWords}`);
    if (at !== -1) return { tier: Tier.namePrefix, score: at };
  }
  const typos = typosFor(q.length);
  if (typos) {
    const near = editDistance(q, s.symbolKey, Math.min(typos, 1));
    if (near <= 1) return { tier: Tier.nearSymbol, score: near };
    // A typo in the beginning of a word: compare with the word's prefixes about as long as the query.
    let best = typos + 1;
    for (const word of s.words) {
      for (let len = q.length - typos; len <= q.length + typos; len++) {
        if (len < 1 || len > word.length) continue;
        best = Math.min(best, editDistance(q, word.slice(0, len), typos));
      }
    }
    if (best <= typos) return { tier: Tier.nearNameWord, score: best };
  }
  if (q.length >= 3) {
    const span = subsequenceSpan(q.replace(/\s+/g, ""), `${s.symbolKey} ${s.nameKey}`);
    if (span !== null && span <= q.length * 3) return { tier: Tier.subsequence, score: span };
  }
  return null;
}

/**
 * The securities matching `query`, best first: exact symbol, symbol prefix (shorter symbols first), a word of the
 * name starting with the query (earlier words first), then fuzzy matches (a symbol one edit away, a name word with
 * a typo or two, the query's letters in order within a short span). Ties go alphabetically by symbol.
 */
export function rankSymbols(query: string, list: readonly SearchableSecurity[], limit: number): Security[] {
  const scored: Array<{ s: SearchableSecurity; tier: number; score: number }> = [];
  for (const s of list) {
    const match = matchOf(query, s);
    if (match) scored.push({ s, ...match });
  }
  scored.sort(
    (a, b) =>
      a.tier - b.tier ||
      a.score - b.score ||
      (a.s.symbol < b.s.symbol ? -1 : a.s.symbol > b.s.symbol ? 1 : 0),
  );
  return scored.slice(0, limit).map(({ s }) => ({ symbol: s.symbol, name: s.name }));
}
