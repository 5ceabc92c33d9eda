import { and, desc, eq, inArray, lte } from "drizzle-orm";
import {
  alertDeliveries,
  alertEvents,
  notificationSettings,
  users,
  watchlistItems,
} from "../../../db/schema/index.ts";
import type { AppDeps } from "../../lib/context.ts";
import { randomToken } from "../../lib/crypto.ts";
import { money, signedPercent, sizePercentValue } from "../../lib/format.ts";
import type { AlertDeliveryOutcome } from "../../lib/metrics.ts";
import { failure, type Result, success } from "../../lib/result.ts";
import {
  ADDRESS_NOT_ALLOWED,
  DELIVERY_FAILED,
  signWebhook,
  WebhookAddressRefused,
} from "../../lib/webhooks.ts";
import type { NotificationSettings, UpdateNotificationSettings } from "./alerts.schema.ts";
import { priceItems } from "./watchlist.service.ts";

/** A delivery that keeps failing is retried this many times, then kept as failed (never deleted). */
export const MAX_DELIVERY_ATTEMPTS = 10;
/** While one process sends a delivery, others leave it alone for this long. */
const CLAIM_MS = 2 * 60_000;
const WEBHOOK_TIMEOUT_MS = 5_000;
/** Why an alert email was not sent: the account's address was never proven to reach its holder. */
export const EMAIL_NOT_VERIFIED =
  "Not sent: your email address is not verified. Verify it in the alert settings to get alert emails.";

/** Minutes to wait after the n-th failed attempt: 1, 2, 4, ... capped at 6 hours. */
export function backoffMs(failedAttempts: number): number {
  return Math.min(2 ** Math.max(0, failedAttempts - 1), 360) * 60_000;
}

/** The receiver answered, with a status other than 2xx: its own status is all it learns (its own server's). */
class ReceiverAnswered extends Error {
  override name = "ReceiverAnswered";
}

/**
 * The user's alert settings, created (emails off, a fresh webhook secret) on first read, with the address alert
 * emails go to and whether it is proven (only then are they sent).
 */
export async function getNotificationSettings(deps: AppDeps, userId: number): Promise<NotificationSettings> {
  const { db } = deps.database;
  const [row] = await db
    .select({
      emailAlerts: notificationSettings.emailAlerts,
      webhookUrl: notificationSettings.webhookUrl,
      webhookSecret: notificationSettings.webhookSecret,
      emailAddress: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .where(eq(notificationSettings.userId, userId));
  if (row) {
    const { emailVerifiedAt, ...settings } = row;
    return { ...settings, emailVerified: emailVerifiedAt !== null };
  }
  const created = { userId, emailAlerts: false, webhookUrl: null, webhookSecret: `whsec_${randomToken(24)}` };
  await db.insert(notificationSettings).values(created).onConflictDoNothing();
  return getNotificationSettings(deps, userId);
}

/** Saves alert emails on or off and the webhook URL; 400 when the URL may not receive webhooks. */
export async function updateNotificationSettings(
  deps: AppDeps,
  userId: number,
  input: UpdateNotificationSettings,
): Promise<Result<NotificationSettings, 400>> {
  if (input.webhookUrl) {
    const problem = await deps.webhooks.urlProblem(
      input.webhookUrl,
      deps.config.allowPrivateWebhooks ?? false,
    );
    if (problem) return failure(400, "VALIDATION_ERROR", problem);
  }
  await getNotificationSettings(deps, userId);
  await deps.database.db
    .update(notificationSettings)
    .set({ emailAlerts: input.emailAlerts, webhookUrl: input.webhookUrl })
    .where(eq(notificationSettings.userId, userId));
  return success(await getNotificationSettings(deps, userId));
}

export interface CheckReport {
  checked: number;
  newAlerts: number;
  rearmed: number;
  /** New alerts whose email was not sent because the account's address is not proven. */
  emailsNotVerified: number;
}

/**
 * Records an alert event the first time an item's move reaches its threshold (it was not alerting at the last
 * check), queues its deliveries, and re-arms items whose move fell back. Safe to run concurrently: an item is
 * claimed with a conditional update, so a crossing is recorded once.
 */
export async function checkAlerts(deps: AppDeps): Promise<CheckReport> {
  const { db } = deps.database;
  // A deactivated account's items are left as they are: no alerts while it is off, and no re-arming either.
  const rows = await db
    .select()
    .from(watchlistItems)
    .where(
      inArray(watchlistItems.userId, db.select({ id: users.id }).from(users).where(eq(users.isActive, true))),
    );
  const items = await priceItems(deps, rows);
  const now = deps.clock.now();
  let newAlerts = 0;
  let rearmed = 0;
  let skippedEmails = 0;
  for (const [i, item] of items.entries()) {
    const row = rows[i]!;
    if (!item.shouldAlert && row.alerting) {
      await db.update(watchlistItems).set({ alerting: false }).where(eq(watchlistItems.id, row.id));
      rearmed++;
      continue;
    }
    if (!item.shouldAlert || row.alerting || item.currentPrice === null || item.changePercent === null)
      continue;
    const recorded = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(watchlistItems)
        .set({ alerting: true })
        .where(and(eq(watchlistItems.id, row.id), eq(watchlistItems.alerting, false)))
        .returning({ id: watchlistItems.id });
      if (!claimed.length) return false;
      const [event] = await tx
        .insert(alertEvents)
        .values({
          userId: row.userId,
          itemId: row.id,
          symbol: row.symbol,
          price: item.currentPrice!,
          changePercent: item.changePercent!,
          threshold: row.targetChangePercent,
          createdAt: now,
        })
        .returning({ id: alertEvents.id });
      const settings = await tx.query.notificationSettings.findFirst({
        where: eq(notificationSettings.userId, row.userId),
      });
      const user = await tx.query.users.findFirst({
        where: eq(users.id, row.userId),
        columns: { email: true, isActive: true, emailVerifiedAt: true },
      });
      const deliveries: Array<typeof alertDeliveries.$inferInsert> = [];
      if (!user?.isActive) return true;
      const queue = (channel: "email" | "webhook", target: string) =>
        deliveries.push({ channel, target, eventId: event!.id, status: "pending", nextAttemptAt: now });
      if (settings?.emailAlerts && user.emailVerifiedAt) queue("email", user.email);
      else if (settings?.emailAlerts) {
        // Kept as not sent, with why, so the user sees it among the event's deliveries.
        deliveries.push({
          channel: "email",
          target: user.email,
          eventId: event!.id,
          status: "failed",
          nextAttemptAt: now,
          lastError: EMAIL_NOT_VERIFIED,
        });
        skippedEmails++;
      }
      if (settings?.webhookUrl) queue("webhook", settings.webhookUrl);
      if (deliveries.length) await tx.insert(alertDeliveries).values(deliveries);
      return true;
    });
    if (recorded) newAlerts++;
  }
  return { checked: rows.length, newAlerts, rearmed, emailsNotVerified: skippedEmails };
}

function describeEvent(e: typeof alertEvents.$inferSelect) {
  const direction = e.changePercent >= 0 ? "up" : "down";
  return `${e.symbol} is ${direction} ${sizePercentValue(e.changePercent)} (your alert threshold is ${e.threshold}%), now ${money(e.price)}.`;
}

async function send(
  deps: AppDeps,
  delivery: typeof alertDeliveries.$inferSelect,
  event: typeof alertEvents.$inferSelect,
) {
  if (delivery.channel === "email") {
    await deps.mailer.send({
      to: delivery.target,
      subject: `Signalboard alert: ${event.symbol} moved ${signedPercent(event.changePercent / 100)}`,
      text: `${describeEvent(event)}\n\nYou get this email because alert emails are on for your watchlist.`,
    });
    return;
  }
  const settings = await getNotificationSettings(deps, event.userId);
  const body = JSON.stringify({
    type: "watchlist.alert",
    eventId: event.id,
    symbol: event.symbol,
    price: event.price,
    changePercent: event.changePercent,
    threshold: event.threshold,
    createdAt: event.createdAt.toISOString(),
    message: describeEvent(event),
  });
  const timestamp = String(Math.floor(deps.clock.now().getTime() / 1000));
  const status = await deps.webhooks.post({
    url: delivery.target,
    headers: {
      "content-type": "application/json",
      "x-signalboard-event": "watchlist.alert",
      "x-signalboard-timestamp": timestamp,
      "x-signalboard-signature": await signWebhook(settings.webhookSecret, timestamp, body),
    },
    body,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    allowPrivate: deps.config.allowPrivateWebhooks ?? false,
  });
  if (status < 200 || status >= 300) throw new ReceiverAnswered(`receiver answered ${status}`);
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

/** Sends every due delivery once; failures are rescheduled with backoff and never dropped. */
export async function deliverDueAlerts(deps: AppDeps): Promise<DeliveryReport> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const due = await db
    .select()
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.status, "pending"), lte(alertDeliveries.nextAttemptAt, now)))
    .limit(500);
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  for (const delivery of due) {
    const claimed = await db
      .update(alertDeliveries)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
      .where(
        and(
          eq(alertDeliveries.id, delivery.id),
          eq(alertDeliveries.status, "pending"),
          lte(alertDeliveries.nextAttemptAt, now),
        ),
      )
      .returning({ id: alertDeliveries.id });
    if (!claimed.length) continue;
    const event = await db.query.alertEvents.findFirst({ where: eq(alertEvents.id, delivery.eventId) });
    if (!event) continue;
    const attempts = delivery.attempts + 1;
    // One log line and one count (/metrics) per delivery attempt; never its target (an address, or a webhook URL
    // that may carry a token).
    const logDelivery = (
      level: "info" | "warn",
      outcome: AlertDeliveryOutcome,
      extra?: Record<string, unknown>,
    ) => {
      deps.metrics?.alertDeliveries.inc({ channel: delivery.channel, outcome });
      deps.log(level, "Alert delivery", {
        deliveryId: delivery.id,
        eventId: event.id,
        watchlistItemId: event.itemId,
        userId: event.userId,
        channel: delivery.channel,
        attempt: attempts,
        outcome,
        ...extra,
      });
    };
    const owner = await db.query.users.findFirst({
      where: eq(users.id, event.userId),
      columns: { isActive: true, emailVerifiedAt: true },
    });
    if (!owner?.isActive) {
      // Deactivated after the alert was queued: never sent, and not kept pending to go out stale on reactivation.
      await db
        .update(alertDeliveries)
        .set({ status: "failed", attempts, lastError: "Not sent: the account is deactivated." })
        .where(eq(alertDeliveries.id, delivery.id));
      logDelivery("info", "failed", { reason: "account deactivated" });
      report.failed++;
      continue;
    }
    if (delivery.channel === "email" && !owner.emailVerifiedAt) {
      // Queued before addresses had to be proven: never sent to an address nobody proved.
      await db
        .update(alertDeliveries)
        .set({ status: "failed", lastError: EMAIL_NOT_VERIFIED })
        .where(eq(alertDeliveries.id, delivery.id));
      logDelivery("info", "failed", { reason: "email not verified" });
      report.failed++;
      continue;
    }
    try {
      await send(deps, delivery, event);
      await db
        .update(alertDeliveries)
        .set({ status: "sent", attempts, sentAt: deps.clock.now(), lastError: null })
        .where(eq(alertDeliveries.id, delivery.id));
      logDelivery("info", "sent");
      report.sent++;
    } catch (error) {
      // A refused address is not retried: every attempt would be one more probe of it.
      const refused = error instanceof WebhookAddressRefused;
      const giveUp = refused || attempts >= MAX_DELIVERY_ATTEMPTS;
      // The user sees a generic reason; the socket error ("ECONNREFUSED" against "answered 404") would let them
      // map ports. The operator's log keeps it.
      logDelivery("warn", giveUp ? "failed" : "retrying", {
        error: error instanceof Error ? error.message : String(error),
      });
      await db
        .update(alertDeliveries)
        .set({
          status: giveUp ? "failed" : "pending",
          attempts,
          lastError: refused
            ? ADDRESS_NOT_ALLOWED
            : error instanceof ReceiverAnswered
              ? error.message
              : DELIVERY_FAILED,
          nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
        })
        .where(eq(alertDeliveries.id, delivery.id));
      if (giveUp) report.failed++;
      else report.retrying++;
    }
  }
  return report;
}

/** The user's latest alert events with how each delivery went, newest first. */
export async function listAlertEvents(deps: AppDeps, userId: number, limit = 50) {
  const { db } = deps.database;
  const events = await db
    .select()
    .from(alertEvents)
    .where(eq(alertEvents.userId, userId))
    .orderBy(desc(alertEvents.createdAt), desc(alertEvents.id))
    .limit(limit);
  const deliveries = events.length
    ? await db
        .select()
        .from(alertDeliveries)
        .where(
          inArray(
            alertDeliveries.eventId,
            events.map((e) => e.id),
          ),
        )
    : [];
  return events.map((e) => ({
    id: e.id,
    symbol: e.symbol,
    price: e.price,
    changePercent: e.changePercent,
    threshold: e.threshold,
    createdAt: e.createdAt.toISOString(),
    deliveries: deliveries
      .filter((d) => d.eventId === e.id)
      .map((d) => ({ channel: d.channel, status: d.status, attempts: d.attempts, lastError: d.lastError })),
  }));
}
