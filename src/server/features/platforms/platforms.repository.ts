import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Database, type Tx } from '#server/platform/db/client.ts';
import { platformPosts } from '../posts/posts.tables.ts';
import { metaWebhookEvents, platformConnections, platformOauthStates } from './platforms.tables.ts';

type Db = Database['unsafeDb'];

export type ConnectionRow = typeof platformConnections.$inferSelect;
export type ConnectionInsert = typeof platformConnections.$inferInsert;
export type OauthStateRow = typeof platformOauthStates.$inferSelect;

export async function listConnections(tx: Tx, userId: string): Promise<ConnectionRow[]> {
  return tx
    .select()
    .from(platformConnections)
    .where(eq(platformConnections.userId, userId))
    .orderBy(platformConnections.platform, platformConnections.name);
}

export async function findConnection(tx: Tx, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(platformConnections)
    .where(and(eq(platformConnections.userId, userId), eq(platformConnections.id, id)));
  return row;
}

export async function findConnectionByAccount(
  tx: Tx,
  userId: string,
  platform: 'facebook' | 'instagram',
  externalId: string,
) {
  const [row] = await tx
    .select()
    .from(platformConnections)
    .where(
      and(
        eq(platformConnections.userId, userId),
        eq(platformConnections.platform, platform),
        eq(platformConnections.externalId, externalId),
      ),
    );
  return row;
}

export async function countConnected(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(platformConnections)
    .where(
      and(eq(platformConnections.userId, userId), eq(platformConnections.status, 'connected')),
    );
  return row?.n ?? 0;
}

/** Insert, or update the same account's row (reconnect keeps its id, history and posts). */
export async function upsertConnection(tx: Tx, values: ConnectionInsert): Promise<ConnectionRow> {
  const {
    id: _id,
    userId: _user,
    platform: _p,
    externalId: _e,
    createdAt: _c,
    ...changes
  } = values;
  const [row] = await tx
    .insert(platformConnections)
    .values(values)
    .onConflictDoUpdate({
      target: [
        platformConnections.userId,
        platformConnections.platform,
        platformConnections.externalId,
      ],
      set: changes,
    })
    .returning();
  return row!;
}

export async function updateConnection(
  tx: Tx,
  userId: string,
  id: string,
  changes: Partial<ConnectionInsert>,
): Promise<ConnectionRow | undefined> {
  const [row] = await tx
    .update(platformConnections)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(platformConnections.userId, userId), eq(platformConnections.id, id)))
    .returning();
  return row;
}

/** Scheduled posts per platform; platform_posts names the platform, not the account. */
export async function scheduledPostsByPlatform(
  tx: Tx,
  userId: string,
): Promise<Record<string, number>> {
  const rows = await tx
    .select({ platform: platformPosts.platform, n: count() })
    .from(platformPosts)
    .where(and(eq(platformPosts.userId, userId), eq(platformPosts.status, 'scheduled')))
    .groupBy(platformPosts.platform);
  return Object.fromEntries(rows.map((r) => [r.platform, r.n]));
}

export async function cancelScheduledPosts(
  tx: Tx,
  userId: string,
  platform: 'facebook' | 'instagram',
  reason: string,
): Promise<number> {
  const rows = await tx
    .update(platformPosts)
    .set({ status: 'cancelled', lastError: reason, updatedAt: new Date() })
    .where(
      and(
        eq(platformPosts.userId, userId),
        eq(platformPosts.platform, platform),
        eq(platformPosts.status, 'scheduled'),
      ),
    )
    .returning({ id: platformPosts.id });
  return rows.length;
}

export async function insertOauthState(tx: Tx, values: typeof platformOauthStates.$inferInsert) {
  const [row] = await tx.insert(platformOauthStates).values(values).returning();
  return row!;
}

export async function findOauthStateByHash(tx: Tx, userId: string, stateHash: string) {
  const [row] = await tx
    .select()
    .from(platformOauthStates)
    .where(
      and(eq(platformOauthStates.userId, userId), eq(platformOauthStates.stateHash, stateHash)),
    );
  return row;
}

export async function findOauthState(tx: Tx, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(platformOauthStates)
    .where(and(eq(platformOauthStates.userId, userId), eq(platformOauthStates.id, id)));
  return row;
}

export async function updateOauthState(
  tx: Tx,
  id: string,
  changes: Partial<typeof platformOauthStates.$inferInsert>,
) {
  await tx.update(platformOauthStates).set(changes).where(eq(platformOauthStates.id, id));
}

/** Attempts older than a day are of no use to anyone. */
export async function pruneOauthStates(tx: Tx, userId: string, before: Date) {
  await tx
    .delete(platformOauthStates)
    .where(
      and(
        eq(platformOauthStates.userId, userId),
        sql`${platformOauthStates.createdAt} < ${before.toISOString()}`,
      ),
    );
}

// -------------------------------------------------------------------------------------------
// Installation-wide reads: Meta's callbacks and the daily check name a Meta user or run for
// every tenant, before any tenant is known. Only platform code calls these.

export async function unsafeConnectionsToCheck(db: Db) {
  return db
    .select({ id: platformConnections.id, userId: platformConnections.userId })
    .from(platformConnections)
    .where(eq(platformConnections.status, 'connected'));
}

export async function unsafeTenantsOfMetaUser(db: Db, metaUserId: string) {
  const rows = await db
    .selectDistinct({ userId: platformConnections.userId })
    .from(platformConnections)
    .where(eq(platformConnections.metaUserId, metaUserId));
  return rows.map((r) => r.userId);
}

export async function unsafeOwnerEmail(db: Db, userId: string): Promise<string | null> {
  const result = await db.execute(sql`select email from auth.users where id = ${userId}`);
  return rowsOf<{ email: string }>(result)[0]?.email ?? null;
}

export async function unsafeInsertWebhookEvents(
  db: Db,
  events: (typeof metaWebhookEvents.$inferInsert)[],
): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = await db
    .insert(metaWebhookEvents)
    .values(events)
    .onConflictDoNothing({ target: metaWebhookEvents.dedupeKey })
    .returning({ id: metaWebhookEvents.id });
  return rows.map((r) => r.id);
}

export async function unsafeFindWebhookEvent(db: Db, id: string) {
  const [row] = await db.select().from(metaWebhookEvents).where(eq(metaWebhookEvents.id, id));
  return row;
}

/** Marks an event processed once; false when another run already did. */
export async function unsafeMarkWebhookProcessed(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(metaWebhookEvents)
    .set({ processedAt: new Date(), attempts: sql`${metaWebhookEvents.attempts} + 1` })
    .where(and(eq(metaWebhookEvents.id, id), isNull(metaWebhookEvents.processedAt)))
    .returning({ id: metaWebhookEvents.id });
  return rows.length > 0;
}

export async function unsafeRecordWebhookFailure(db: Db, id: string, error: string) {
  await db
    .update(metaWebhookEvents)
    .set({ attempts: sql`${metaWebhookEvents.attempts} + 1`, lastError: error.slice(0, 1000) })
    .where(eq(metaWebhookEvents.id, id));
}
