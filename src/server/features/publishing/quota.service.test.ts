import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountQuota } from '#shared/contracts/publishing.contract.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { metaRuntime } from '../platforms/meta-runtime.ts';
import * as platformsRepo from '../platforms/platforms.repository.ts';
import { announceEvent } from '../posts/index.ts';
import { runPublish } from './worker/publish.ts';
import {
  connectAll,
  insertScheduledPost,
  noDispatch,
  quotasOf,
  type Connected,
} from './publishing.test-helpers.ts';
import { QUOTA_READING_TTL_MS, readQuota } from './quota.service.ts';

// GET /api/publishing/quota reuses each Instagram account's reading for a minute, so the home
// page and the composer do not spend the account's call allowance on every view (decision 082).
// A post of the business being published, or the account being reconnected, reads it afresh;
// scheduling's own check never uses the kept reading.

let t: TestApp;
let owner: SignedInUser;
let accounts: Connected[];
let instagramIds: string[];

beforeAll(async () => {
  t = await getTestApp();
  owner = await createSignedInUser(t);
  accounts = await connectAll(t, owner);
  instagramIds = accounts.filter((a) => a.platform === 'instagram').map((a) => a.id);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Counts the platform's content_publishing_limit calls from now on. */
function platformReads() {
  const spy = vi.spyOn(metaRuntime(t.runtime.deps).client.ig, 'publishingLimit');
  spy.mockClear();
  return spy;
}

const quotas = () => quotasOf(owner);

/** Answers quotas until the platform is asked again (a drop told through the bus arrives). */
async function untilReadAgain(reads: ReturnType<typeof platformReads>): Promise<AccountQuota[]> {
  let answer: AccountQuota[] = [];
  await expect
    .poll(async () => {
      reads.mockClear();
      answer = await quotas();
      return reads.mock.calls.length;
    })
    .toBe(instagramIds.length);
  return answer;
}

describe('GET /api/publishing/quota', () => {
  it('asks Instagram once per account and reuses the reading, saying when it was read', async () => {
    expect(instagramIds).toHaveLength(2);
    await untilReadAgain(platformReads());
    const reads = platformReads();
    const first = await quotas();
    const again = await quotas();
    expect(reads).toHaveBeenCalledTimes(0);
    for (const id of instagramIds) {
      const a = first.find((q) => q.connection_id === id)!;
      expect(a.source).toBe('platform');
      expect(again.find((q) => q.connection_id === id)).toEqual(a);
    }
  });

  it('reads again after a minute', async () => {
    const reads = platformReads();
    const before = await quotas();
    const later = performance.now() + QUOTA_READING_TTL_MS + 1;
    vi.spyOn(performance, 'now').mockImplementation(() => later);
    // lru-cache keeps the clock's last reading for a moment; it lets go on the next timer.
    await new Promise((resolve) => setTimeout(resolve, 5));
    reads.mockClear();
    const after = await quotas();
    expect(reads).toHaveBeenCalledTimes(instagramIds.length);
    const checked = (list: AccountQuota[]) =>
      list.find((q) => q.connection_id === instagramIds[0])!.checked_at;
    expect(Date.parse(checked(after))).toBeGreaterThan(Date.parse(checked(before)));
  });

  it('reads again once a post of the business is published', async () => {
    const reads = platformReads();
    await quotas();
    const facebook = accounts.find((a) => a.platform === 'facebook')!;
    const { posts } = await insertScheduledPost(t, owner.userId, {
      content: `Quota ${crypto.randomUUID()}`,
      at: new Date(Date.now() - 1000),
      targets: [{ connection: facebook }],
    });
    await runPublish(
      t.runtime.deps,
      { postId: posts[0]!.id, userId: owner.userId, version: posts[0]!.version },
      { dispatcher: noDispatch },
    );
    await untilReadAgain(reads);
  });

  it('keeps its readings through status changes that use no quota (a post claimed, an event saved)', async () => {
    await quotas();
    const reads = platformReads();
    const heard: string[] = [];
    const stop = t.runtime.deps.bus.subscribe('publishing-status', (payload) =>
      heard.push(payload),
    );
    try {
      const eventId = crypto.randomUUID();
      await withTenant(
        t.runtime.deps.database,
        { userId: owner.userId, tenantId: owner.userId },
        (tx) => announceEvent(tx, owner.userId, eventId, 'scheduled'),
      );
      // Once this process has heard it (at once here, or back through LISTEN on PostgreSQL).
      await expect.poll(() => heard.some((payload) => payload.includes(eventId))).toBe(true);
      await quotas();
      expect(reads).toHaveBeenCalledTimes(0);
    } finally {
      stop();
    }
  });

  it('reads a reconnected account again', async () => {
    const reads = platformReads();
    await quotas();
    await connectAll(t, owner);
    await untilReadAgain(reads);
  });

  it('is not what scheduling checks: that asks the platform every time', async () => {
    await quotas();
    const reads = platformReads();
    const connection = await withTenant(
      t.runtime.deps.database,
      { userId: owner.userId, tenantId: owner.userId },
      async (tx) =>
        (await platformsRepo.listConnections(tx, owner.userId)).find(
          (c) => c.id === instagramIds[0],
        )!,
    );
    await readQuota(t.runtime.deps, connection);
    await readQuota(t.runtime.deps, connection);
    expect(reads).toHaveBeenCalledTimes(2);
  });
});
