// The live scorings the pre-registered test of calls and the check of the ranges are scored on (decisions 123, 140):
// written by the daily generation on its own date, read back with each member's outcome from the stored prices.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { liveScores, liveScorings } from "../../db/schema/index.ts";
import { addTradingSessions } from "../lib/trading-calendar.ts";
import { lastCloses } from "../market/price-history.ts";
import type { MemberOutcome } from "./preregistered-test.ts";

/** The range the app served a member that day (decision 140); every field null where the model could not score. */
export interface ServedRange {
  expectedExcess: number | null;
  excessLow: number | null;
  excessHigh: number | null;
  volatilityFifth: number | null;
}

export interface LiveScoring {
  date: string;
  modelVersion: string;
  modelSha256: string;
  /** Every index member of the date the app knows; score null for one the model could not score. */
  scores: ReadonlyArray<{ symbol: string; score: number | null } & Partial<ServedRange>>;
}

/** One recorded member with what followed: its score, its served range and its return over the horizon. */
export type RecordedMember = MemberOutcome & ServedRange;

export interface RecordedLiveDate {
  date: string;
  members: readonly RecordedMember[];
}

/** Rows per insert: seven values a row, well under any server's parameter limit. */
const ROWS_PER_INSERT = 200;

/**
 * Records one live scoring, once: a date already recorded with the same model file is left as it is (the job may
 * run again for a date). Answers whether it wrote.
 */
export async function recordLiveScoring(db: Db, scoring: LiveScoring): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(liveScorings)
      .values({ date: scoring.date, modelVersion: scoring.modelVersion, modelSha256: scoring.modelSha256 })
      .onConflictDoNothing()
      .returning({ id: liveScorings.id });
    if (!row) return false;
    for (let i = 0; i < scoring.scores.length; i += ROWS_PER_INSERT)
      await tx
        .insert(liveScores)
        .values(scoring.scores.slice(i, i + ROWS_PER_INSERT).map((s) => ({ scoringId: row.id, ...s })));
    return true;
  });
}

/**
 * The live scorings of the model file `modelSha256` on `dates`, each member with its total return over the next
 * `horizonSessions` sessions from the stored dividend-adjusted closes: to its last close on or before the horizon's
 * end (a member that stopped trading counts to its last close), null when no price is stored.
 */
export async function liveScoringOutcomes(
  db: Db,
  modelSha256: string,
  dates: readonly string[],
  horizonSessions: number,
): Promise<RecordedLiveDate[]> {
  if (!dates.length) return [];
  const scorings = await db
    .select({ id: liveScorings.id, date: liveScorings.date })
    .from(liveScorings)
    .where(and(eq(liveScorings.modelSha256, modelSha256), inArray(liveScorings.date, [...dates])))
    .orderBy(liveScorings.date);
  const out: RecordedLiveDate[] = [];
  for (const { id, date } of scorings) {
    const scores = await db
      .select({
        symbol: liveScores.symbol,
        score: liveScores.score,
        expectedExcess: liveScores.expectedExcess,
        excessLow: liveScores.excessLow,
        excessHigh: liveScores.excessHigh,
        volatilityFifth: liveScores.volatilityFifth,
      })
      .from(liveScores)
      .where(eq(liveScores.scoringId, id));
    const symbols = scores.map((s) => s.symbol);
    const [start, end] = await Promise.all([
      lastCloses(db, symbols, date, "adjClose"),
      lastCloses(db, symbols, addTradingSessions(date, horizonSessions), "adjClose"),
    ]);
    out.push({
      date,
      members: scores.map(({ symbol, ...recorded }) => {
        const from = start.get(symbol)?.close;
        const to = end.get(symbol)?.close;
        return { ...recorded, futureReturn: from && to !== undefined ? to / from - 1 : null };
      }),
    });
  }
  return out;
}
