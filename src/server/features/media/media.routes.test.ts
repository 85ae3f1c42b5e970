import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  mediaDetailsSchema,
  mediaItemSchema,
  mediaPageSchema,
  mediaRoutes,
  MEDIA_NAME_HEADER,
  storageUsageSchema,
  type MediaItem,
} from '#shared/contracts/media.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { PLANS } from '#shared/plans.ts';
import {
  FfmpegError,
  locateFfmpeg,
  runFfmpeg,
  STDERR_REPORTED_BYTES,
} from '#server/platform/media-tools/ffmpeg.ts';
import {
  recordWorkerTools,
  WORKER_TOOLS_FRESH_MS,
} from '#server/platform/media-tools/worker-tools.ts';
import { workerTools } from '#server/platform/db/system.tables.ts';
import {
  createSignedInUser,
  getTestApp,
  TestClient,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { calendarEvents } from '../posts/posts.tables.ts';
import { subscription } from '../subscription/subscription.tables.ts';
import { parseBmff } from './bmff.ts';
import { logVideoTools, processMedia, VIDEO_UNREADABLE } from './media.jobs.ts';
import { receiveUpload } from './media.routes.ts';
import {
  pngBomb,
  recordSampleVideo,
  sampleJpeg,
  sampleMp4,
  samplePng,
  SAMPLE_LOCATION_NEEDLE,
  SVG_WITH_SCRIPT,
  type RecordedVideoOptions,
} from '#server/test/media-samples.ts';
import * as mediaService from './media.service.ts';
import { mediaStorage, uploadTempDir } from './media.storage.ts';
import { mediaItems, mediaUsages } from './media.tables.ts';
import { storeMediaOnLocalS3 } from './media.test-helpers.ts';

const { ffmpeg } = await locateFfmpeg(undefined);

let t: TestApp;
let a: SignedInUser;
let b: SignedInUser;
beforeAll(async () => {
  t = await getTestApp();
  [a, b] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
});

const db = () => t.runtime.deps.database.unsafeDb;

async function upload(
  user: SignedInUser,
  data: Buffer,
  name: string,
  headers: Record<string, string> = {},
) {
  const response = await t.app.request(mediaRoutes.upload, {
    method: 'POST',
    headers: {
      cookie: user.client.cookie!,
      origin: 'http://localhost:3000',
      'x-forwarded-for': user.client.ip,
      'content-type': 'application/octet-stream',
      [MEDIA_NAME_HEADER]: encodeURIComponent(name),
      ...headers,
    },
    body: data,
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, json: JSON.parse(text) as any, text };
}

async function uploaded(user: SignedInUser, data: Buffer, name: string): Promise<MediaItem> {
  const res = await upload(user, data, name);
  expect(res.status, res.text).toBe(201);
  return mediaItemSchema.parse(res.json.data);
}

async function waitReady(user: SignedInUser, id: string, attempts = 100): Promise<MediaItem> {
  for (let i = 0; i < attempts; i += 1) {
    const res = await user.client.request(mediaRoutes.item(id));
    if (res.json.data.status !== 'processing') return mediaItemSchema.parse(res.json.data);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`media ${id} still processing`);
}

async function fetchFile(user: SignedInUser, url: string) {
  const response = await t.app.request(url, {
    headers: { cookie: user.client.cookie!, 'x-forwarded-for': user.client.ip },
  });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

let fakeCounter = 0;
/** Library rows written directly (no files): for listing, quota and cleanup tests. */
async function insertFake(
  tenantId: string,
  fields: Partial<typeof mediaItems.$inferInsert> = {},
): Promise<string> {
  fakeCounter += 1;
  const id = crypto.randomUUID();
  await db()
    .insert(mediaItems)
    .values({
      id,
      userId: tenantId,
      name: `fake-${fakeCounter}.jpg`,
      kind: 'image',
      mimeType: 'image/jpeg',
      sizeBytes: 1000,
      width: 1080,
      height: 1080,
      contentHash: crypto.randomUUID(),
      storageKey: `${tenantId}/${id}/original`,
      status: 'ready',
      ...fields,
    });
  return id;
}

async function scheduledPost(tenantId: string, status: 'scheduled' | 'draft' = 'scheduled') {
  const [event] = await db()
    .insert(calendarEvents)
    .values({
      userId: tenantId,
      title: `Launch post ${status}`,
      status,
      scheduledFor: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return event!.id;
}

async function tempFilesLeft(): Promise<string[]> {
  return fs.readdir(uploadTempDir(t.runtime.deps)).catch(() => []);
}

describe('signed-out visitors', () => {
  it.each([
    ['GET', mediaRoutes.list],
    ['GET', mediaRoutes.usage],
    ['POST', mediaRoutes.upload],
    ['GET', mediaRoutes.item(crypto.randomUUID())],
    ['GET', mediaRoutes.file(crypto.randomUUID(), 'thumbnail')],
  ])('%s %s answers 401', async (method, url) => {
    const res = await new TestClient(t.app).request(url, {
      method,
      ...(method === 'POST' ? { body: 'x' } : {}),
    });
    expect(res.status).toBe(401);
  });
});

describe('upload', () => {
  it('takes a JPEG larger than the API body limit, strips its location and makes a thumbnail in a job', async () => {
    const jpeg = await sampleJpeg({
      width: 1600,
      height: 1200,
      gps: true,
      noise: true,
      quality: 95,
    });
    expect(jpeg.length).toBeGreaterThan(t.runtime.deps.env.MAX_BODY_BYTES);
    const item = await uploaded(a, jpeg, 'Summer launch.jpg');
    expect(item).toMatchObject({
      name: 'Summer launch.jpg',
      kind: 'image',
      mime_type: 'image/jpeg',
      width: 1600,
      height: 1200,
      uploaded_by: a.userId,
      tags: [],
      had_location: true,
      location_removed: true,
    });
    expect(item.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(['processing', 'ready']).toContain(item.status);

    const ready = await waitReady(a, item.id);
    expect(ready.status).toBe('ready');
    expect(ready.has_thumbnail).toBe(true);

    const thumb = await fetchFile(a, mediaRoutes.file(item.id, 'thumbnail'));
    expect(thumb.response.status).toBe(200);
    expect(thumb.response.headers.get('content-type')).toBe('image/webp');
    expect(thumb.response.headers.get('cache-control')).toBe('private, max-age=3600');
    expect((await sharp(thumb.body).metadata()).width).toBe(480);

    const original = await fetchFile(a, mediaRoutes.file(item.id));
    expect(original.response.status).toBe(200);
    expect(original.body.length).toBe(item.size_bytes);
    expect((await sharp(original.body).metadata()).exif).toBeUndefined();
    expect(await tempFilesLeft()).toEqual([]);
  });

  it('records that a photo without GPS had no location, and one with it had (decision 047)', async () => {
    const plain = await sampleJpeg({ width: 400, height: 300 });
    expect((await sharp(plain).metadata()).exif).toBeUndefined();
    const none = await uploaded(a, plain, 'No place.jpg');
    expect(none).toMatchObject({ had_location: false, location_removed: true });
    const placed = await uploaded(
      a,
      await sampleJpeg({ width: 400, height: 300, gps: true }),
      'Place.jpg',
    );
    expect(placed).toMatchObject({ had_location: true, location_removed: true });
    // The details say the same once processed; the stored file has no EXIF either way.
    for (const id of [none.id, placed.id]) await waitReady(a, id);
    const details = async (id: string) =>
      mediaDetailsSchema.parse((await a.client.request(mediaRoutes.item(id))).json.data);
    expect((await details(none.id)).had_location).toBe(false);
    expect((await details(placed.id)).had_location).toBe(true);
    const stored = await fetchFile(a, mediaRoutes.file(placed.id));
    expect((await sharp(stored.body).metadata()).exif).toBeUndefined();
  });

  it('makes a JPEG copy for Instagram from a PNG', async () => {
    const item = await uploaded(a, await samplePng(1080, 1080), 'logo.png');
    const ready = await waitReady(a, item.id);
    expect(ready.has_instagram_copy).toBe(true);
    const copy = await fetchFile(a, mediaRoutes.file(item.id, 'instagram'));
    expect(copy.response.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(copy.body).metadata()).format).toBe('jpeg');
    expect(ready.compatibility.find((c) => c.target === 'instagram_feed')).toMatchObject({
      ok: true,
      notes: ['Published as a JPEG copy.'],
    });
  });

  it('records a video’s duration and frame rate', async () => {
    const item = await uploaded(a, sampleMp4({ seconds: 20, fps: 30 }), 'reel.mp4');
    expect(item).toMatchObject({
      kind: 'video',
      duration_ms: 20_000,
      frame_rate: 30,
      width: 1080,
      height: 1920,
      location_removed: false,
      had_location: false,
    });
    const done = await waitReady(a, item.id, 300);
    expect(done.compatibility.find((c) => c.target === 'instagram_reel')!.ok).toBe(true);
    // The boxes add up, but there is no picture in them: ffmpeg finds no frame to decode.
    if (ffmpeg) {
      expect(done).toMatchObject({
        status: 'failed',
        processing_error: VIDEO_UNREADABLE,
        has_thumbnail: false,
        location_removed: false,
      });
    }
  });

  it.each([
    ['empty.jpg', Buffer.alloc(0), 'The file is empty.'],
    ['logo.svg', SVG_WITH_SCRIPT, 'SVG images are not accepted: they can contain scripts.'],
    ['bomb.png', pngBomb(), /at most 50 megapixels/],
    [
      '../../../etc/cron.d/evil.jpg',
      Buffer.from('#!/bin/sh\nrm -rf /\n'),
      /not a supported image or video/,
    ],
  ])('refuses %s with a reason and leaves nothing behind', async (name, data, reason) => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(mediaItems)
      .where(eq(mediaItems.userId, a.userId));
    const res = await upload(a, data, name);
    expect(res.status).toBe(400);
    expect(res.json.metadata.errorCode).toBe('MEDIA_VALIDATION_ERROR');
    expect(res.json.metadata.fieldErrors.file).toMatch(reason);
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(mediaItems)
      .where(eq(mediaItems.userId, a.userId));
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(await tempFilesLeft()).toEqual([]);
  });

  it('refuses a file over the plan’s size limit from its declared length, before reading it', async () => {
    const res = await upload(a, Buffer.from('tiny'), 'huge.mp4', {
      'content-length': String(PLANS.trial.limits.mediaMaxFileBytes + 1),
    });
    expect(res.status).toBe(400);
    expect(res.json.metadata.fieldErrors.file).toMatch(/your plan accepts files up to 1 GB/);
  });

  it('keeps the display name apart from the storage key', async () => {
    const item = await uploaded(a, await samplePng(200, 200), '..\\..\\secret/../../x.png');
    expect(item.name).toBe('x.png');
    const [row] = await db().select().from(mediaItems).where(eq(mediaItems.id, item.id));
    expect(row!.storageKey).toBe(`${a.userId}/${item.id}/original`);
  });
});

describe('receiving the body', () => {
  it('stops at the limit and when the browser cancels, leaving no file', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'receive-'));
    const chunks = (n: number, fail = false) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < n; i += 1) controller.enqueue(new Uint8Array(1024));
          if (fail) controller.error(new Error('aborted by the client'));
          else controller.close();
        },
      });
    await expect(receiveUpload(chunks(10), dir, 5 * 1024)).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === 'MEDIA_VALIDATION_ERROR',
    );
    await expect(receiveUpload(chunks(3, true), dir, 5 * 1024)).rejects.toThrow(
      'aborted by the client',
    );
    expect(await fs.readdir(dir)).toEqual([]);
    const ok = await receiveUpload(chunks(4), dir, 5 * 1024);
    expect(ok.size).toBe(4096);
    await fs.rm(dir, { recursive: true, force: true });
  });
});

describe('quota', () => {
  it('shows usage against the plan and refuses an upload over quota', async () => {
    const user = await createSignedInUser(t);
    const quota = PLANS.trial.limits.mediaStorageBytes;
    await insertFake(user.userId, { sizeBytes: quota - 1000 });
    const usage = await user.client.request(mediaRoutes.usage);
    expect(usage.json.data).toMatchObject({
      used_bytes: quota - 1000,
      quota_bytes: quota,
      item_count: 1,
      plan: 'trial',
      video_location_removal: ffmpeg !== null,
    });
    const res = await upload(user, await samplePng(300, 300), 'one-too-many.png');
    expect(res.status).toBe(400);
    expect(res.json.metadata.fieldErrors.file).toMatch(/^Not enough storage/);
    expect(await tempFilesLeft()).toEqual([]);
  });

  it('does not let concurrent uploads together exceed the quota', async () => {
    const user = await createSignedInUser(t);
    await db()
      .update(subscription)
      .set({ plan: 'free' })
      .where(eq(subscription.userId, user.userId));
    const files = await Promise.all(
      [1, 2, 3].map((i) => sampleJpeg({ width: 400 + i, height: 400, noise: true })),
    );
    const largest = Math.max(...files.map((f) => f.length));
    // Room for one more file (the stored copy is re-encoded, so give it headroom), never two.
    await insertFake(user.userId, {
      sizeBytes: PLANS.free.limits.mediaStorageBytes - Math.round(largest * 1.5),
    });
    const results = await Promise.all(files.map((f, i) => upload(user, f, `photo-${i}.jpg`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 400).map((r) => r.json.metadata.fieldErrors.file),
    ).toEqual([
      expect.stringMatching(/^Not enough storage/),
      expect.stringMatching(/^Not enough storage/),
    ]);
    const usage = await user.client.request(mediaRoutes.usage);
    expect(usage.json.data.used_bytes).toBeLessThanOrEqual(PLANS.free.limits.mediaStorageBytes);
  });
});

describe('tenancy', () => {
  it('never shows, serves, changes or deletes another tenant’s media', async () => {
    const item = await uploaded(a, await samplePng(300, 300), 'private.png');
    await waitReady(a, item.id);
    expect((await b.client.request(mediaRoutes.item(item.id))).status).toBe(404);
    expect((await fetchFile(b, mediaRoutes.file(item.id))).response.status).toBe(404);
    expect((await fetchFile(b, mediaRoutes.file(item.id, 'thumbnail'))).response.status).toBe(404);
    expect(
      (await b.client.request(mediaRoutes.item(item.id), { method: 'PATCH', json: { name: 'x' } }))
        .status,
    ).toBe(404);
    expect((await b.client.request(mediaRoutes.item(item.id), { method: 'DELETE' })).status).toBe(
      404,
    );
    const list = mediaPageSchema.parse((await b.client.request(mediaRoutes.list)).json.data);
    expect(list.items.map((i) => i.id)).not.toContain(item.id);
    expect((await a.client.request(mediaRoutes.item(item.id))).status).toBe(200);
  });
});

describe('listing', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await createSignedInUser(t);
    const names = Array.from({ length: 230 }, (_, i) => `img-${String(i).padStart(3, '0')}.jpg`);
    // Insert in a shuffled order so the sort is the query's doing.
    for (const [i, name] of names.entries()) {
      await insertFake(user.userId, {
        name: i % 2 ? name : names[names.length - 1 - i]!,
        sizeBytes: 1000 + ((i * 7919) % 230),
        kind: i % 10 === 0 ? 'video' : 'image',
        tags: i % 3 === 0 ? ['summer'] : [],
      });
    }
  });

  it('answers 100 per page by name ascending, and pages through every item once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url = cursor ? `${mediaRoutes.list}?cursor=${cursor}` : mediaRoutes.list;
      const page = mediaPageSchema.parse((await user.client.request(url)).json.data);
      expect(page.total).toBe(230);
      expect(page.items.length).toBeLessThanOrEqual(100);
      seen.push(...page.items.map((i) => i.name));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(230);
    expect(seen).toEqual([...seen].sort());
  });

  it('sorts by size descending, searches by name and filters by type and tag', async () => {
    const bySize = mediaPageSchema.parse(
      (await user.client.request(`${mediaRoutes.list}?sort=-size&limit=50`)).json.data,
    );
    const sizes = bySize.items.map((i) => i.size_bytes);
    expect(sizes).toEqual([...sizes].sort((x, y) => y - x));
    const next = mediaPageSchema.parse(
      (
        await user.client.request(
          `${mediaRoutes.list}?sort=-size&limit=50&cursor=${bySize.next_cursor}`,
        )
      ).json.data,
    );
    expect(next.items[0]!.size_bytes).toBeLessThanOrEqual(sizes.at(-1)!);

    const search = mediaPageSchema.parse(
      (await user.client.request(`${mediaRoutes.list}?search=IMG-01`)).json.data,
    );
    expect(search.items.map((i) => i.name).every((n) => n.startsWith('img-01'))).toBe(true);
    expect(search.total).toBe(10);
    const percent = mediaPageSchema.parse(
      (await user.client.request(`${mediaRoutes.list}?search=%25`)).json.data,
    );
    expect(percent.total).toBe(0);

    const videos = mediaPageSchema.parse(
      (await user.client.request(`${mediaRoutes.list}?kind=video`)).json.data,
    );
    expect(videos.total).toBe(23);
    expect(videos.items.every((i) => i.kind === 'video')).toBe(true);
    const tagged = mediaPageSchema.parse(
      (await user.client.request(`${mediaRoutes.list}?tag=Summer`)).json.data,
    );
    expect(tagged.total).toBe(77);
  });

  it('refuses a forged cursor and unknown sorts with 400', async () => {
    expect((await user.client.request(`${mediaRoutes.list}?cursor=not-a-cursor`)).status).toBe(400);
    expect((await user.client.request(`${mediaRoutes.list}?sort=password`)).status).toBe(400);
    expect((await user.client.request(`${mediaRoutes.list}?limit=1000`)).status).toBe(400);
  });
});

describe('tags', () => {
  it('sets, bulk adds and removes, renames and counts tags', async () => {
    const user = await createSignedInUser(t);
    const [x, y] = [await insertFake(user.userId), await insertFake(user.userId)];
    const patched = await user.client.request(mediaRoutes.item(x), {
      method: 'PATCH',
      json: { tags: ['Summer', 'launch', 'summer'] },
    });
    expect(patched.json.data.tags).toEqual(['launch', 'summer']);
    const bulk = await user.client.request(mediaRoutes.bulkTags, {
      json: { ids: [x, y], add: ['promo'], remove: ['launch'] },
    });
    expect(bulk.status, JSON.stringify(bulk.json)).toBe(200);
    expect(bulk.json.data.updated).toBe(2);
    await user.client.request(mediaRoutes.renameTag, { json: { from: 'promo', to: 'sale' } });
    const counts = await user.client.request(mediaRoutes.tags);
    expect(counts.json.data).toEqual([
      { tag: 'sale', count: 2 },
      { tag: 'summer', count: 1 },
    ]);
    const bad = await user.client.request(mediaRoutes.item(x), {
      method: 'PATCH',
      json: { tags: ['a,b'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.metadata.fieldErrors['tags.0']).toBe('Tags cannot contain commas');
  });
});

describe('where used and delete', () => {
  it('lists the posts that use an item and refuses to break a scheduled post without a choice', async () => {
    const user = await createSignedInUser(t);
    const item = await uploaded(user, await samplePng(300, 300), 'hero.png');
    await waitReady(user, item.id);
    const scheduled = await scheduledPost(user.userId, 'scheduled');
    const draft = await scheduledPost(user.userId, 'draft');
    const campaignId = crypto.randomUUID();
    await db()
      .insert(mediaUsages)
      .values([
        { userId: user.userId, mediaId: item.id, calendarEventId: scheduled },
        { userId: user.userId, mediaId: item.id, calendarEventId: draft },
        { userId: user.userId, mediaId: item.id, campaignId },
      ]);
    const details = mediaDetailsSchema.parse(
      (await user.client.request(mediaRoutes.item(item.id))).json.data,
    );
    expect(details.usages).toHaveLength(3);
    expect(details.usages.find((u) => u.calendar_event_id === scheduled)).toMatchObject({
      title: 'Launch post scheduled',
      status: 'scheduled',
      blocks_delete: true,
    });
    expect(details.usages.find((u) => u.calendar_event_id === draft)!.blocks_delete).toBe(false);
    expect(details.usages.find((u) => u.campaign_id === campaignId)!.blocks_delete).toBe(false);

    const refused = await user.client.request(mediaRoutes.item(item.id), { method: 'DELETE' });
    expect(refused.status).toBe(422);
    expect(refused.json.error).toBe(mediaService.SCHEDULED_USE_MESSAGE);
    expect((await user.client.request(mediaRoutes.item(item.id))).status).toBe(200);

    const forced = await user.client.request(`${mediaRoutes.item(item.id)}?force=true`, {
      method: 'DELETE',
    });
    expect(forced.status).toBe(200);
    expect(forced.json.data).toEqual({ deleted: [item.id], freed_bytes: item.size_bytes });
    expect((await user.client.request(mediaRoutes.item(item.id))).status).toBe(404);
    const storage = mediaStorage(t.runtime.deps);
    expect(await storage.exists(`${user.userId}/${item.id}/original`)).toBe(false);
    expect(await storage.exists(`${user.userId}/${item.id}/thumbnail.webp`)).toBe(false);
    const left = await db().select().from(mediaUsages).where(eq(mediaUsages.mediaId, item.id));
    expect(left).toEqual([]);
  });

  it('bulk deletes only the caller’s items', async () => {
    const user = await createSignedInUser(t);
    const mine = [
      await insertFake(user.userId, { sizeBytes: 10 }),
      await insertFake(user.userId, { sizeBytes: 20 }),
    ];
    const theirs = await insertFake(b.userId);
    const res = await user.client.request(mediaRoutes.bulkDelete, {
      json: { ids: [...mine, theirs] },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.deleted.sort()).toEqual([...mine].sort());
    expect(res.json.data.freed_bytes).toBe(30);
    expect(await db().select().from(mediaItems).where(eq(mediaItems.id, theirs))).toHaveLength(1);
  });
});

describe('cleanup', () => {
  it('finds old unused items and exact duplicates, and deletes what is confirmed', async () => {
    const user = await createSignedInUser(t);
    const old = new Date(Date.now() - 40 * 86_400_000);
    const oldUnused = await insertFake(user.userId, { createdAt: old, sizeBytes: 500 });
    const oldUsed = await insertFake(user.userId, { createdAt: old });
    const recent = await insertFake(user.userId);
    const dupA = await insertFake(user.userId, {
      contentHash: 'same',
      sizeBytes: 300,
      createdAt: new Date(Date.now() - 2000),
    });
    const dupB = await insertFake(user.userId, { contentHash: 'same', sizeBytes: 300 });
    const post = await scheduledPost(user.userId, 'draft');
    await db()
      .insert(mediaUsages)
      .values({ userId: user.userId, mediaId: oldUsed, calendarEventId: post });

    const preview = await user.client.request(`${mediaRoutes.cleanup}?older_than_days=30`);
    expect(preview.status).toBe(200);
    const candidates = preview.json.data.candidates as Array<{
      id: string;
      reason: string;
      duplicate_of: string | null;
    }>;
    expect(candidates.map((c) => c.id).sort()).toEqual([oldUnused, dupA].sort());
    expect(candidates.find((c) => c.id === dupA)).toMatchObject({
      reason: 'duplicate',
      duplicate_of: dupB,
    });
    expect(preview.json.data.freed_bytes).toBe(800);

    const run = await user.client.request(mediaRoutes.cleanup, {
      json: { older_than_days: 30, ids: [oldUnused, dupA, oldUsed, recent] },
    });
    expect(run.json.data.deleted.sort()).toEqual([oldUnused, dupA].sort());
    const remaining = await db()
      .select({ id: mediaItems.id })
      .from(mediaItems)
      .where(eq(mediaItems.userId, user.userId));
    expect(remaining.map((r) => r.id).sort()).toEqual([oldUsed, recent, dupB].sort());
  });
});

describe('permissions', () => {
  it('lets a viewer read but not upload, tag or delete', async () => {
    const actor = {
      userId: a.userId,
      tenantId: a.userId,
      tenantRole: 'viewer' as const,
      isAdmin: false,
    };
    const ctx = { deps: t.runtime.deps, actor };
    await expect(mediaService.listMedia(ctx, {})).resolves.toBeDefined();
    for (const call of [
      () => mediaService.prepareUpload(ctx, 10),
      () => mediaService.bulkTag(ctx, { ids: [crypto.randomUUID()], add: ['x'] }),
      () => mediaService.deleteMedia(ctx, { ids: [crypto.randomUUID()] }),
      () => mediaService.previewCleanup(ctx, 30),
    ]) {
      await expect(call()).rejects.toSatisfy(
        (e) => e instanceof AppError && e.code === 'FORBIDDEN',
      );
    }
    const staff = { deps: t.runtime.deps, actor: { ...actor, tenantRole: 'staff' as const } };
    await expect(mediaService.previewCleanup(staff, 30)).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === 'FORBIDDEN',
    );
  });
});

describe('processing job', () => {
  it('is idempotent: running it again changes nothing', async () => {
    const item = await uploaded(a, await samplePng(640, 480), 'again.png');
    const ready = await waitReady(a, item.id);
    await processMedia(t.runtime.deps, { tenantId: a.userId, mediaId: item.id });
    await db().update(mediaItems).set({ status: 'processing' }).where(eq(mediaItems.id, item.id));
    await processMedia(t.runtime.deps, { tenantId: a.userId, mediaId: item.id });
    await processMedia(t.runtime.deps, { tenantId: a.userId, mediaId: item.id });
    const again = await waitReady(a, item.id);
    expect(again).toMatchObject({
      status: 'ready',
      has_thumbnail: true,
      has_instagram_copy: ready.has_instagram_copy,
    });
    // A deleted item is simply skipped.
    await processMedia(t.runtime.deps, { tenantId: a.userId, mediaId: crypto.randomUUID() });
  });
});

async function recorded(options: RecordedVideoOptions): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-video-'));
  try {
    const file = path.join(dir, `clip.${options.container ?? 'mp4'}`);
    await recordSampleVideo(ffmpeg!, file, options);
    return await fs.readFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const hasLocation = (data: Buffer) => data.includes(Buffer.from(SAMPLE_LOCATION_NEEDLE, 'latin1'));

/** The stored file decodes from start to end, and our reader reads it. */
async function playable(data: Buffer): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-video-'));
  try {
    const file = path.join(dir, 'stored');
    await fs.writeFile(file, data);
    await runFfmpeg(
      ffmpeg!.path,
      ['-hide_banner', '-loglevel', 'error', '-xerror', '-i', file, '-f', 'null', '-'],
      { timeoutMs: 60_000 },
    );
    await parseBmff(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!ffmpeg)('videos, with ffmpeg', () => {
  it('makes a thumbnail from a frame and stores a copy without the location, hash and size updated', async () => {
    const upload = await recorded({ location: true, width: 640, height: 360, seconds: 2 });
    expect(hasLocation(upload)).toBe(true);
    const item = await uploaded(a, upload, 'Paris.mp4');
    expect(item).toMatchObject({
      kind: 'video',
      mime_type: 'video/mp4',
      width: 640,
      height: 360,
      frame_rate: 30,
      location_removed: false,
      had_location: true,
      content_hash: sha256(upload),
      size_bytes: upload.length,
    });

    const ready = await waitReady(a, item.id, 300);
    expect(ready).toMatchObject({
      status: 'ready',
      processing_error: null,
      has_thumbnail: true,
      location_removed: true,
      width: 640,
      height: 360,
      frame_rate: 30,
      video_codec: 'avc1',
      audio_codec: 'mp4a',
    });
    expect(Math.abs(ready.duration_ms! - 2000)).toBeLessThan(100);

    const thumb = await fetchFile(a, mediaRoutes.file(item.id, 'thumbnail'));
    expect(thumb.response.status).toBe(200);
    expect(thumb.response.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(thumb.body).metadata()).toMatchObject({
      format: 'webp',
      width: 480,
      height: 270,
    });

    const stored = await fetchFile(a, mediaRoutes.file(item.id));
    expect(stored.response.headers.get('content-type')).toBe('video/mp4');
    expect(hasLocation(stored.body)).toBe(false);
    expect(stored.body.includes(Buffer.from('com.apple.quicktime'))).toBe(false);
    expect(stored.body.length).toBe(ready.size_bytes);
    expect(ready.content_hash).toBe(sha256(stored.body));
    expect(ready.content_hash).not.toBe(item.content_hash);
    await playable(stored.body);

    const details = mediaDetailsSchema.parse(
      (await a.client.request(mediaRoutes.item(item.id))).json.data,
    );
    expect(details.location_removed).toBe(true);
    expect(await tempFilesLeft()).toEqual([]);
  }, 120_000);

  it('removes the ©xyz location from a MOV, keeping a phone’s upright orientation', async () => {
    const upload = await recorded({ location: true, container: 'mov', rotate: 90 });
    const item = await uploaded(a, upload, 'upright.mov');
    expect(item).toMatchObject({ mime_type: 'video/quicktime', width: 240, height: 320 });
    const ready = await waitReady(a, item.id, 300);
    expect(ready).toMatchObject({
      status: 'ready',
      location_removed: true,
      mime_type: 'video/quicktime',
      width: 240,
      height: 320,
    });
    const stored = await fetchFile(a, mediaRoutes.file(item.id));
    expect(hasLocation(stored.body)).toBe(false);
    expect(stored.body.subarray(8, 12).toString('latin1')).toBe('qt  ');
    await playable(stored.body);
    const thumb = await fetchFile(a, mediaRoutes.file(item.id, 'thumbnail'));
    expect(await sharp(thumb.body).metadata()).toMatchObject({ width: 240, height: 320 });
  }, 120_000);

  it('is idempotent for videos: processing again stores the same bytes', async () => {
    const item = await uploaded(a, await recorded({ location: true, seconds: 1 }), 'again.mp4');
    const ready = await waitReady(a, item.id, 300);
    await processMedia(t.runtime.deps, { tenantId: a.userId, mediaId: item.id });
    await db().update(mediaItems).set({ status: 'processing' }).where(eq(mediaItems.id, item.id));
    await processMedia(t.runtime.deps, { tenantId: a.userId, mediaId: item.id });
    const again = await waitReady(a, item.id, 300);
    expect(again).toMatchObject({
      status: 'ready',
      has_thumbnail: true,
      location_removed: true,
      content_hash: ready.content_hash,
      size_bytes: ready.size_bytes,
    });
  }, 120_000);

  it('finds the same footage uploaded with and without a location as duplicates', async () => {
    const user = await createSignedInUser(t);
    const plain = await recorded({ seconds: 1 });
    // The same packets with a location added, as a phone and an export of it would differ.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-video-'));
    let located: Buffer;
    try {
      await fs.writeFile(path.join(dir, 'plain.mp4'), plain);
      await runFfmpeg(
        ffmpeg!.path,
        [
          ...['-hide_banner', '-loglevel', 'error', '-i', path.join(dir, 'plain.mp4')],
          ...['-c', 'copy', '-metadata', 'com.apple.quicktime.location.ISO6709=+48.8582+002.2945/'],
          ...['-movflags', 'use_metadata_tags', '-y', path.join(dir, 'located.mp4')],
        ],
        { timeoutMs: 60_000 },
      );
      located = await fs.readFile(path.join(dir, 'located.mp4'));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    expect(sha256(located)).not.toBe(sha256(plain));
    const one = await uploaded(user, plain, 'plain.mp4');
    const two = await uploaded(user, located, 'located.mp4');
    const [a1, a2] = [await waitReady(user, one.id, 300), await waitReady(user, two.id, 300)];
    expect(a1.content_hash).toBe(a2.content_hash);
    const preview = await user.client.request(`${mediaRoutes.cleanup}?older_than_days=30`);
    expect(preview.status).toBe(200);
    expect(preview.json.data.candidates).toEqual([
      expect.objectContaining({ id: one.id, reason: 'duplicate', duplicate_of: two.id }),
    ]);
  }, 120_000);

  it('logs why ffmpeg made no poster frame: the last lines of its stderr, at most 2 KB', async () => {
    const warnings: Array<{ fields: { err?: unknown; mediaId?: string }; message: string }> = [];
    const logger = {
      info: () => {},
      warn: (fields: { err?: unknown }, message: string) => warnings.push({ fields, message }),
      error: () => {},
    };
    const deps = { ...t.runtime.deps, logger } as unknown as typeof t.runtime.deps;
    const user = await createSignedInUser(t);
    // The boxes add up, but there is no picture in them.
    const data = sampleMp4({ seconds: 3 });
    const id = await insertFake(user.userId, {
      name: 'empty.mp4',
      kind: 'video',
      mimeType: 'video/mp4',
      sizeBytes: data.length,
      durationMs: 3000,
      status: 'processing',
    });
    await mediaStorage(t.runtime.deps).putBuffer(
      `${user.userId}/${id}/original`,
      data,
      'video/mp4',
    );
    await processMedia(deps, { tenantId: user.userId, mediaId: id });

    const logged = warnings.find((w) => w.message === 'video has no decodable frame');
    expect(logged?.fields.mediaId).toBe(id);
    const err = logged!.fields.err as FfmpegError;
    expect(err).toBeInstanceOf(FfmpegError);
    // More than the last line the message carries: what ffmpeg said before it.
    expect(err.stderr.trim().split('\n').length).toBeGreaterThan(1);
    expect(err.message.endsWith(err.stderr.trim().split('\n').at(-1)!)).toBe(true);
    expect(Buffer.byteLength(err.stderr)).toBeLessThanOrEqual(STDERR_REPORTED_BYTES);
  });
});

describe('whether videos lose their location, in the storage usage answer', () => {
  async function said(): Promise<boolean> {
    const res = await a.client.request(mediaRoutes.usage);
    expect(res.status, res.text).toBe(200);
    return storageUsageSchema.parse(res.json.data).video_location_removal;
  }
  const database = () => t.runtime.deps.database;

  it('is what the processes running the jobs found, not what the answering process has', async () => {
    // Here this process runs the jobs too; its workers recorded what they found at start.
    expect(await said()).toBe(ffmpeg !== null);
    const elsewhere = `worker-elsewhere:${crypto.randomUUID()}`;
    try {
      // Another worker, without ffmpeg, takes videos too: some would keep their location.
      await recordWorkerTools(database(), elsewhere, null);
      expect(await said()).toBe(false);
      // Not heard from for longer than a stopped worker may be: it no longer counts.
      const stopped = new Date(Date.now() - WORKER_TOOLS_FRESH_MS - 1000);
      await recordWorkerTools(database(), elsewhere, null, stopped);
      expect(await said()).toBe(ffmpeg !== null);
      await recordWorkerTools(database(), elsewhere, '7.1');
      expect(await said()).toBe(ffmpeg !== null);
    } finally {
      await db().delete(workerTools).where(eq(workerTools.worker, elsewhere));
    }
  });

  it('is no while no worker has been heard from', async () => {
    const rows = await db().select().from(workerTools);
    await db()
      .update(workerTools)
      .set({ seenAt: new Date(Date.now() - WORKER_TOOLS_FRESH_MS - 1000) });
    try {
      expect(await said()).toBe(false);
    } finally {
      for (const row of rows) {
        await db()
          .update(workerTools)
          .set({ seenAt: row.seenAt })
          .where(eq(workerTools.worker, row.worker));
      }
    }
  });
});

describe('videos, without ffmpeg', () => {
  it('says at start that videos keep their location, and which FFMPEG_PATH did not work', async () => {
    const missing = path.join(os.tmpdir(), 'missing', 'ffmpeg');
    const lines: Array<{ level: string; fields: unknown; message: string }> = [];
    const logger = {
      info: (fields: unknown, message: string) => lines.push({ level: 'info', fields, message }),
      warn: (fields: unknown, message: string) => lines.push({ level: 'warn', fields, message }),
    };
    const deps = (ffmpegPath: string | undefined) =>
      ({
        ...t.runtime.deps,
        logger,
        env: { ...t.runtime.deps.env, FFMPEG_PATH: ffmpegPath },
      }) as unknown as typeof t.runtime.deps;
    await logVideoTools(deps(missing));
    expect(lines).toEqual([
      {
        level: 'warn',
        fields: { tried: [`FFMPEG_PATH ${missing}: not found or not executable`] },
        message: expect.stringMatching(
          /no ffmpeg: videos get no thumbnail and keep their metadata/,
        ),
      },
    ]);
    if (ffmpeg) {
      await logVideoTools(deps(undefined));
      expect(lines[1]).toMatchObject({
        level: 'info',
        fields: { ffmpeg: ffmpeg.path, source: ffmpeg.source, version: ffmpeg.version },
      });
    }
  });

  it('keeps today’s behaviour: no thumbnail, the file as uploaded, and says the location stayed', async () => {
    const deps = {
      ...t.runtime.deps,
      env: { ...t.runtime.deps.env, FFMPEG_PATH: path.join(os.tmpdir(), 'missing', 'ffmpeg') },
    };
    const user = await createSignedInUser(t);
    const data = ffmpeg ? await recorded({ location: true }) : sampleMp4({ seconds: 5 });
    const id = crypto.randomUUID();
    const key = `${user.userId}/${id}/original`;
    await mediaStorage(t.runtime.deps).putBuffer(key, data, 'video/mp4');
    await insertFake(user.userId, {
      id,
      name: 'kept.mp4',
      kind: 'video',
      mimeType: 'video/mp4',
      sizeBytes: data.length,
      width: 320,
      height: 240,
      durationMs: 2000,
      contentHash: sha256(data),
      storageKey: key,
      status: 'processing',
    });
    await processMedia(deps, { tenantId: user.userId, mediaId: id });
    const item = mediaDetailsSchema.parse(
      (await user.client.request(mediaRoutes.item(id))).json.data,
    );
    expect(item).toMatchObject({
      status: 'ready',
      processing_error: null,
      has_thumbnail: false,
      location_removed: false,
      size_bytes: data.length,
      content_hash: sha256(data),
    });
    const stored = await fetchFile(user, mediaRoutes.file(id));
    expect(stored.body.equals(data)).toBe(true);
    expect((await fetchFile(user, mediaRoutes.file(id, 'thumbnail'))).response.status).toBe(404);
  });
});

describe('on S3-compatible storage', () => {
  const s3 = storeMediaOnLocalS3(() => t);

  it('uploads, processes, serves and deletes through the bucket', async () => {
    const user = await createSignedInUser(t);
    const item = await uploaded(user, await samplePng(500, 400), 'bucket.png');
    const ready = await waitReady(user, item.id);
    expect(ready.has_thumbnail).toBe(true);
    expect(await s3().exists(`${user.userId}/${item.id}/original`)).toBe(true);
    expect(await s3().exists(`${user.userId}/${item.id}/instagram.jpg`)).toBe(true);
    const file = await fetchFile(user, mediaRoutes.file(item.id));
    expect(file.body.length).toBe(item.size_bytes);
    await user.client.request(mediaRoutes.item(item.id), { method: 'DELETE' });
    expect(await s3().exists(`${user.userId}/${item.id}/original`)).toBe(false);
    expect(await s3().exists(`${user.userId}/${item.id}/thumbnail.webp`)).toBe(false);
  });

  it.skipIf(!ffmpeg)(
    'replaces a video in the bucket with its copy without location',
    async () => {
      const user = await createSignedInUser(t);
      const upload = await recorded({ location: true, seconds: 1 });
      const item = await uploaded(user, upload, 'bucket.mp4');
      const ready = await waitReady(user, item.id, 300);
      expect(ready).toMatchObject({ has_thumbnail: true, location_removed: true });
      const object = await s3().get(`${user.userId}/${item.id}/original`);
      const chunks: Buffer[] = [];
      for await (const chunk of object!.body) chunks.push(chunk as Buffer);
      const stored = Buffer.concat(chunks);
      expect(hasLocation(stored)).toBe(false);
      expect(sha256(stored)).toBe(ready.content_hash);
    },
    120_000,
  );
});
