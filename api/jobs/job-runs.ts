import { and, eq, isNull, lt } from "drizzle-orm";
import { jobRuns } from "../../db/schema/index.ts";
import type { AppDeps } from "../lib/context.ts";

/** A run that started this long ago and never finished is taken to have crashed, and may run again. */
const STALE_MS = 30 * 60_000;

export type JobOutcome = { ran: true; result: unknown } | { ran: false; reason: "already-ran" | "running" };

/**
 * Runs `work` once for (name, period) across every process and runtime sharing the database: the first caller
 * inserts the run row and does the work, later callers for the same period do nothing.
 */
export async function runOnce(
  deps: AppDeps,
  name: string,
  period: string,
  work: () => Promise<unknown>,
): Promise<JobOutcome> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const inserted = await db
    .insert(jobRuns)
    .values({ name, period, startedAt: now })
    .onConflictDoNothing()
    .returning({ name: jobRuns.name });
  if (!inserted.length) {
    // Take over a run that crashed long ago; otherwise leave it.
    const takeover = await db
      .update(jobRuns)
      .set({ startedAt: now })
      .where(
        and(
          eq(jobRuns.name, name),
          eq(jobRuns.period, period),
          isNull(jobRuns.finishedAt),
          lt(jobRuns.startedAt, new Date(now.getTime() - STALE_MS)),
        ),
      )
      .returning({ name: jobRuns.name });
    if (!takeover.length) {
      const row = await db.query.jobRuns.findFirst({
        where: and(eq(jobRuns.name, name), eq(jobRuns.period, period)),
      });
      return { ran: false, reason: row?.finishedAt ? "already-ran" : "running" };
    }
  }
  const result = await work();
  await db
    .update(jobRuns)
    .set({ finishedAt: deps.clock.now(), result: JSON.stringify(result ?? null) })
    .where(and(eq(jobRuns.name, name), eq(jobRuns.period, period)));
  return { ran: true, result };
}
