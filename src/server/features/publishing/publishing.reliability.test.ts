import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMetaClient } from '#server/integrations/meta/client.ts';
import { RateLimitGate, type FetchLike } from '#server/integrations/meta/http.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { FAULTS, type FaultName } from '#simulators/meta-graph/faults.ts';
import { calendarEvents, platformPosts } from '../posts/posts.tables.ts';
import { metaRuntime } from '../platforms/meta-runtime.ts';
import type { Dispatcher, PublishJobPayload } from './worker/dispatcher.ts';
import { runPublish } from './worker/publish.ts';
import { runReconcile } from './worker/reconcile.ts';
import { runSweep } from './worker/sweep.ts';
import {
  connectAll,
  insertMedia,
  insertScheduledPost,
  publishedCopies,
  type Connected,
} from './publishing.test-helpers.ts';

// Proof of "never twice, never lost" (ARCHITECTURE.md §4). Many posts fall due together while
// the simulator answers with 5xx errors, throttling and expired tokens, and the network loses
// requests before and after they reach it. Every job is delivered twice, concurrently. The
// clock is simulated (ours and the simulator's move together), so back-offs of seconds and
// throttles of minutes pass instantly. At the end every post is published exactly once, or
// failed with a reason and not published at all; none is left in between.

const POSTS = 120;
const DAY_MS = 86_400_000;

let t: TestApp;
let user: SignedInUser;
let accounts: Connected[];

/** A small deterministic generator, so a failing run can be repeated. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

beforeAll(async () => {
  t = await getTestApp();
  user = await createSignedInUser(t);
  accounts = await connectAll(t, user);
});

interface QueuedJob {
  kind: 'publish' | 'reconcile';
  payload: PublishJobPayload;
  at: number;
}

/** The latest next step of the posts still pending (scheduled, unconfirmed, publishing). */
async function latestPendingDue(postIds: string[]): Promise<number> {
  const rows = await t.runtime.deps.database.unsafeDb
    .select({ next: platformPosts.nextAttemptAt })
    .from(platformPosts)
    .where(
      and(
        inArray(platformPosts.id, postIds),
        inArray(platformPosts.status, ['scheduled', 'unconfirmed', 'publishing']),
      ),
    );
  return Math.max(0, ...rows.map((r) => r.next?.getTime() ?? 0));
}

describe('publishing under faults', () => {
  it('publishes each post at most once and accounts for every one', async () => {
    const deps = t.runtime.deps;
    const runtime = metaRuntime(deps);
    const sim = runtime.simulator!;
    const random = prng(20261121);
    // The app (and its simulator) may be shared with other test files: the clock is put back.
    const originalOffset = sim.state.clockOffsetMs;

    // One clock for us and the simulator, a day ahead of the wall clock so the app's own
    // sweeper (which uses the wall clock) never sees these posts as overdue.
    let offset = DAY_MS;
    const now = () => new Date(Date.now() + offset);
    const advanceTo = (ms: number) => {
      offset = Math.max(offset, ms - Date.now());
      sim.state.clockOffsetMs = offset;
    };
    advanceTo(Date.now() + DAY_MS);

    // The network between us and the simulator: requests lost before they arrive, and answers
    // lost after the simulator acted on them (a reset or timeout after sending).
    const stats = { lostBefore: 0, lostAfter: 0, simFaults: 0 };
    const COMMIT = /\/(feed|photos|videos|media_publish)$/;
    const network: FetchLike = async (url, init) => {
      const path = new URL(url).pathname;
      const commit = init.method === 'POST' && COMMIT.test(path);
      if (commit && random() < 0.04) {
        stats.lostBefore += 1;
        throw new Error('connect ETIMEDOUT');
      }
      const response = await sim.app.fetch(new Request(url, init));
      if (commit && response.ok && random() < 0.08) {
        stats.lostAfter += 1;
        throw new Error('socket hang up');
      }
      return response;
    };
    const client = createMetaClient(runtime.config, {
      fetch: network,
      gate: new RateLimitGate(() => now().getTime()),
      sleep: async () => {},
    });

    // Faults answered by the simulator itself, one call each, on the publishing paths.
    const injectable: { fault: FaultName; path: string }[] = [
      { fault: 'transient_1', path: '/feed' },
      { fault: 'transient_2', path: '/media_publish' },
      { fault: 'ig_server_error', path: '/media' },
      { fault: 'throttle_32', path: '/photos' },
      { fault: 'throttle_80002', path: '/media_publish' },
      { fault: 'token_expired', path: '/feed' },
      { fault: 'token_expired', path: '/media_publish' },
    ];
    const inject = () => {
      const pick = injectable[Math.floor(random() * injectable.length)]!;
      sim.state.faults.push({
        id: `f${stats.simFaults}`,
        error: FAULTS[pick.fault],
        method: 'POST',
        path: pick.path,
        remaining: 1,
      });
      stats.simFaults += 1;
    };

    // Posts: text, photo, multi-photo and video on the Pages; photo, carousel and reel on
    // Instagram, all due in the same minute.
    const due = now();
    const texts = new Map<string, string>();
    const postIds: string[] = [];
    for (let i = 0; i < POSTS; i += 1) {
      const account = accounts[i % accounts.length]!;
      const text = `Post ${i} of the reliability run #${i % 7 === 0 ? 'launch' : 'daily'}`;
      const variant = Math.floor(i / accounts.length) % 3;
      let mediaIds: string[] = [];
      let format: 'feed' | 'reel' = 'feed';
      if (account.platform === 'instagram' || variant > 0) {
        if (variant === 2 && account.platform === 'instagram') {
          mediaIds = [await insertMedia(t, user.userId, 'video', { width: 1080, height: 1920 })];
          format = 'reel';
        } else if (variant === 1) {
          mediaIds = [
            await insertMedia(t, user.userId, 'image'),
            await insertMedia(t, user.userId, 'image'),
          ];
        } else if (variant === 2) {
          mediaIds = [await insertMedia(t, user.userId, 'video')];
        } else {
          mediaIds = [await insertMedia(t, user.userId, 'image')];
        }
      }
      const { posts } = await insertScheduledPost(t, user.userId, {
        content: text,
        at: due,
        targets: [{ connection: account, mediaIds, format }],
      });
      texts.set(posts[0]!.id, text);
      postIds.push(posts[0]!.id);
    }

    // The queue: every job is delivered twice, at the same time.
    const queue: QueuedJob[] = [];
    const reconciled = new Set<string>();
    const dispatcher: Dispatcher = {
      async publish(payload, at) {
        queue.push({ kind: 'publish', payload, at: at.getTime() });
      },
      async reconcile(payload, at) {
        reconciled.add(payload.postId);
        queue.push({ kind: 'reconcile', payload, at: at.getTime() });
      },
    };
    const options = { dispatcher, client, now };
    for (const id of postIds) {
      await dispatcher.publish({ postId: id, userId: user.userId, version: 1 }, due);
    }

    let rounds = 0;
    while (queue.length > 0 && rounds < 2_000) {
      rounds += 1;
      const earliest = Math.min(...queue.map((j) => j.at));
      if (earliest > now().getTime()) advanceTo(earliest);
      const ready = queue.filter((j) => j.at <= now().getTime()).slice(0, 12);
      for (const job of ready) queue.splice(queue.indexOf(job), 1);
      if (random() < 0.5) inject();
      await Promise.all(
        ready.flatMap((job) => {
          const run = job.kind === 'publish' ? runPublish : runReconcile;
          return [run(deps, job.payload, options), run(deps, job.payload, options)];
        }),
      );
      // Now and then a job is lost outright; the sweeper must find the post again.
      if (random() < 0.05 && queue.length > 0) queue.splice(Math.floor(random() * queue.length), 1);
      if (queue.length === 0 || rounds % 25 === 0) {
        // The sweeper runs every minute for ever: when nothing is queued, time passes until the
        // last pending post is due (a throttle can put one off beyond the usual 11 minutes).
        const pendingUntil = queue.length === 0 ? await latestPendingDue(postIds) : 0;
        advanceTo(Math.max(now().getTime() + 11 * 60_000, pendingUntil + 1_000));
        await runSweep(deps, options);
      }
    }
    sim.state.faults = [];
    sim.state.clockOffsetMs = originalOffset;

    const rows = await deps.database.unsafeDb
      .select()
      .from(platformPosts)
      .where(inArray(platformPosts.id, postIds));
    expect(rows).toHaveLength(POSTS);
    const outcome = { published: 0, failed: 0, reconciledPublished: 0 };
    for (const row of rows) {
      const copies = publishedCopies(t, texts.get(row.id)!);
      // Never twice, never lost: each post ends published exactly once, or failed and absent.
      expect(['published', 'failed'], `${row.id} ended ${row.status}`).toContain(row.status);
      if (row.status === 'published') {
        expect(copies, `${texts.get(row.id)} published ${copies} times`).toBe(1);
        outcome.published += 1;
        if (reconciled.has(row.id)) outcome.reconciledPublished += 1;
      } else {
        expect(copies, `${texts.get(row.id)} failed but is out`).toBe(0);
        expect(row.lastError).toMatch(/\w+/);
        outcome.failed += 1;
      }
    }
    // The run exercised what it claims to.
    expect(stats.lostAfter).toBeGreaterThan(0);
    expect(stats.lostBefore).toBeGreaterThan(0);
    expect(stats.simFaults).toBeGreaterThan(10);
    expect(outcome.reconciledPublished).toBeGreaterThan(0);
    expect(outcome.published).toBeGreaterThan(POSTS / 2);
    // Every event follows its single post.
    const events = await deps.database.unsafeDb
      .select({ status: calendarEvents.status })
      .from(calendarEvents)
      .where(eq(calendarEvents.userId, user.userId));
    expect(events.filter((e) => e.status === 'published')).toHaveLength(outcome.published);
  }, 180_000);
});
