import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST_STATUSES } from '#shared/contracts/posts.contract.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { findConnection } from '../platforms/platforms.repository.ts';
import { findMediaRows } from '../media/media.repository.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { calendarEvents, platformPosts } from '../posts/posts.tables.ts';
import * as repo from './publishing.repository.ts';
import { eventStatusFor } from '../posts/index.ts';
import {
  connectAll,
  insertMedia,
  insertScheduledPost,
  postRow,
  type Connected,
} from './publishing.test-helpers.ts';

// The worker's one-message steps (docs/decisions/083) against what the step-by-step reads
// return: the same rows, the same event status, and nothing when the attempt is not theirs.

const STATUSES: repo.PostStatus[] = [...POST_STATUSES];

/** Every multiset of up to `size` statuses. */
function combinations(size: number): repo.PostStatus[][] {
  const out: repo.PostStatus[][] = [[]];
  const grow = (prefix: repo.PostStatus[], from: number) => {
    if (prefix.length === size) return;
    for (let i = from; i < STATUSES.length; i += 1) {
      const next = [...prefix, STATUSES[i]!];
      out.push(next);
      grow(next, i);
    }
  };
  grow([], 0);
  return out;
}

let t: TestApp;
let user: SignedInUser;
let accounts: Connected[];

beforeAll(async () => {
  t = await getTestApp();
  user = await createSignedInUser(t);
  accounts = await connectAll(t, user);
});

const scope = () => ({ userId: user.userId, tenantId: user.userId });
const instagram = () => accounts.find((a) => a.platform === 'instagram')!;
const facebook = () => accounts.find((a) => a.platform === 'facebook')!;

describe('app.event_status_for', () => {
  it('says what eventStatusFor says for every combination of up to four deliveries', async () => {
    const cases = combinations(4);
    expect(cases.length).toBe(330);
    const { rows } = await t.runtime.deps.database.query<{ i: number; status: string | null }>(
      `select c.i::int as i, app.event_status_for(
         array(select jsonb_array_elements_text(c.statuses))) as status
         from jsonb_array_elements($1::jsonb) with ordinality as c(statuses, i)`,
      [JSON.stringify(cases)],
    );
    expect(rows).toHaveLength(cases.length);
    for (const row of rows) {
      const statuses = cases[row.i - 1]!;
      expect({ statuses, status: row.status }).toEqual({
        statuses,
        status: eventStatusFor(statuses),
      });
    }
  });
});

describe('claimForPublish', () => {
  it('returns the rows the step-by-step reads return, and moves the event', async () => {
    const media = [
      await insertMedia(t, user.userId, 'image'),
      await insertMedia(t, user.userId, 'image'),
    ];
    const due = new Date(Date.now() - 1_000);
    const { event, posts } = await insertScheduledPost(t, user.userId, {
      content: 'One message claims it',
      at: due,
      targets: [{ connection: instagram(), mediaIds: media }, { connection: facebook() }],
    });
    const post = posts.find((p) => p.platform === 'instagram')!;
    const now = new Date();
    const lease = new Date(now.getTime() + 600_000);
    const claimed = await repo.claimForPublish(
      t.runtime.deps.database,
      scope(),
      { postId: post.id, userId: user.userId, version: post.version },
      now,
      lease,
    );
    expect(claimed).not.toBeNull();
    const read = await withTenant(t.runtime.deps.database, scope(), async (tx) => ({
      event: await repo.findEventRow(tx, user.userId, event.id),
      connection: await findConnection(tx, user.userId, instagram().id),
      media: await findMediaRows(tx, media),
    }));
    // Drizzle's own read of the row, past row-level security.
    const readRow = await postRow(t, post.id);
    expect(claimed!.row).toEqual(readRow);
    expect(claimed!.row).toMatchObject({
      status: 'publishing',
      attemptStartedAt: now,
      nextAttemptAt: lease,
    });
    expect(claimed!.connection).toEqual(read.connection);
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect([...claimed!.media].sort(byId)).toEqual([...read.media].sort(byId));
    // The event was read before its status moved; the status after is returned beside it.
    expect({ ...claimed!.event, status: 'publishing', updatedAt: now }).toEqual(read.event);
    expect(claimed!.eventStatus).toBe('publishing');
    expect(read.event!.status).toBe('publishing');
  });

  it('claims nothing for another version, another status, or before the post is due', async () => {
    const { posts } = await insertScheduledPost(t, user.userId, {
      content: 'Not yet',
      at: new Date(Date.now() + 60_000),
      targets: [{ connection: facebook() }],
    });
    const post = posts[0]!;
    const database = t.runtime.deps.database;
    const lease = new Date(Date.now() + 600_000);
    const early = await repo.claimForPublish(
      database,
      scope(),
      { postId: post.id, userId: user.userId, version: post.version },
      new Date(),
      lease,
    );
    expect(early).toBeNull();
    const later = new Date(Date.now() + 120_000);
    const stale = await repo.claimForPublish(
      database,
      scope(),
      { postId: post.id, userId: user.userId, version: post.version + 1 },
      later,
      lease,
    );
    expect(stale).toBeNull();
    const first = await repo.claimForPublish(
      database,
      scope(),
      { postId: post.id, userId: user.userId, version: post.version },
      later,
      lease,
    );
    expect(first?.eventStatus).toBe('publishing');
    const second = await repo.claimForPublish(
      database,
      scope(),
      { postId: post.id, userId: user.userId, version: post.version },
      later,
      lease,
    );
    expect(second).toBeNull();
  });

  it('finds nothing of another business', async () => {
    const other = await createSignedInUser(t);
    const { posts } = await insertScheduledPost(t, user.userId, {
      content: 'Mine',
      at: new Date(Date.now() - 1_000),
      targets: [{ connection: facebook() }],
    });
    const claimed = await repo.claimForPublish(
      t.runtime.deps.database,
      { userId: other.userId, tenantId: other.userId },
      { postId: posts[0]!.id, userId: user.userId, version: posts[0]!.version },
      new Date(),
      new Date(Date.now() + 600_000),
    );
    expect(claimed).toBeNull();
    const still = await postRow(t, posts[0]!.id);
    expect(still?.status).toBe('scheduled');
  });
});

describe('claimForReconcile', () => {
  it('claims an unconfirmed delivery once, keeps its attempt, and leaves the event as it is', async () => {
    const photo = await insertMedia(t, user.userId, 'image');
    const due = new Date(Date.now() - 60_000);
    const { event, posts } = await insertScheduledPost(t, user.userId, {
      content: 'Did it go out?',
      at: due,
      targets: [{ connection: instagram(), mediaIds: [photo], format: 'story' }],
    });
    const post = posts[0]!;
    const database = t.runtime.deps.database;
    const payload = { postId: post.id, userId: user.userId, version: post.version };
    const lease = new Date(Date.now() + 600_000);
    // Still scheduled: there is nothing to reconcile.
    expect(await repo.claimForReconcile(database, scope(), payload, new Date(), lease)).toBeNull();

    // The answer to the attempt that began 30 s ago was lost.
    const attemptStartedAt = new Date(Date.now() - 30_000);
    await database.unsafeDb
      .update(platformPosts)
      .set({ status: 'unconfirmed', attemptStartedAt, nextAttemptAt: due })
      .where(eq(platformPosts.id, post.id));
    await database.unsafeDb
      .update(calendarEvents)
      .set({ status: 'unconfirmed' })
      .where(eq(calendarEvents.id, event.id));
    const claimed = await repo.claimForReconcile(database, scope(), payload, new Date(), lease);
    expect(claimed?.row).toMatchObject({
      status: 'publishing',
      attemptStartedAt,
      nextAttemptAt: lease,
    });
    expect(claimed?.connection?.id).toBe(instagram().id);
    expect(claimed?.media.map((m) => m.id)).toEqual([photo]);
    // The event keeps saying unconfirmed while the platform is asked.
    expect(claimed?.eventStatus).toBe('unconfirmed');
    const read = await withTenant(database, scope(), (tx) =>
      repo.findEventRow(tx, user.userId, event.id),
    );
    expect(read?.status).toBe('unconfirmed');
    // A second reconciler of the same post finds nothing.
    expect(await repo.claimForReconcile(database, scope(), payload, new Date(), lease)).toBeNull();
  });
});

describe('settleDelivery', () => {
  it('writes only while the attempt owns the post, and the event follows all its deliveries', async () => {
    const { event, posts } = await insertScheduledPost(t, user.userId, {
      content: 'Two deliveries',
      at: new Date(Date.now() - 1_000),
      targets: [{ connection: facebook() }, { connection: instagram(), mediaIds: [] }],
    });
    const database = t.runtime.deps.database;
    const now = new Date();
    const lease = new Date(now.getTime() + 600_000);
    const [a, b] = posts;
    const claimedA = await repo.claimForPublish(
      database,
      scope(),
      { postId: a!.id, userId: user.userId, version: a!.version },
      now,
      lease,
    );
    expect(claimedA).not.toBeNull();

    const published = await repo.settleDelivery(
      database,
      scope(),
      claimedA!.row,
      {
        status: 'published',
        attempts: 1,
        externalId: 'page_1',
        permalink: 'https://facebook.example/p/1',
        publishedAt: now,
        nextAttemptAt: null,
        lastError: null,
        errorCode: null,
      },
      now,
    );
    expect(published).toMatchObject({
      title: event.title,
      // The other delivery is still scheduled.
      eventStatus: 'publishing',
      row: { status: 'published', externalId: 'page_1', attempts: 1, nextAttemptAt: null },
    });
    // The attempt is over: a second settle of it writes nothing.
    const again = await repo.settleDelivery(
      database,
      scope(),
      claimedA!.row,
      { status: 'failed', lastError: 'late' },
      now,
    );
    expect(again).toBeNull();

    const claimedB = await repo.claimForPublish(
      database,
      scope(),
      { postId: b!.id, userId: user.userId, version: b!.version },
      now,
      lease,
    );
    const failed = await repo.settleDelivery(
      database,
      scope(),
      claimedB!.row,
      { status: 'failed', attempts: 1, lastError: "It's refused", errorCode: 'x' },
      now,
    );
    expect(failed?.eventStatus).toBe('failed');
    const read = await withTenant(database, scope(), (tx) =>
      repo.findEventRow(tx, user.userId, event.id),
    );
    expect(read?.status).toBe('failed');
    expect(failed?.row.lastError).toBe("It's refused");
  });

  it('leaves a column alone when its change is undefined, as a drizzle update does', async () => {
    const { posts } = await insertScheduledPost(t, user.userId, {
      content: 'Kept reason',
      at: new Date(Date.now() - 1_000),
      targets: [{ connection: facebook() }],
    });
    const database = t.runtime.deps.database;
    await database.unsafeDb
      .update(platformPosts)
      .set({ lastError: 'Facebook had a temporary problem; trying again.' })
      .where(eq(platformPosts.id, posts[0]!.id));
    const now = new Date();
    const claimed = await repo.claimForPublish(
      database,
      scope(),
      { postId: posts[0]!.id, userId: user.userId, version: posts[0]!.version },
      now,
      new Date(now.getTime() + 600_000),
    );
    const later = new Date(now.getTime() + 5_000);
    const settled = await repo.settleDelivery(
      database,
      scope(),
      claimed!.row,
      { status: 'scheduled', nextAttemptAt: later, lastError: undefined },
      now,
    );
    expect(settled?.row).toMatchObject({
      status: 'scheduled',
      nextAttemptAt: later,
      lastError: 'Facebook had a temporary problem; trying again.',
    });
  });
});
