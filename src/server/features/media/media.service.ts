import fs from 'node:fs/promises';
import {
  bulkTagInputSchema,
  cleanupInputSchema,
  deleteMediaInputSchema,
  listMediaQuerySchema,
  renameTagInputSchema,
  updateMediaInputSchema,
  type CleanupCandidate,
  type CleanupPreview,
  type DeleteResult,
  type ListMediaQuery,
  type MediaDetails,
  type MediaItem,
  type MediaPage,
  type MediaVariant,
  type StorageUsage,
  type TagCount,
} from '#shared/contracts/media.contract.ts';
import { eq } from 'drizzle-orm';
import { AppError } from '#shared/errors/index.ts';
import { can } from '#shared/permissions.ts';
import { fileTooLargeMessage, formatBytes } from '#shared/file-size.ts';
import { PLANS, type PlanId } from '#shared/plans.ts';
import type { z } from 'zod';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/validation.ts';
import { workersHaveFfmpeg } from '#server/platform/media-tools/worker-tools.ts';
import {
  readStoredFile,
  type FileRead,
  type FileRequest,
} from '#server/platform/http/stored-file.ts';
import { entitlementsOf } from '../subscription/entitlements.ts';
import { inspectUpload, mediaRefused, sanitizeName } from './inspect.ts';
import { processMediaJob } from './media.jobs.ts';
import * as repo from './media.repository.ts';
import { hashFile, mediaStorage, variantKey } from './media.storage.ts';
import { mediaItems } from './media.tables.ts';

const DAY_MS = 86_400_000;

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  return parsed.data;
}

function notFound(id: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `No media item ${id}` });
}

async function planOf(tx: Tx, tenantId: string): Promise<PlanId> {
  return (await entitlementsOf(tx, tenantId)).plan;
}

function limitsFor(ctx: ServiceContext, plan: PlanId) {
  const limits = PLANS[plan].limits;
  return {
    quotaBytes: limits.mediaStorageBytes,
    maxFileBytes: Math.min(limits.mediaMaxFileBytes, ctx.deps.env.MEDIA_MAX_FILE_BYTES),
  };
}

// ---------------------------------------------------------------------------------------------
// Upload

/** The plan, what the library uses and what the plan allows, in one transaction. */
async function readUsage(ctx: ServiceContext) {
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const plan = await planOf(tx, tenantId);
    const used = await repo.storageUsed(tx, tenantId);
    return { plan, used, limits: limitsFor(ctx, plan) };
  });
}

export async function storageUsage(ctx: ServiceContext): Promise<StorageUsage> {
  requireAccess(ctx.actor, 'read:media');
  // The workers process videos, not necessarily this process: what they found counts. Read
  // before the transaction, so PGlite's one connection is never asked for two things at once.
  const videoLocationRemoval = await workersHaveFfmpeg(ctx.deps.database);
  const { plan, used, limits } = await readUsage(ctx);
  return {
    used_bytes: used.bytes,
    quota_bytes: limits.quotaBytes,
    max_file_bytes: limits.maxFileBytes,
    item_count: used.items,
    plan,
    video_location_removal: videoLocationRemoval,
    can: {
      upload: can(ctx.actor, 'upload:media'),
      update: can(ctx.actor, 'update:media'),
      delete: can(ctx.actor, 'delete:media'),
      cleanup: can(ctx.actor, 'manage:media'),
    },
  };
}

function overQuota(size: number, used: number, quota: number): AppError {
  const left = Math.max(0, quota - used);
  return mediaRefused(
    `Not enough storage: this file needs ${formatBytes(size)} and ${formatBytes(left)} of your ${formatBytes(quota)} are left. Delete unused items or upgrade your plan.`,
    `Quota ${quota}, used ${used}, upload ${size}`,
  );
}

/**
 * Before a byte is read: may this person upload, and how large may the body be? A declared
 * length over the plan's file limit or the space left is refused at once.
 */
export async function prepareUpload(
  ctx: ServiceContext,
  declaredLength: number | null,
): Promise<{ maxFileBytes: number }> {
  requireAccess(ctx.actor, 'upload:media');
  // Only the limits: what the workers can do to videos is for the storage usage answer.
  const { used, limits } = await readUsage(ctx);
  if (declaredLength !== null) {
    if (declaredLength > limits.maxFileBytes) {
      throw mediaRefused(fileTooLargeMessage(declaredLength, limits.maxFileBytes));
    }
    if (used.bytes + declaredLength > limits.quotaBytes) {
      throw overQuota(declaredLength, used.bytes, limits.quotaBytes);
    }
  }
  return { maxFileBytes: limits.maxFileBytes };
}

/**
 * Checks the received file, stores it and records it. The temporary file is the caller's; every
 * file made here is removed on every path, and a stored object whose row could not be written
 * (over quota) is deleted again.
 */
export async function finishUpload(
  ctx: ServiceContext,
  upload: { tempPath: string; size: number; name: string },
): Promise<MediaItem> {
  requireAccess(ctx.actor, 'upload:media');
  const tenantId = ctx.actor.tenantId;
  const name = sanitizeName(upload.name);
  const inspected = await inspectUpload(upload.tempPath, upload.size, name);
  const storage = mediaStorage(ctx.deps);
  const id = crypto.randomUUID();
  const key = variantKey(tenantId, id, 'original');
  let stored = false;
  try {
    const { hash, size } = await hashFile(inspected.storedPath);
    await storage.putFile(key, inspected.storedPath, inspected.mimeType);
    stored = true;
    const row = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
      await repo.lockTenantQuota(tx, tenantId);
      const plan = await planOf(tx, tenantId);
      const { quotaBytes } = limitsFor(ctx, plan);
      const used = await repo.storageUsed(tx, tenantId);
      if (used.bytes + size > quotaBytes) throw overQuota(size, used.bytes, quotaBytes);
      const now = new Date();
      return repo.insertMedia(tx, {
        id,
        userId: tenantId,
        uploadedBy: ctx.actor.userId,
        name,
        kind: inspected.kind,
        mimeType: inspected.mimeType,
        sizeBytes: size,
        width: inspected.width,
        height: inspected.height,
        durationMs: inspected.durationMs,
        frameRate: inspected.frameRate,
        videoCodec: inspected.videoCodec,
        audioCodec: inspected.audioCodec,
        contentHash: hash,
        storageKey: key,
        status: 'processing',
        // Images are re-encoded without metadata above; videos wait for the processing job.
        locationRemoved: inspected.kind === 'image',
        hadLocation: inspected.hadLocation,
        createdAt: now,
        updatedAt: now,
      });
    });
    await ctx.deps.jobs.send(
      processMediaJob,
      { tenantId, mediaId: row.id },
      { singletonKey: row.id },
    );
    const item = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
      repo.findMedia(tx, row.id),
    );
    return item!;
  } catch (error) {
    if (stored) {
      await storage
        .delete(key)
        .catch((e: unknown) => ctx.deps.logger.warn({ err: e, key }, 'media cleanup failed'));
    }
    throw error;
  } finally {
    if (inspected.storedPath !== upload.tempPath)
      await fs.rm(inspected.storedPath, { force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Library

export async function listMedia(ctx: ServiceContext, query: ListMediaQuery): Promise<MediaPage> {
  requireAccess(ctx.actor, 'read:media');
  const q = parse(listMediaQuerySchema, query);
  let cursor: repo.Cursor | null = null;
  if (q.cursor) {
    cursor = repo.decodeCursor(q.cursor, q.sort);
    if (!cursor) throw validationError({ cursor: 'Not a valid page cursor' });
  }
  const page = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    repo.listMedia(
      tx,
      ctx.actor.tenantId,
      { search: q.search, kind: q.kind, tag: q.tag },
      q.sort,
      q.limit,
      cursor,
    ),
  );
  return { items: page.items, total: page.total, next_cursor: page.nextCursor };
}

export async function getMedia(ctx: ServiceContext, id: string): Promise<MediaDetails> {
  requireAccess(ctx.actor, 'read:media');
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const item = await repo.findMedia(tx, id);
    if (!item) notFound(id);
    const usages = await repo.usagesOf(tx, [id]);
    return { ...item, usages: usages.map(({ media_id: _mediaId, ...usage }) => usage) };
  });
}

export async function updateMedia(
  ctx: ServiceContext,
  id: string,
  input: unknown,
): Promise<MediaItem> {
  requireAccess(ctx.actor, 'update:media');
  const changes = parse(updateMediaInputSchema, input);
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const fields: { name?: string; tags?: string[] } = {};
    if (changes.name !== undefined) fields.name = sanitizeName(changes.name);
    if (changes.tags !== undefined) fields.tags = [...new Set(changes.tags)].sort();
    const row = await repo.updateMediaRow(tx, id, fields, new Date());
    if (!row) notFound(id);
    return (await repo.findMedia(tx, id))!;
  });
}

export async function bulkTag(ctx: ServiceContext, input: unknown): Promise<{ updated: number }> {
  requireAccess(ctx.actor, 'update:media');
  const q = parse(bulkTagInputSchema, input);
  const updated = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    repo.retagMedia(tx, q.ids, q.add, q.remove, new Date()),
  );
  return { updated };
}

export async function listTags(ctx: ServiceContext): Promise<TagCount[]> {
  requireAccess(ctx.actor, 'read:media');
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    repo.tagCounts(tx, ctx.actor.tenantId),
  );
}

export async function renameTag(ctx: ServiceContext, input: unknown): Promise<{ updated: number }> {
  requireAccess(ctx.actor, 'update:media');
  const q = parse(renameTagInputSchema, input);
  const updated = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    repo.renameTag(tx, ctx.actor.tenantId, q.from, q.to, new Date()),
  );
  return { updated };
}

// ---------------------------------------------------------------------------------------------
// Files

export async function openMediaFile(
  ctx: ServiceContext,
  id: string,
  variant: MediaVariant,
  request?: FileRequest,
): Promise<{ file: FileRead; contentType: string; name: string }> {
  requireAccess(ctx.actor, 'read:media');
  const row = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    repo.findMediaRow(tx, id),
  );
  if (!row) notFound(id);
  let key: string | null = row.storageKey;
  let contentType = row.mimeType;
  let name = row.name;
  if (variant === 'thumbnail') {
    key = row.thumbnailKey;
    contentType = 'image/webp';
  } else if (variant === 'instagram') {
    if (row.instagramKey) {
      key = row.instagramKey;
      contentType = 'image/jpeg';
      name = `${name.replace(/\.[^.]+$/, '')}.jpg`;
    } else if (row.kind !== 'image' || row.mimeType !== 'image/jpeg') key = null;
  }
  if (!key) notFound(`${id}/${variant}`);
  // Access is settled above: a range only ever reaches a file the tenant may read.
  const file = await readStoredFile(mediaStorage(ctx.deps), key, request);
  if (!file) notFound(`${id}/${variant}`);
  return { file, contentType, name };
}

// ---------------------------------------------------------------------------------------------
// Delete and cleanup

async function removeStored(ctx: ServiceContext, rows: repo.MediaRow[]): Promise<void> {
  // The rows are gone already; a file left behind is only wasted space, logged to be swept.
  const keys = rows.flatMap((row) =>
    [row.storageKey, row.thumbnailKey, row.instagramKey].filter((key): key is string => !!key),
  );
  await removeMediaFiles(ctx.deps, keys);
}

/**
 * Account deletion: the stored files of a business account, read before its rows go by cascade
 * (afterwards nothing would say which files were its). Bypasses row-level security: the caller
 * has already checked the password of the account being closed.
 */
export async function unsafeMediaKeysOfTenant(deps: AppDeps, tenantId: string): Promise<string[]> {
  const rows = await deps.database.unsafeDb
    .select({
      storageKey: mediaItems.storageKey,
      thumbnailKey: mediaItems.thumbnailKey,
      instagramKey: mediaItems.instagramKey,
    })
    .from(mediaItems)
    .where(eq(mediaItems.userId, tenantId));
  return rows.flatMap((row) =>
    [row.storageKey, row.thumbnailKey, row.instagramKey].filter((key): key is string => !!key),
  );
}

/** Removes stored files whose rows are gone; a failure is logged, never thrown (space only). */
export async function removeMediaFiles(deps: AppDeps, keys: readonly string[]): Promise<void> {
  const storage = mediaStorage(deps);
  for (const key of keys) {
    await storage
      .delete(key)
      .catch((error: unknown) => deps.logger.warn({ err: error, key }, 'media file delete failed'));
  }
}

export const SCHEDULED_USE_MESSAGE =
  'Scheduled posts use this media. Confirm that you want to remove it from them.';

export async function deleteMedia(ctx: ServiceContext, input: unknown): Promise<DeleteResult> {
  requireAccess(ctx.actor, 'delete:media');
  const q = parse(deleteMediaInputSchema, input);
  const rows = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const found = await repo.findMediaRows(tx, q.ids);
    if (found.length === 0) notFound(q.ids.join(','));
    const blocking = (
      await repo.usagesOf(
        tx,
        found.map((r) => r.id),
      )
    ).filter((u) => u.blocks_delete);
    if (blocking.length > 0) {
      if (!q.force) {
        throw AppError.from('BUSINESS_RULE_VIOLATION', {
          userMessage: SCHEDULED_USE_MESSAGE,
          technicalMessage: `${blocking.length} scheduled post(s) use the media`,
          details: {
            blocking: blocking.map((u) => ({
              media_id: u.media_id,
              calendar_event_id: u.calendar_event_id,
            })),
          },
        });
      }
      // Taking media out of someone's scheduled post changes the post.
      requireAccess(ctx.actor, 'update:post');
    }
    return repo.deleteMediaRows(
      tx,
      found.map((r) => r.id),
    );
  });
  await removeStored(ctx, rows);
  return { deleted: rows.map((r) => r.id), freed_bytes: rows.reduce((n, r) => n + r.sizeBytes, 0) };
}

async function cleanupCandidates(
  tx: Tx,
  tenantId: string,
  days: number,
  now: Date,
): Promise<CleanupCandidate[]> {
  const candidates = new Map<string, CleanupCandidate>();
  const keep = new Set<string>();
  const groups = new Map<string, Array<repo.MediaRow & { uses: number }>>();
  for (const row of await repo.duplicateGroups(tx, tenantId)) {
    const group = groups.get(row.contentHash) ?? [];
    group.push(row);
    groups.set(row.contentHash, group);
  }
  for (const group of groups.values()) {
    // Keep a copy that is in use, else the newest upload; never the last copy of anything.
    const kept = group.find((r) => r.uses > 0) ?? group.at(-1)!;
    keep.add(kept.id);
    for (const row of group) {
      if (row.id === kept.id || row.uses > 0) continue;
      candidates.set(row.id, {
        id: row.id,
        name: row.name,
        size_bytes: row.sizeBytes,
        created_at: row.createdAt.toISOString(),
        reason: 'duplicate',
        duplicate_of: kept.id,
      });
    }
  }
  for (const row of await repo.unusedBefore(
    tx,
    tenantId,
    new Date(now.getTime() - days * DAY_MS),
  )) {
    if (keep.has(row.id) || candidates.has(row.id)) continue;
    candidates.set(row.id, {
      id: row.id,
      name: row.name,
      size_bytes: row.sizeBytes,
      created_at: row.createdAt.toISOString(),
      reason: 'unused',
      duplicate_of: null,
    });
  }
  return [...candidates.values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export async function previewCleanup(
  ctx: ServiceContext,
  olderThanDays: number,
): Promise<CleanupPreview> {
  requireAccess(ctx.actor, 'manage:media');
  const candidates = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    cleanupCandidates(tx, ctx.actor.tenantId, olderThanDays, new Date()),
  );
  return { candidates, freed_bytes: candidates.reduce((n, c) => n + c.size_bytes, 0) };
}

/** Deletes the confirmed items that are still candidates now (nothing became used meanwhile). */
export async function runCleanup(ctx: ServiceContext, input: unknown): Promise<DeleteResult> {
  requireAccess(ctx.actor, 'manage:media');
  const q = parse(cleanupInputSchema, input);
  const rows = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const current = await cleanupCandidates(tx, ctx.actor.tenantId, q.older_than_days, new Date());
    const allowed = new Set(current.map((c) => c.id));
    return repo.deleteMediaRows(
      tx,
      q.ids.filter((id) => allowed.has(id)),
    );
  });
  await removeStored(ctx, rows);
  return { deleted: rows.map((r) => r.id), freed_bytes: rows.reduce((n, r) => n + r.sizeBytes, 0) };
}
