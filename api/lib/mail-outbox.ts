import { desc, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";
import type { Clock } from "./clock.ts";
import type { Mailer } from "./mailer.ts";

/** How many messages the outbox keeps; older ones are dropped as new ones arrive. */
export const OUTBOX_KEEP = 100;

/**
 * The demo's mailer (docs/decisions/084-local-mail-outbox.md): each message goes into the `mail_outbox` table, where
 * an admin reads it in the admin panel; the log gets a line with its subject only, as its text may hold a reset or
 * verification code, which never goes to a log (decision 100). Only the newest OUTBOX_KEEP messages are kept.
 */
export function outboxMailer(database: Database, clock: Clock, log: (text: string) => void): Mailer {
  return {
    outbox: true,
    async send(message) {
      log(`[mail to ${message.to}, kept in the outbox] ${message.subject}`);
      const { db } = database;
      await db.insert(mailOutbox).values({ ...message, createdAt: clock.now() });
      const [oldestKept] = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.id))
        .limit(1)
        .offset(OUTBOX_KEEP - 1);
      if (oldestKept) await db.delete(mailOutbox).where(lt(mailOutbox.id, oldestKept.id));
    },
  };
}
