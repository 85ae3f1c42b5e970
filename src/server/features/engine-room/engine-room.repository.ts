import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type {
  EngineMessage,
  EngineSessionSummary,
  ToolCall,
} from '#shared/contracts/engine-room.contract.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { engineMessages, engineSessions } from './engine-room.tables.ts';

// The engine room's rows: sessions of a business and their messages. Every query names the
// business (user_id) as well as relying on row-level security.

export type SessionRow = typeof engineSessions.$inferSelect;
export type MessageRow = typeof engineMessages.$inferSelect;

export function toSessionSummary(row: SessionRow, messageCount: number): EngineSessionSummary {
  return {
    id: row.id,
    title: row.title,
    campaignId: row.campaignId,
    messageCount,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMessageDto(row: MessageRow): EngineMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    toolCalls: row.toolCalls,
    engine: row.engine,
    authorId: row.authorId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function insertSession(
  tx: Tx,
  values: typeof engineSessions.$inferInsert,
): Promise<SessionRow> {
  const [row] = await tx.insert(engineSessions).values(values).returning();
  return row!;
}

// Qualified by hand: in a one-table select the builder writes its columns without the table's
// name, which inside this subquery would name the message's own columns.
const messageCount = sql<number>`(select count(*)::int from ${engineMessages} m
  where m.session_id = "engine_sessions"."id" and m.user_id = "engine_sessions"."user_id")`;

export async function listSessions(
  tx: Tx,
  tenantId: string,
  limit: number,
): Promise<EngineSessionSummary[]> {
  const rows = await tx
    .select({ session: engineSessions, messages: messageCount })
    .from(engineSessions)
    .where(eq(engineSessions.userId, tenantId))
    .orderBy(desc(engineSessions.updatedAt), desc(engineSessions.id))
    .limit(limit);
  return rows.map((r) => toSessionSummary(r.session, Number(r.messages)));
}

export async function findSession(
  tx: Tx,
  tenantId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<SessionRow | null> {
  const query = tx
    .select()
    .from(engineSessions)
    .where(and(eq(engineSessions.id, id), eq(engineSessions.userId, tenantId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateSession(
  tx: Tx,
  tenantId: string,
  id: string,
  changes: Partial<Pick<SessionRow, 'title' | 'campaignId'>>,
  now: Date = new Date(),
): Promise<SessionRow | null> {
  const [row] = await tx
    .update(engineSessions)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(engineSessions.id, id), eq(engineSessions.userId, tenantId)))
    .returning();
  return row ?? null;
}

export async function deleteSession(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(engineSessions)
    .where(and(eq(engineSessions.id, id), eq(engineSessions.userId, tenantId)))
    .returning({ id: engineSessions.id });
  return rows.length > 0;
}

export async function countMessages(tx: Tx, tenantId: string, sessionId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(engineMessages)
    .where(and(eq(engineMessages.userId, tenantId), eq(engineMessages.sessionId, sessionId)));
  return row?.n ?? 0;
}

/** The session's messages, oldest first; `last` keeps only the newest ones. */
export async function listMessages(
  tx: Tx,
  tenantId: string,
  sessionId: string,
  last?: number,
): Promise<MessageRow[]> {
  const where = and(eq(engineMessages.userId, tenantId), eq(engineMessages.sessionId, sessionId));
  if (last === undefined) {
    return tx
      .select()
      .from(engineMessages)
      .where(where)
      .orderBy(asc(engineMessages.createdAt), asc(engineMessages.id));
  }
  const rows = await tx
    .select()
    .from(engineMessages)
    .where(where)
    .orderBy(desc(engineMessages.createdAt), desc(engineMessages.id))
    .limit(last);
  return rows.reverse();
}

export async function insertMessage(
  tx: Tx,
  values: typeof engineMessages.$inferInsert,
): Promise<MessageRow> {
  const [row] = await tx.insert(engineMessages).values(values).returning();
  return row!;
}

/** The message of the session holding tool call `callId`, locked for its change. */
export async function findMessageOfCall(
  tx: Tx,
  tenantId: string,
  sessionId: string,
  callId: string,
): Promise<MessageRow | null> {
  const [row] = await tx
    .select()
    .from(engineMessages)
    .where(
      and(
        eq(engineMessages.userId, tenantId),
        eq(engineMessages.sessionId, sessionId),
        sql`${engineMessages.toolCalls} @> ${JSON.stringify([{ id: callId }])}::jsonb`,
      ),
    )
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function setToolCalls(
  tx: Tx,
  tenantId: string,
  messageId: string,
  toolCalls: ToolCall[],
): Promise<MessageRow | null> {
  const [row] = await tx
    .update(engineMessages)
    .set({ toolCalls })
    .where(and(eq(engineMessages.id, messageId), eq(engineMessages.userId, tenantId)))
    .returning();
  return row ?? null;
}

/** The business's campaign, or null: a session names only its own business's campaigns. */
export async function findOwnCampaign(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.userId, tenantId)))
    .limit(1);
  return row ?? null;
}
