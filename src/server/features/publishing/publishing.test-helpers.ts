import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { accountQuotaSchema, type AccountQuota } from '#shared/contracts/publishing.contract.ts';
import { postSchema, type Post, type SaveIntent } from '#shared/contracts/posts.contract.ts';
import type { SignedInUser, TestApp } from '#server/test/app.ts';
import { simulatedWorld } from '#server/test/meta-simulator.ts';
import { calendarEvents, platformPosts } from '../posts/posts.tables.ts';
import { mediaItems } from '../media/media.tables.ts';
import { metaRuntime } from '../platforms/meta-runtime.ts';
import type { Dispatcher, PublishJobPayload } from './worker/dispatcher.ts';

// Shared set-up of the publishing tests: accounts connected through the simulator's real OAuth
// flow, and library items made directly (their bytes do not matter: the simulator checks the
// address it is given, not the file).

export interface Connected {
  id: string;
  platform: 'facebook' | 'instagram';
  external_id: string;
  login: 'facebook' | 'instagram';
}

async function authorize(t: TestApp, user: SignedInUser, login: 'facebook' | 'instagram') {
  const start = await user.client.request('/api/platforms/oauth/start', { json: { login } });
  expect(start.status, start.text).toBe(200);
  const dialog = new URL(start.json.data.url);
  const res = await user.client.request(`${dialog.pathname}${dialog.search}&sim_auto=allow`);
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!.replace(/#_$/, ''));
  const params = Object.fromEntries(back.searchParams) as Record<string, string>;
  const cb = await user.client.request('/api/platforms/oauth/callback', {
    json: { login, ...params },
  });
  expect(cb.status, cb.text).toBe(200);
  return cb.json.data.attempt_id as string;
}

/**
 * Two Pages and their Instagram account (Facebook Login), and the Instagram Login account, of the
 * business's own simulated world (`simulatedWorld(t, user.userId)` has their ids).
 */
export async function connectAll(t: TestApp, user: SignedInUser): Promise<Connected[]> {
  const world = simulatedWorld(t, user.userId);
  const fbAttempt = await authorize(t, user, 'facebook');
  const fb = await user.client.request(`/api/platforms/oauth/${fbAttempt}/connect`, {
    json: { external_ids: [world.pageId, world.secondPageId, world.igAccountId] },
  });
  expect(fb.status, fb.text).toBe(201);
  const igAttempt = await authorize(t, user, 'instagram');
  const ig = await user.client.request(`/api/platforms/oauth/${igAttempt}/connect`, {
    json: { external_ids: [world.igLoginAccountId] },
  });
  expect(ig.status, ig.text).toBe(201);
  return [...fb.json.data, ...ig.json.data] as Connected[];
}

export async function insertMedia(
  t: TestApp,
  userId: string,
  kind: 'image' | 'video',
  size: { width: number; height: number } = { width: 1080, height: 1080 },
): Promise<string> {
  const id = randomUUID();
  await t.runtime.deps.database.unsafeDb.insert(mediaItems).values({
    id,
    userId,
    name: kind === 'image' ? `photo-${id}.jpg` : `clip-${id}.mp4`,
    kind,
    mimeType: kind === 'image' ? 'image/jpeg' : 'video/mp4',
    sizeBytes: 500_000,
    width: size.width,
    height: size.height,
    durationMs: kind === 'video' ? 12_000 : null,
    frameRate: kind === 'video' ? 30 : null,
    videoCodec: kind === 'video' ? 'avc1' : null,
    audioCodec: kind === 'video' ? 'mp4a' : null,
    contentHash: id,
    storageKey: `test/${id}`,
    status: 'ready',
  });
  return id;
}

/** An event with one delivery per given target, scheduled for `at`, written directly. */
export async function insertScheduledPost(
  t: TestApp,
  userId: string,
  input: {
    content: string;
    at: Date;
    targets: { connection: Connected; mediaIds?: string[]; format?: 'feed' | 'reel' | 'story' }[];
  },
) {
  const db = t.runtime.deps.database.unsafeDb;
  const [event] = await db
    .insert(calendarEvents)
    .values({
      userId,
      title: input.content.slice(0, 40),
      content: input.content,
      platforms: [...new Set(input.targets.map((x) => x.connection.platform))],
      status: 'scheduled',
      scheduledFor: input.at,
    })
    .returning();
  const posts = await db
    .insert(platformPosts)
    .values(
      input.targets.map((x) => ({
        userId,
        calendarEventId: event!.id,
        connectionId: x.connection.id,
        platform: x.connection.platform,
        format: x.format ?? ('feed' as const),
        mediaIds: x.mediaIds ?? [],
        status: 'scheduled' as const,
        scheduledFor: input.at,
        nextAttemptAt: input.at,
      })),
    )
    .returning();
  return { event: event!, posts };
}

/** An ISO time `hours` from now. */
export const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/**
 * Replaces a post's accounts as the composer does: PUT /api/posts/{id} with the post's own fields
 * as they are, `targets` as given, and what it is now — scheduled again when it is scheduled (or
 * as `intent` says), else a draft. `extra` is added to the body as it is.
 */
export async function saveWithTargets(
  user: SignedInUser,
  eventId: string,
  targets: unknown,
  options: { intent?: SaveIntent; extra?: Record<string, unknown> } = {},
) {
  const read = await user.client.request(`/api/posts/${eventId}`);
  const post = read.status === 200 ? postSchema.parse(read.json.data) : null;
  const fields = post
    ? {
        title: post.title,
        content: post.content,
        type: post.type,
        scheduled_for: post.scheduled_for,
      }
    : { title: 'Not readable' };
  const intent = options.intent ?? (post?.status === 'scheduled' ? 'schedule' : 'draft');
  return user.client.request(`/api/posts/${eventId}`, {
    method: 'PUT',
    json: { post: fields, targets, intent, ...options.extra },
  });
}

/** GET /api/posts/{id}, answered and valid. */
export async function postOf(user: SignedInUser, eventId: string): Promise<Post> {
  const res = await user.client.request(`/api/posts/${eventId}`);
  expect(res.status, res.text).toBe(200);
  return postSchema.parse(res.json.data);
}

/** GET /api/publishing/quota as `user`, answered and valid. */
export async function quotasOf(user: SignedInUser): Promise<AccountQuota[]> {
  const res = await user.client.request('/api/publishing/quota');
  expect(res.status, res.text).toBe(200);
  return accountQuotaSchema.array().parse(res.json.data);
}

/** The simulator's current token of a Page, for calls made past the app. */
export function pageToken(t: TestApp, pageId: string): string {
  const state = metaRuntime(t.runtime.deps).simulator!.state;
  return [...state.tokens.values()]
    .filter((x) => x.kind === 'PAGE' && x.subjectId === pageId && !x.invalidSubcode)
    .at(-1)!.value;
}

/** Published objects in the simulator whose text is exactly `text` (Facebook posts, IG media). */
export function publishedCopies(t: TestApp, text: string): number {
  const state = metaRuntime(t.runtime.deps).simulator!.state;
  const fb = [...state.posts.values()].filter((p) => p.published && p.message === text).length;
  const ig = [...state.media.values()].filter((m) => m.caption === text).length;
  return fb + ig;
}

/** A dispatcher that only writes down what the worker asked for, for a test to run by hand. */
export function recordingDispatcher() {
  const sent: { kind: 'publish' | 'reconcile'; payload: PublishJobPayload; at: Date }[] = [];
  const dispatcher: Dispatcher = {
    async publish(payload, at) {
      sent.push({ kind: 'publish', payload, at });
    },
    async reconcile(payload, at) {
      sent.push({ kind: 'reconcile', payload, at });
    },
  };
  return { sent, dispatcher };
}

/** A dispatcher that drops what the worker asks for: a test that runs one step and looks. */
export const noDispatch: Dispatcher = { publish: async () => {}, reconcile: async () => {} };

/** A delivery's row as stored, read past row-level security. */
export async function postRow(t: TestApp, id: string) {
  const [row] = await t.runtime.deps.database.unsafeDb
    .select()
    .from(platformPosts)
    .where(eq(platformPosts.id, id));
  return row!;
}
