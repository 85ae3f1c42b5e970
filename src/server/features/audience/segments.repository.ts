import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '#server/platform/db/client.ts';
import { audienceContacts, audienceSegments } from './audience.tables.ts';

// Saved segments and the contacts a rule tree selects (docs/decisions/097-audience.md). Every
// statement names the business as well as leaving it to row-level security. The count and the
// sample read audience_contacts through (user_id, last_interaction_at desc nulls last): the
// count scans the business's rows, the sample walks them newest first and stops at the limit.

export type SegmentRow = typeof audienceSegments.$inferSelect;
export type ContactRow = typeof audienceContacts.$inferSelect;

export async function listSegmentRows(tx: Tx, userId: string): Promise<SegmentRow[]> {
  return tx
    .select()
    .from(audienceSegments)
    .where(eq(audienceSegments.userId, userId))
    .orderBy(desc(audienceSegments.updatedAt));
}

export async function findSegment(
  tx: Tx,
  userId: string,
  id: string,
): Promise<SegmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(audienceSegments)
    .where(and(eq(audienceSegments.userId, userId), eq(audienceSegments.id, id)));
  return row;
}

export async function insertSegment(
  tx: Tx,
  values: typeof audienceSegments.$inferInsert,
): Promise<SegmentRow> {
  const [row] = await tx.insert(audienceSegments).values(values).returning();
  return row!;
}

export async function updateSegmentRow(
  tx: Tx,
  userId: string,
  id: string,
  changes: { name?: string; rule?: unknown },
): Promise<SegmentRow | undefined> {
  const [row] = await tx
    .update(audienceSegments)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(audienceSegments.userId, userId), eq(audienceSegments.id, id)))
    .returning();
  return row;
}

export async function deleteSegmentRow(tx: Tx, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(audienceSegments)
    .where(and(eq(audienceSegments.userId, userId), eq(audienceSegments.id, id)))
    .returning({ id: audienceSegments.id });
  return rows.length > 0;
}

/** How many of the business's contacts `where` (segment-sql.ts segmentWhere) selects. */
export async function countContactsWhere(tx: Tx, userId: string, where: SQL): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(audienceContacts)
    .where(and(eq(audienceContacts.userId, userId), where));
  return row?.n ?? 0;
}

/**
 * How many of the business's contacts each of `wheres` selects, in one scan of them (the list
 * of saved segments counts them all at once).
 */
export async function countContactsForEach(
  tx: Tx,
  userId: string,
  wheres: readonly SQL[],
): Promise<number[]> {
  if (wheres.length === 0) return [];
  const columns = Object.fromEntries(
    wheres.map((where, i) => [`c${i}`, sql<number>`(count(*) filter (where ${where}))::int`]),
  );
  const [row] = await tx
    .select(columns)
    .from(audienceContacts)
    .where(eq(audienceContacts.userId, userId));
  return wheres.map((_, i) => Number(row?.[`c${i}`] ?? 0));
}

/** The first `limit` contacts `where` selects, most recent interaction first (never-seen last). */
export async function sampleContactsWhere(
  tx: Tx,
  userId: string,
  where: SQL,
  limit: number,
): Promise<ContactRow[]> {
  return tx
    .select()
    .from(audienceContacts)
    .where(and(eq(audienceContacts.userId, userId), where))
    .orderBy(sql`${audienceContacts.lastInteractionAt} desc nulls last`, audienceContacts.id)
    .limit(limit);
}
