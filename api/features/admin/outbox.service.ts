import { desc } from "drizzle-orm";
import { mailOutbox } from "../../../db/schema/index.ts";
import type { AppDeps } from "../../lib/context.ts";

/**
 * The local outbox as the admin panel shows it (docs/decisions/084-local-mail-outbox.md): whether this server keeps
 * mail there, and the newest messages first. Where it does not (a mail server, or a deployment without one), no
 * message is answered, even one kept while it did.
 */
export async function readOutbox(deps: AppDeps, limit = 50) {
  if (!deps.mailer.outbox) return { enabled: false, messages: [] };
  const rows = await deps.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
  return {
    enabled: true,
    messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
