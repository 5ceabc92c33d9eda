import { isNotNull, max } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { jobRuns } from "../../../db/schema/index.ts";

/**
 * When each scheduled job last finished, from the runs table every process and runtime writes: right whichever
 * process ran the job, and across restarts.
 */
export async function lastJobSuccesses(db: Db): Promise<Array<{ job: string; finishedAt: Date }>> {
  const rows = await db
    .select({ job: jobRuns.name, finishedAt: max(jobRuns.finishedAt) })
    .from(jobRuns)
    .where(isNotNull(jobRuns.finishedAt))
    .groupBy(jobRuns.name);
  return rows.flatMap((row) => (row.finishedAt ? [{ job: row.job, finishedAt: row.finishedAt }] : []));
}
