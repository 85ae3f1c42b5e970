import { desc, eq } from 'drizzle-orm';
import { emailOutbox } from '#server/platform/db/system.tables.ts';
import type { AppDb } from '#server/platform/db/client.ts';

// The outbox is installation-wide (no tenant): only the mailbox routes read it, after
// requireMailboxReader has said who may.

export async function unsafeListCaptured(db: AppDb, to: string | undefined, limit = 100) {
  const rows = await db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(to ? eq(emailOutbox.to, to.toLowerCase()) : undefined)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function unsafeGetCaptured(db: AppDb, id: string) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) return undefined;
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    status: row.status,
    html: row.html,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}
