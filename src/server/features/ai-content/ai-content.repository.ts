import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Generation, Variant } from '#shared/contracts/ai-content.contract.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { aiGenerations, aiUsage } from './ai-content.tables.ts';

// SQL for ai_generations and ai_usage. Like calendar_events, every query names the tenant as
// well as leaving it to row-level security, so the (user_id, …) indexes are used.

type GenerationRow = typeof aiGenerations.$inferSelect;

export function toGenerationDto(row: GenerationRow): Generation {
  return {
    id: row.id,
    prompt: row.prompt,
    options: row.options,
    provider: { kind: row.providerKind, label: row.providerLabel },
    status: row.status,
    variants: row.variants,
    created_at: row.createdAt.toISOString(),
  };
}

export type NewGeneration = typeof aiGenerations.$inferInsert;

export async function insertGeneration(tx: Tx, values: NewGeneration): Promise<Generation> {
  const [row] = await tx.insert(aiGenerations).values(values).returning();
  return toGenerationDto(row!);
}

export async function finishGeneration(
  tx: Tx,
  userId: string,
  id: string,
  variants: Variant[],
  status: Generation['status'],
): Promise<Generation | null> {
  const [row] = await tx
    .update(aiGenerations)
    .set({ variants, status })
    .where(and(eq(aiGenerations.id, id), eq(aiGenerations.userId, userId)))
    .returning();
  return row ? toGenerationDto(row) : null;
}

/**
 * Adds a variant as soon as it is written, in one statement (no read, so a save of an earlier
 * variant running at the same time is not overwritten). Until the generation is settled its
 * status says `partial`: some variants are stored, more may come.
 */
export async function appendVariant(
  tx: Tx,
  userId: string,
  id: string,
  variant: Variant,
): Promise<void> {
  await tx
    .update(aiGenerations)
    .set({
      variants: sql`${aiGenerations.variants} || ${JSON.stringify([variant])}::jsonb`,
      status: 'partial',
    })
    .where(and(eq(aiGenerations.id, id), eq(aiGenerations.userId, userId)));
}

/** The generation's final status, once every variant asked for was written or given up. */
export async function settleGeneration(
  tx: Tx,
  userId: string,
  id: string,
  status: Generation['status'],
): Promise<Generation | null> {
  const [row] = await tx
    .update(aiGenerations)
    .set({ status })
    .where(and(eq(aiGenerations.id, id), eq(aiGenerations.userId, userId)))
    .returning();
  return row ? toGenerationDto(row) : null;
}

/** Locks the row, so two saves of variants of one generation do not overwrite each other. */
export async function findGenerationForUpdate(
  tx: Tx,
  userId: string,
  id: string,
): Promise<Generation | null> {
  const [row] = await tx
    .select()
    .from(aiGenerations)
    .where(and(eq(aiGenerations.id, id), eq(aiGenerations.userId, userId)))
    .for('update')
    .limit(1);
  return row ? toGenerationDto(row) : null;
}

export async function findGeneration(
  tx: Tx,
  userId: string,
  id: string,
): Promise<Generation | null> {
  const [row] = await tx
    .select()
    .from(aiGenerations)
    .where(and(eq(aiGenerations.id, id), eq(aiGenerations.userId, userId)))
    .limit(1);
  return row ? toGenerationDto(row) : null;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Newest first; `q` matches anywhere in the prompt, whatever the case. */
export async function listGenerations(
  tx: Tx,
  userId: string,
  page: { q?: string | undefined; limit: number; offset: number },
): Promise<{ items: Generation[]; total: number }> {
  const where = and(
    eq(aiGenerations.userId, userId),
    page.q ? ilike(aiGenerations.prompt, likePattern(page.q)) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    tx
      .select()
      .from(aiGenerations)
      .where(where)
      .orderBy(desc(aiGenerations.createdAt), desc(aiGenerations.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ total: count() }).from(aiGenerations).where(where),
  ]);
  return { items: rows.map(toGenerationDto), total: Number(totals?.total ?? 0) };
}

export async function usedInPeriod(tx: Tx, userId: string, period: string): Promise<number> {
  const [row] = await tx
    .select({ used: aiUsage.used })
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.period, period)))
    .limit(1);
  return row?.used ?? 0;
}

/**
 * Counts `n` generations if they fit under `limit`, in one statement: the conditional upsert
 * takes the row lock, so concurrent reservations queue and each sees the other's count.
 * Returns the new count, or null when the allowance does not have `n` left.
 */
export async function reserveGenerations(
  tx: Tx,
  userId: string,
  period: string,
  n: number,
  limit: number,
  now: Date,
): Promise<number | null> {
  if (n > limit) return null;
  const rows = await tx
    .insert(aiUsage)
    .values({ userId, period, used: n, updatedAt: now })
    .onConflictDoUpdate({
      target: [aiUsage.userId, aiUsage.period],
      set: { used: sql`${aiUsage.used} + ${n}`, updatedAt: now },
      setWhere: sql`${aiUsage.used} + ${n} <= ${limit}`,
    })
    .returning({ used: aiUsage.used });
  return rows[0]?.used ?? null;
}

/** Gives back generations that were counted but not delivered (a failed variant). */
export async function releaseGenerations(
  tx: Tx,
  userId: string,
  period: string,
  n: number,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .update(aiUsage)
    .set({ used: sql`greatest(${aiUsage.used} - ${n}, 0)`, updatedAt: now })
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.period, period)))
    .returning({ used: aiUsage.used });
  return row?.used ?? 0;
}
