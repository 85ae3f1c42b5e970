import { expect } from 'vitest';
import {
  accountQueueSchema,
  addToQueueResultSchema,
  queueSchema,
  type AccountQueue,
  type AddToQueueResult,
  type PostingSlot,
} from '#shared/contracts/queue.contract.ts';
import type { SignedInUser, TestApp } from '#server/test/app.ts';
import { simulatedWorld, simulatorOf } from '#server/test/meta-simulator.ts';
import { connectAll, insertMedia, type Connected } from '../publishing/publishing.test-helpers.ts';

// Set-up and requests of the queue's tests (docs/decisions/077): a business with its simulated
// Page and Instagram account connected and a photo in its library, and the queue's endpoints.

export interface QueueBusiness {
  user: SignedInUser;
  page: Connected;
  instagram: Connected;
  photo: string;
}

export async function queueBusiness(t: TestApp, user: SignedInUser): Promise<QueueBusiness> {
  const world = simulatedWorld(t, user.userId);
  const accounts = await connectAll(t, user);
  return {
    user,
    page: accounts.find((a) => a.external_id === world.pageId)!,
    instagram: accounts.find((a) => a.external_id === world.igAccountId)!,
    photo: await insertMedia(t, user.userId, 'image'),
  };
}

/** Every posting time of the week at these times. */
export function daily(...times: string[]): PostingSlot[] {
  return [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => times.map((time) => ({ weekday, time })));
}

export async function readQueue(user: SignedInUser) {
  const res = await user.client.request('/api/queue');
  expect(res.status, res.text).toBe(200);
  return queueSchema.parse(res.json.data);
}

export async function accountQueue(user: SignedInUser, connectionId: string) {
  const queue = await readQueue(user);
  return queue.accounts.find((a) => a.connection_id === connectionId)!;
}

export function addRequest(
  user: SignedInUser,
  body: { post: Record<string, unknown>; targets: unknown[]; post_id?: string },
) {
  return user.client.request('/api/queue/posts', { json: body });
}

/** Adds a post with a photo to the queue of the accounts given; expected to succeed. */
export async function queuePost(
  b: QueueBusiness,
  title: string,
  accounts: Connected[] = [b.page],
): Promise<AddToQueueResult['queued']> {
  const res = await addRequest(b.user, {
    post: { title, content: `${title} #bakery` },
    targets: accounts.map((a) => ({ connection_id: a.id, format: 'post', media_ids: [b.photo] })),
  });
  expect(res.status, res.text).toBe(201);
  return addToQueueResultSchema.parse(res.json.data).queued;
}

/** A change of an account's queue (POST unless given), expected to succeed. */
export async function changed(
  user: SignedInUser,
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<AccountQueue> {
  const res = await user.client.request(path, { method: init.method ?? 'POST', ...init });
  expect(res.status, res.text).toBe(200);
  return accountQueueSchema.parse(res.json.data);
}

export function setSlots(user: SignedInUser, connectionId: string, slots: PostingSlot[]) {
  return changed(user, `/api/queue/accounts/${connectionId}/slots`, {
    method: 'PUT',
    json: { slots },
  });
}

/** The queue's posts as [title, time] in order. */
export const order = (q: AccountQueue) => q.posts.map((p) => [p.post.title, p.slot_at]);

/** The simulator's configuration (quota); restore what a test changes. */
export const simConfig = (t: TestApp) => simulatorOf(t).state.config;
