import { and, count, desc, eq, isNull, lte } from "drizzle-orm";
import { alertEvents } from "../../../db/schema/index.ts";
import type { AppDeps } from "../../lib/context.ts";
import { failure, type Result, success } from "../../lib/result.ts";
import type { AlertInbox } from "./alerts.schema.ts";

/** Alerts the header's list shows at most. */
export const INBOX_SIZE = 50;

const NOT_FOUND = failure(404, "NOT_FOUND", "No such alert.");

/** The caller's own alerts that are still in the list (not dismissed). */
const inList = (userId: number) => and(eq(alertEvents.userId, userId), isNull(alertEvents.dismissedAt));

/** The caller's fired alerts not dismissed, newest first, with how many of them are unseen. */
export async function alertInbox(deps: AppDeps, userId: number): Promise<AlertInbox> {
  const { db } = deps.database;
  const [rows, [unseen]] = await Promise.all([
    db
      .select()
      .from(alertEvents)
      .where(inList(userId))
      .orderBy(desc(alertEvents.createdAt), desc(alertEvents.id))
      .limit(INBOX_SIZE),
    db
      .select({ n: count() })
      .from(alertEvents)
      .where(and(inList(userId), isNull(alertEvents.seenAt))),
  ]);
  return {
    unseen: unseen?.n ?? 0,
    alerts: rows.map((e) => ({
      id: e.id,
      symbol: e.symbol,
      direction: e.changePercent >= 0 ? "up" : "down",
      price: e.price,
      changePercent: e.changePercent,
      threshold: e.threshold,
      firedAt: e.createdAt.toISOString(),
      seen: e.seenAt !== null,
    })),
  };
}

/**
 * Marks the caller's alerts with ids up to `throughId` as seen (only theirs: another user's ids are never touched,
 * whatever the number), and answers the list.
 */
export async function markAlertsSeen(deps: AppDeps, userId: number, throughId: number): Promise<AlertInbox> {
  await deps.database.db
    .update(alertEvents)
    .set({ seenAt: deps.clock.now() })
    .where(and(inList(userId), isNull(alertEvents.seenAt), lte(alertEvents.id, throughId)));
  return alertInbox(deps, userId);
}

/** Takes one of the caller's alerts off the list (it stays recorded with its deliveries); 404 when not theirs. */
export async function dismissAlert(
  deps: AppDeps,
  userId: number,
  id: number,
): Promise<Result<AlertInbox, 404>> {
  const dismissed = await deps.database.db
    .update(alertEvents)
    .set({ dismissedAt: deps.clock.now() })
    .where(and(eq(alertEvents.id, id), inList(userId)))
    .returning({ id: alertEvents.id });
  if (!dismissed.length) return NOT_FOUND;
  return success(await alertInbox(deps, userId));
}
