import { randomUUID } from 'node:crypto';
import { expect, vi } from 'vitest';
import { calendarEventSchema, type CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { postSchema, type Post, type SaveIntent } from '#shared/contracts/posts.contract.ts';
import type { SignedInUser, TestApp } from '#server/test/app.ts';
import { platformConnections } from '../platforms/platforms.tables.ts';
import { insertMedia } from '../publishing/publishing.test-helpers.ts';
import { publishPostJob } from './dispatch.ts';
import { platformPosts } from './posts.tables.ts';

// Set-up for tests that need a post which could be published: since docs/decisions/087 nothing
// is scheduled without an account to publish to. Written directly (past row-level security):
// a connected Facebook Page and a photo, enough for every rule a scheduled post is checked
// against, with no call to the platform (a Page has no publishing quota to read). Nothing is
// published to it: its token is not a real one.

/** A connected Facebook Page of `userId`'s business. */
export async function insertPage(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.runtime.deps.database.unsafeDb
    .insert(platformConnections)
    .values({
      userId,
      platform: 'facebook',
      login: 'facebook',
      externalId: `page-${randomUUID()}`,
      name: 'Test Page',
      accessToken: 'not-a-token',
      status: 'connected',
    })
    .returning({ id: platformConnections.id });
  return row!.id;
}

/** The post goes to a Page of its business with a photo, as a draft delivery. */
export async function giveAccount(t: TestApp, userId: string, eventId: string): Promise<string> {
  const connectionId = await insertPage(t, userId);
  const photo = await insertMedia(t, userId, 'image');
  await t.runtime.deps.database.unsafeDb.insert(platformPosts).values({
    userId,
    calendarEventId: eventId,
    connectionId,
    platform: 'facebook',
    status: 'draft',
    mediaIds: [photo],
  });
  return connectionId;
}

/**
 * Gives the event an account, then schedules it as the web does: PUT /api/posts/{id} with its
 * own fields, the time, and its accounts kept (no `targets`).
 */
export async function scheduleWithAccount(
  t: TestApp,
  user: SignedInUser,
  eventId: string,
  scheduledFor: string,
): Promise<CalendarEvent> {
  await giveAccount(t, user.userId, eventId);
  const { title, content, type } = await readPost(user, eventId);
  const res = await savePostRequest(
    user,
    { post: { title, content, type, scheduled_for: scheduledFor }, intent: 'schedule' },
    eventId,
  );
  expect(res.status, res.text).toBe(200);
  return calendarEventSchema.parse(res.json.data);
}

/** POST /api/posts of a draft without accounts, as the calendar's quick dialog saves one. */
export async function createDraft(
  user: SignedInUser,
  post: Record<string, unknown>,
): Promise<CalendarEvent> {
  const res = await savePostRequest(user, { post, intent: 'draft' });
  expect(res.status, res.text).toBe(201);
  return calendarEventSchema.parse(res.json.data);
}

/** A body of POST and PUT /api/posts, as a test writes it (checked by the server, not here). */
export interface SaveBody {
  post: Record<string, unknown>;
  targets?: unknown[];
  intent: SaveIntent;
}

/** POST /api/posts, or PUT /api/posts/{id} with an id. */
export function savePostRequest(user: SignedInUser, body: SaveBody, id?: string) {
  return user.client.request(id ? `/api/posts/${id}` : '/api/posts', {
    method: id ? 'PUT' : 'POST',
    json: body,
  });
}

/** The same, expected to succeed (201 for a new post). */
export async function savedPost(user: SignedInUser, body: SaveBody, id?: string): Promise<Post> {
  const res = await savePostRequest(user, body, id);
  expect(res.status, res.text).toBe(id ? 200 : 201);
  return postSchema.parse(res.json.data);
}

/** GET /api/posts/{id}, expected to succeed. */
export async function readPost(user: SignedInUser, id: string): Promise<Post> {
  const res = await user.client.request(`/api/posts/${id}`);
  expect(res.status, res.text).toBe(200);
  return postSchema.parse(res.json.data);
}

/** The publish jobs asked for while `fn` ran: delivery, version and due time. */
export async function publishJobsSentDuring(t: TestApp, fn: () => Promise<unknown>) {
  const send = vi.spyOn(t.runtime.deps.jobs, 'send');
  await fn();
  const sent = send.mock.calls
    .filter(([def]) => def.id === publishPostJob.id)
    .map(([, payload, options]) => ({
      ...(payload as { postId: string; userId: string; version: number }),
      at: options?.startAfter === undefined ? undefined : new Date(options.startAfter),
    }));
  send.mockRestore();
  return sent;
}
