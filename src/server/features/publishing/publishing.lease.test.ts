import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { JobQueue, queueName } from '#server/platform/jobs/queue.ts';
import { createLogger } from '#server/platform/logger.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { calendarEvents, platformPosts } from '../posts/posts.tables.ts';
import { jobDispatcher, publishPostJob, sweepJob } from './publishing.jobs.ts';
import type { Dispatcher } from './worker/dispatcher.ts';
import { runPublish } from './worker/publish.ts';
import { runSweep } from './worker/sweep.ts';
import {
  connectAll,
  postRow,
  recordingDispatcher,
  insertScheduledPost,
  publishedCopies,
  type Connected,
} from './publishing.test-helpers.ts';

// The claim on a post is a lease (docs/decisions/089): it ends at next_attempt_at, after which the
// sweeper presumes the worker dead and hands the post to reconcile. Two ways a live but slow
// worker could publish a post twice, found while building the chaos run, and closed:
// - sending the commit call when the lease ends before the answer could arrive (reconcile would
//   look, find nothing, and let the post be sent again while the first call is on its way);
// - the sweeper taking over a claim that was renewed after it read its list of overdue posts.

const DAY_MS = 86_400_000;

let t: TestApp;
let user: SignedInUser;
let page: Connected;

beforeAll(async () => {
  t = await getTestApp();
  user = await createSignedInUser(t);
  page = (await connectAll(t, user)).find((a) => a.platform === 'facebook')!;
});

const recorder = recordingDispatcher;
const rowOf = (id: string) => postRow(t, id);

describe('the lease on a claimed post', () => {
  it('does not send the commit call when the claim would end before the answer could arrive', async () => {
    // A day ahead of the wall clock, so the app's own sweeper leaves these posts alone.
    const start = Date.now() + DAY_MS;
    const text = `Lease test ${crypto.randomUUID()}`;
    const { posts } = await insertScheduledPost(t, user.userId, {
      content: text,
      at: new Date(start - 1_000),
      targets: [{ connection: page }],
    });
    const post = posts[0]!;
    const payload = { postId: post.id, userId: user.userId, version: 1 };
    const leaseMs = 60_000;

    // The worker claims the post, then stalls for 45 s (a slow database, a paused process):
    // 15 s of its lease are left when it reaches the commit, and a request may take 60 s.
    let calls = 0;
    const stalled = () => new Date(start + (calls++ === 0 ? 0 : 45_000));
    const first = recorder();
    await runPublish(t.runtime.deps, payload, {
      dispatcher: first.dispatcher,
      now: stalled,
      leaseMs,
    });
    expect(publishedCopies(t, text)).toBe(0);
    const after = await rowOf(post.id);
    expect(after.status).toBe('scheduled');
    // Nothing was sent, so no attempt was used; the post is due again at once.
    expect(after.attempts).toBe(0);
    expect(after.nextAttemptAt!.getTime()).toBe(start + 45_000);
    expect(first.sent).toEqual([{ kind: 'publish', payload, at: new Date(start + 45_000) }]);

    // The next delivery, with time to spare, publishes it once.
    const second = recorder();
    await runPublish(t.runtime.deps, payload, {
      dispatcher: second.dispatcher,
      now: () => new Date(start + 46_000),
      leaseMs,
    });
    expect((await rowOf(post.id)).status).toBe('published');
    expect(publishedCopies(t, text)).toBe(1);
  });

  it('leaves a claim renewed after the sweeper read its list to the worker that holds it', async () => {
    const now = Date.now() + DAY_MS;
    const db = t.runtime.deps.database.unsafeDb;
    // Overdue and waiting for its job, so it comes first in the sweeper's list...
    const { posts: waiting } = await insertScheduledPost(t, user.userId, {
      content: `Sweep test, waiting ${crypto.randomUUID()}`,
      at: new Date(now - 120_000),
      targets: [{ connection: page }],
    });
    // ...and one whose claim ran out a minute ago: a worker that went silent.
    const { posts: held } = await insertScheduledPost(t, user.userId, {
      content: `Sweep test, held ${crypto.randomUUID()}`,
      at: new Date(now - 600_000),
      targets: [{ connection: page }],
    });
    const heldId = held[0]!.id;
    await db
      .update(platformPosts)
      .set({ status: 'publishing', nextAttemptAt: new Date(now - 60_000) })
      .where(eq(platformPosts.id, heldId));

    // While the sweeper re-drives the first post, the silent worker finishes its attempt and
    // another worker claims the second post afresh (a new lease of 10 minutes).
    const renewedUntil = new Date(now + 600_000);
    const sent: string[] = [];
    const dispatcher: Dispatcher = {
      async publish(payload) {
        sent.push(`publish ${payload.postId}`);
        if (payload.postId === waiting[0]!.id) {
          await db
            .update(platformPosts)
            .set({ status: 'publishing', nextAttemptAt: renewedUntil })
            .where(eq(platformPosts.id, heldId));
        }
      },
      async reconcile(payload) {
        sent.push(`reconcile ${payload.postId}`);
      },
    };
    await runSweep(t.runtime.deps, { dispatcher, now: () => new Date(now) });

    expect(sent).toContain(`publish ${waiting[0]!.id}`);
    expect(sent).not.toContain(`reconcile ${heldId}`);
    const row = await rowOf(heldId);
    expect(row.status).toBe('publishing');
    expect(row.nextAttemptAt).toEqual(renewedUntil);
  });
});

describe('the sweeper', () => {
  it('leaves a due post whose job is only waiting its turn, and sends the one whose job is lost', async () => {
    const now = Date.now() + DAY_MS;
    const due = new Date(now - 600_000);
    const content = () => `Sweep backlog test ${crypto.randomUUID()}`;
    const queued = await insertScheduledPost(t, user.userId, {
      content: content(),
      at: due,
      targets: [{ connection: page }],
    });
    const lost = await insertScheduledPost(t, user.userId, {
      content: content(),
      at: due,
      targets: [{ connection: page }],
    });
    const stale = await insertScheduledPost(t, user.userId, {
      content: content(),
      at: due,
      targets: [{ connection: page }],
    });
    const payload = (id: string, version = 1) => ({ postId: id, userId: user.userId, version });
    const queuedId = queued.posts[0]!.id;
    const lostId = lost.posts[0]!.id;
    const staleId = stale.posts[0]!.id;
    // In the queue behind a burst (not due to the running workers before tomorrow, this test's
    // "now"): one for the post as it is, one for a version the post has since left.
    const jobs = t.runtime.deps.jobs;
    await jobs.send(publishPostJob, payload(queuedId), { startAfter: new Date(now) });
    await jobs.send(publishPostJob, payload(staleId, 0), { startAfter: new Date(now) });

    const sent: string[] = [];
    const real = jobDispatcher(t.runtime.deps);
    const dispatcher: Dispatcher = {
      waiting: real.waiting!,
      async publish(p) {
        sent.push(p.postId);
      },
      async reconcile(p) {
        sent.push(p.postId);
      },
    };
    await runSweep(t.runtime.deps, { dispatcher, now: () => new Date(now) });

    expect(sent).not.toContain(queuedId);
    expect(sent).toContain(lostId);
    expect(sent).toContain(staleId);
  });

  it('hands a post whose claim ran out to reconcile, and its event says unconfirmed', async () => {
    const now = Date.now() + DAY_MS;
    const db = t.runtime.deps.database.unsafeDb;
    const { event, posts } = await insertScheduledPost(t, user.userId, {
      content: `Sweep test, silent ${crypto.randomUUID()}`,
      at: new Date(now - 600_000),
      targets: [{ connection: page }],
    });
    const id = posts[0]!.id;
    // Its worker claimed it and went silent; the claim ended a second ago.
    await db
      .update(platformPosts)
      .set({ status: 'publishing', nextAttemptAt: new Date(now - 1_000) })
      .where(eq(platformPosts.id, id));
    await db
      .update(calendarEvents)
      .set({ status: 'publishing' })
      .where(eq(calendarEvents.id, event.id));

    const jobs = recorder();
    await runSweep(t.runtime.deps, { dispatcher: jobs.dispatcher, now: () => new Date(now) });

    expect(jobs.sent).toContainEqual({
      kind: 'reconcile',
      payload: { postId: id, userId: user.userId, version: 1 },
      at: new Date(now),
    });
    expect(await rowOf(id)).toMatchObject({
      status: 'unconfirmed',
      nextAttemptAt: new Date(now),
      lastError: 'Publishing was interrupted. We are checking whether the post went out.',
    });
    const [after] = await db
      .select({ status: calendarEvents.status })
      .from(calendarEvents)
      .where(eq(calendarEvents.id, event.id));
    expect(after?.status).toBe('unconfirmed');
  });
});

describe('the sweep queue', () => {
  it('keeps sweeping after a worker died in the middle of a sweep', async () => {
    // The sweep's own queue definition, on a queue of its own so the app's workers stay out.
    const def = { ...sweepJob, id: `test.sweep${randomBytes(4).toString('hex')}` } as const;
    const jobs = new JobQueue(t.runtime.deps.database, createLogger('silent'));
    await jobs.start();
    try {
      const slot = new Date().toISOString();
      await jobs.send(def, { minute: slot }, { singletonKey: slot });
      // The worker that fetched it was killed: its job stays active until pg-boss expires it.
      await t.runtime.deps.database.query(
        `update pgboss.job set state = 'active', started_on = now()
          where name = $1 and singleton_key = $2`,
        [queueName(def), slot],
      );
      // The other process queues the sweep of the same interval, as its timer fires.
      await jobs.send(def, { minute: slot }, { singletonKey: slot });
      const ran: string[] = [];
      await jobs.work(def, async ({ minute }) => {
        ran.push(minute);
      });
      const deadline = Date.now() + 30_000;
      while (ran.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(ran).toEqual([slot]);
    } finally {
      await jobs.stop();
    }
  });
});
