import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  lt,
  sql,
  sum,
  type SQL,
} from 'drizzle-orm';
import type { MediaItem, MediaSort, MediaUsage } from '#shared/contracts/media.contract.ts';
import { rowsOf, type Tx } from '#server/platform/db/client.ts';
import { calendarEvents } from '../posts/posts.tables.ts';
import { profiles } from '../profile/profile.tables.ts';
import { compatibilityOf } from './compatibility.ts';
import { mediaItems, mediaUsages } from './media.tables.ts';

export type MediaRow = typeof mediaItems.$inferSelect;
type NewMediaRow = typeof mediaItems.$inferInsert;

/** Post statuses that a missing item would break. */
export const PROTECTED_POST_STATUSES = ['scheduled', 'publishing'] as const;

export function toMediaDto(row: MediaRow, uploadedByName: string | null): MediaItem {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    kind: row.kind,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    duration_ms: row.durationMs,
    frame_rate: row.frameRate,
    video_codec: row.videoCodec,
    audio_codec: row.audioCodec,
    content_hash: row.contentHash,
    status: row.status,
    processing_error: row.processingError,
    tags: row.tags,
    has_thumbnail: row.thumbnailKey !== null,
    has_instagram_copy: row.instagramKey !== null,
    location_removed: row.locationRemoved,
    had_location: row.hadLocation,
    uploaded_by: row.uploadedBy,
    uploaded_by_name: uploadedByName,
    compatibility: compatibilityOf(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const selection = { item: mediaItems, uploaderName: profiles.fullName };

// ---------------------------------------------------------------------------------------------
// Listing: keyset pagination on (sort column, id), one index per sort.

interface SortSpec {
  column: typeof mediaItems.name | typeof mediaItems.createdAt | typeof mediaItems.sizeBytes;
  descending: boolean;
  cast: string;
  read: (row: MediaRow) => string | number;
}

const SORTS: Record<MediaSort, SortSpec> = {
  name: { column: mediaItems.name, descending: false, cast: 'text', read: (r) => r.name },
  '-name': { column: mediaItems.name, descending: true, cast: 'text', read: (r) => r.name },
  created_at: {
    column: mediaItems.createdAt,
    descending: false,
    cast: 'timestamptz',
    read: (r) => r.createdAt.toISOString(),
  },
  '-created_at': {
    column: mediaItems.createdAt,
    descending: true,
    cast: 'timestamptz',
    read: (r) => r.createdAt.toISOString(),
  },
  size: {
    column: mediaItems.sizeBytes,
    descending: false,
    cast: 'bigint',
    read: (r) => r.sizeBytes,
  },
  '-size': {
    column: mediaItems.sizeBytes,
    descending: true,
    cast: 'bigint',
    read: (r) => r.sizeBytes,
  },
};

export interface Cursor {
  v: string | number;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** A value of the sort's column type, or false: a cursor is client input, checked like any. */
function cursorValueFits(cast: string, v: unknown): boolean {
  if (cast === 'bigint') {
    return (
      (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) ||
      (typeof v === 'string' && /^\d{1,18}$/.test(v))
    );
  }
  if (typeof v !== 'string' || v.includes('\u0000') || v.length > 1000) return false;
  if (cast === 'timestamptz') {
    return (
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(v) && !Number.isNaN(Date.parse(v))
    );
  }
  return true;
}

/** The cursor of a page of `sort`, or null when it is not one this listing made. */
export function decodeCursor(raw: string, sort: MediaSort): Cursor | null {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof value !== 'object' || value === null) return null;
    if (!cursorValueFits(SORTS[sort].cast, value.v) || typeof value.id !== 'string') return null;
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value.id)) {
      return null;
    }
    return { v: value.v!, id: value.id };
  } catch {
    return null;
  }
}

export interface ListFilters {
  search?: string | undefined;
  kind?: 'image' | 'video' | undefined;
  tag?: string | undefined;
}

function filterConditions(tenantId: string, filters: ListFilters): SQL[] {
  const conditions: SQL[] = [eq(mediaItems.userId, tenantId)];
  if (filters.search) {
    const escaped = filters.search.replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(ilike(mediaItems.name, `%${escaped}%`));
  }
  if (filters.kind) conditions.push(eq(mediaItems.kind, filters.kind));
  if (filters.tag) conditions.push(arrayContains(mediaItems.tags, [filters.tag]));
  return conditions;
}

export async function listMedia(
  tx: Tx,
  tenantId: string,
  filters: ListFilters,
  sort: MediaSort,
  limit: number,
  cursor: Cursor | null,
): Promise<{ items: MediaItem[]; nextCursor: string | null; total: number }> {
  const spec = SORTS[sort];
  const conditions = filterConditions(tenantId, filters);
  const where = and(...conditions);
  const paged = [...conditions];
  if (cursor) {
    const op = spec.descending ? sql.raw('<') : sql.raw('>');
    paged.push(
      sql`(${spec.column}, ${mediaItems.id}) ${op} (${cursor.v}::${sql.raw(spec.cast)}, ${cursor.id}::uuid)`,
    );
  }
  const order = spec.descending
    ? [desc(spec.column), desc(mediaItems.id)]
    : [asc(spec.column), asc(mediaItems.id)];
  const rows = await tx
    .select(selection)
    .from(mediaItems)
    .leftJoin(profiles, eq(profiles.id, mediaItems.uploadedBy))
    .where(and(...paged))
    .orderBy(...order)
    .limit(limit + 1);
  const [totalRow] = await tx.select({ n: count() }).from(mediaItems).where(where);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toMediaDto(r.item, r.uploaderName)),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ v: spec.read(last.item), id: last.item.id })
        : null,
    total: totalRow?.n ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------

export async function findMediaRow(tx: Tx, id: string): Promise<MediaRow | null> {
  const [row] = await tx.select().from(mediaItems).where(eq(mediaItems.id, id)).limit(1);
  return row ?? null;
}

export async function findMedia(tx: Tx, id: string): Promise<MediaItem | null> {
  const [row] = await tx
    .select(selection)
    .from(mediaItems)
    .leftJoin(profiles, eq(profiles.id, mediaItems.uploadedBy))
    .where(eq(mediaItems.id, id))
    .limit(1);
  return row ? toMediaDto(row.item, row.uploaderName) : null;
}

export async function findMediaRows(tx: Tx, ids: string[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(mediaItems).where(inArray(mediaItems.id, ids));
}

export async function usagesOf(
  tx: Tx,
  mediaIds: string[],
): Promise<Array<MediaUsage & { media_id: string }>> {
  if (mediaIds.length === 0) return [];
  const rows = await tx
    .select({
      id: mediaUsages.id,
      mediaId: mediaUsages.mediaId,
      calendarEventId: mediaUsages.calendarEventId,
      campaignId: mediaUsages.campaignId,
      title: calendarEvents.title,
      status: calendarEvents.status,
      scheduledFor: calendarEvents.scheduledFor,
    })
    .from(mediaUsages)
    .leftJoin(calendarEvents, eq(calendarEvents.id, mediaUsages.calendarEventId))
    .where(inArray(mediaUsages.mediaId, mediaIds))
    .orderBy(asc(calendarEvents.scheduledFor), asc(mediaUsages.createdAt));
  return rows.map((r) => ({
    id: r.id,
    media_id: r.mediaId,
    calendar_event_id: r.calendarEventId,
    campaign_id: r.campaignId,
    title: r.title,
    status: r.status,
    scheduled_for: r.scheduledFor?.toISOString() ?? null,
    blocks_delete:
      r.status !== null && (PROTECTED_POST_STATUSES as readonly string[]).includes(r.status),
  }));
}

/**
 * Serialises uploads of one tenant for the rest of the transaction, so that "used + this file ≤
 * quota" stays true when several uploads finish at once.
 */
export async function lockTenantQuota(tx: Tx, tenantId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`media-quota:${tenantId}`}, 0))`,
  );
}

export async function storageUsed(
  tx: Tx,
  tenantId: string,
): Promise<{ bytes: number; items: number }> {
  const [row] = await tx
    .select({ bytes: sum(mediaItems.sizeBytes), items: count() })
    .from(mediaItems)
    .where(eq(mediaItems.userId, tenantId));
  return { bytes: Number(row?.bytes ?? 0), items: row?.items ?? 0 };
}

export async function insertMedia(tx: Tx, values: NewMediaRow): Promise<MediaRow> {
  const [row] = await tx.insert(mediaItems).values(values).returning();
  return row!;
}

export async function updateMediaRow(
  tx: Tx,
  id: string,
  fields: Partial<
    Pick<
      MediaRow,
      | 'name'
      | 'tags'
      | 'status'
      | 'processingError'
      | 'thumbnailKey'
      | 'instagramKey'
      | 'locationRemoved'
      | 'sizeBytes'
      | 'contentHash'
      | 'width'
      | 'height'
      | 'durationMs'
      | 'frameRate'
      | 'videoCodec'
      | 'audioCodec'
    >
  >,
  now: Date,
): Promise<MediaRow | null> {
  const [row] = await tx
    .update(mediaItems)
    .set({ ...fields, updatedAt: now })
    .where(eq(mediaItems.id, id))
    .returning();
  return row ?? null;
}

function textArray(values: string[]): SQL {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/** Adds and removes tags on many items in one statement, keeping each list distinct and sorted. */
export async function retagMedia(
  tx: Tx,
  ids: string[],
  add: string[],
  remove: string[],
  now: Date,
): Promise<number> {
  const result = await tx
    .update(mediaItems)
    .set({
      tags: sql`array(select distinct t from unnest(array_cat(${mediaItems.tags}, ${textArray(add)})) as t where t <> all(${textArray(remove)}) order by t)`,
      updatedAt: now,
    })
    .where(inArray(mediaItems.id, ids))
    .returning({ id: mediaItems.id });
  return result.length;
}

export async function renameTag(
  tx: Tx,
  tenantId: string,
  from: string,
  to: string,
  now: Date,
): Promise<number> {
  const result = await tx
    .update(mediaItems)
    .set({
      tags: sql`array(select distinct case when t = ${from} then ${to} else t end from unnest(${mediaItems.tags}) as t order by 1)`,
      updatedAt: now,
    })
    .where(and(eq(mediaItems.userId, tenantId), arrayContains(mediaItems.tags, [from])))
    .returning({ id: mediaItems.id });
  return result.length;
}

export async function tagCounts(
  tx: Tx,
  tenantId: string,
): Promise<Array<{ tag: string; count: number }>> {
  const rows = await tx.execute(
    sql`select t as tag, count(*)::int as count from public.media_items, unnest(tags) as t
         where user_id = ${tenantId} group by t order by t`,
  );
  return rowsOf<{ tag: string; count: number }>(rows).map((r) => ({
    tag: r.tag,
    count: Number(r.count),
  }));
}

export async function deleteMediaRows(tx: Tx, ids: string[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return tx.delete(mediaItems).where(inArray(mediaItems.id, ids)).returning();
}

/** Items nobody uses, uploaded before `before`. */
export async function unusedBefore(tx: Tx, tenantId: string, before: Date): Promise<MediaRow[]> {
  return tx
    .select()
    .from(mediaItems)
    .where(
      and(
        eq(mediaItems.userId, tenantId),
        lt(mediaItems.createdAt, before),
        sql`not exists (select 1 from public.media_usages u where u.media_id = ${mediaItems.id})`,
      ),
    )
    .orderBy(asc(mediaItems.createdAt));
}

/** Every item whose content hash another item of the tenant shares, with its usage count. */
export async function duplicateGroups(
  tx: Tx,
  tenantId: string,
): Promise<Array<MediaRow & { uses: number }>> {
  const rows = await tx
    .select({
      item: mediaItems,
      uses: sql<number>`(select count(*)::int from public.media_usages u where u.media_id = ${mediaItems.id})`,
    })
    .from(mediaItems)
    .where(
      and(
        eq(mediaItems.userId, tenantId),
        sql`${mediaItems.contentHash} in (select content_hash from public.media_items
              where user_id = ${tenantId} group by content_hash having count(*) > 1)`,
      ),
    )
    .orderBy(asc(mediaItems.contentHash), asc(mediaItems.createdAt), asc(mediaItems.id));
  return rows.map((r) => ({ ...r.item, uses: Number(r.uses) }));
}
