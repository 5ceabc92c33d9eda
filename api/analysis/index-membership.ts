// Point-in-time S&P 500 membership: who was in the index on a date. The ranking model is trained, calibrated,
// evaluated and served only on each date's members (docs/decisions/065-point-in-time-universe.md); scoring at past
// dates the stocks that joined later is look-ahead in who is scored (shared research: point-in-time.md).
// The spells come from data/companies/ (data/README.md), joined across renames by scripts/build-index-membership.ts
// into index-membership.json, which the app imports (a Worker has no file system).
import committed from "./index-membership.json" with { type: "json" };

/** [start, end): a member from `start` (inclusive) until `end` (exclusive); end null = still a member at `asOf`. */
export type Spell = readonly [start: string, end: string | null];

export interface IndexMembership {
  /** The last day the source knows of: a spell open at this date is assumed to go on. */
  asOf: string;
  spells: Readonly<Record<string, readonly Spell[]>>;
}

export const INDEX_MEMBERSHIP = committed as unknown as IndexMembership;

/** Whether `symbol` was an index member on `date` (YYYY-MM-DD). */
export function isMemberOn(symbol: string, date: string, membership = INDEX_MEMBERSHIP): boolean {
  const spells = membership.spells[symbol];
  if (!spells) return false;
  for (const [start, end] of spells) if (start <= date && (end === null || date < end)) return true;
  return false;
}

export interface MembershipSources {
  /** `ticker,start_date,end_date` rows (header first). */
  intervalsCsv: string;
  /** `symbol,former_symbol,renamed_on` rows (header first). */
  renamesCsv: string;
}

const rows = (csv: string) =>
  csv
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(",").map((cell) => cell.trim()));

/**
 * Spells per ticker, each renamed company also holding its former tickers' spells up to the rename (ELV holds
 * ANTM's and WLP's; a later company reusing a former ticker is not joined in). Sorted by start, merged where they
 * touch.
 */
export function buildMembership(sources: MembershipSources, asOf: string): IndexMembership {
  const own = new Map<string, Spell[]>();
  for (const [ticker, start, end] of rows(sources.intervalsCsv)) {
    if (!ticker || !start) continue;
    const list = own.get(ticker) ?? [];
    list.push([start, end || null]);
    own.set(ticker, list);
  }
  const formers = new Map<string, Array<{ symbol: string; until: string }>>();
  for (const [symbol, former, renamedOn] of rows(sources.renamesCsv)) {
    if (!symbol || !former || !renamedOn) continue;
    const list = formers.get(symbol) ?? [];
    list.push({ symbol: former, until: renamedOn });
    formers.set(symbol, list);
  }
  const joined = (ticker: string, until: string | null, seen: Set<string>): Spell[] => {
    if (seen.has(ticker)) return [];
    seen.add(ticker);
    const clip = (s: Spell): Spell | null => {
      if (until === null) return s;
      if (s[0] >= until) return null;
      return [s[0], s[1] === null || s[1] > until ? until : s[1]];
    };
    const out = (own.get(ticker) ?? []).map(clip).filter((s): s is Spell => s !== null);
    for (const f of formers.get(ticker) ?? []) {
      const bound = until === null || f.until < until ? f.until : until;
      out.push(...joined(f.symbol, bound, seen));
    }
    return out;
  };
  const spells: Record<string, Spell[]> = {};
  for (const ticker of [...new Set([...own.keys(), ...formers.keys()])].sort()) {
    const sorted = joined(ticker, null, new Set()).sort((a, b) => a[0].localeCompare(b[0]));
    const merged: Array<[string, string | null]> = [];
    for (const [start, end] of sorted) {
      const last = merged.at(-1);
      if (last && last[1] !== null && start <= last[1]) {
        if (end === null || end > last[1]) last[1] = end;
      } else if (!last || last[1] !== null) merged.push([start, end]);
    }
    spells[ticker] = merged;
  }
  return { asOf, spells };
}
