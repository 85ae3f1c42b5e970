import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { createLogger } from '../logger.ts';
import { getTestDatabase } from '../../test/db.ts';
import { JobQueue, type JobDefinition } from './queue.ts';

// The job queue as the publishing pipeline needs it (docs/decisions/089): several jobs of one
// queue at once in a process, the next job taken as soon as a worker is free, and processes that
// start together creating the same queues without failing.

let database: Database;
const queues: JobQueue[] = [];

beforeAll(async () => {
  database = await getTestDatabase();
});

afterAll(async () => {
  for (const q of queues) await q.stop();
});

async function queue(): Promise<JobQueue> {
  const q = new JobQueue(database, createLogger('silent'));
  queues.push(q);
  await q.start();
  return q;
}

function definition(extra: Partial<JobDefinition<{ n: number }>>): JobDefinition<{ n: number }> {
  return {
    id: `test.q${randomBytes(6).toString('hex')}`,
    version: 1,
    payload: z.object({ n: z.number().int() }),
    retryLimit: 0,
    ...extra,
  };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

describe('JobQueue', () => {
  it('runs as many jobs of a queue at once as its concurrency says', async () => {
    const q = await queue();
    const def = definition({ concurrency: 4, pollingIntervalSeconds: 1 });
    for (let n = 0; n < 6; n += 1) await q.send(def, { n });
    let running = 0;
    let most = 0;
    let done = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await q.work(def, async () => {
      running += 1;
      most = Math.max(most, running);
      await gate;
      running -= 1;
      done += 1;
    });
    // Four start and wait together; the other two wait for a free worker.
    expect(await until(() => running === 4, 30_000)).toBe(true);
    release();
    expect(await until(() => done === 6, 30_000)).toBe(true);
    expect(most).toBe(4);
  });

  it('takes the next job at once while busy, not after the polling interval', async () => {
    const q = await queue();
    // Polling every 60 s: without taking the next job at once, three jobs would take minutes.
    const def = definition({ concurrency: 1, pollingIntervalSeconds: 60 });
    for (let n = 0; n < 3; n += 1) await q.send(def, { n });
    const seen: number[] = [];
    await q.work(def, async ({ n }) => {
      seen.push(n);
    });
    expect(await until(() => seen.length === 3, 30_000)).toBe(true);
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });

  it('lists the payloads still waiting to run, due or not, and not those taken or done', async () => {
    const q = await queue();
    const def: JobDefinition<{ postId: string }> = {
      id: `test.q${randomBytes(6).toString('hex')}`,
      version: 1,
      payload: z.object({ postId: z.string() }),
      retryLimit: 0,
      concurrency: 1,
      pollingIntervalSeconds: 60,
    };
    expect(await q.waiting(def, 'postId', [])).toEqual([]);
    await q.send(def, { postId: 'due' });
    await q.send(def, { postId: 'later' }, { startAfter: new Date(Date.now() + 3_600_000) });
    await q.send(def, { postId: 'other' });
    const waiting = async (ids: string[]) =>
      (await q.waiting(def, 'postId', ids)).map((p) => p.postId).sort();
    expect(await waiting(['due', 'later', 'unknown'])).toEqual(['due', 'later']);

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const taken: string[] = [];
    await q.work(def, async ({ postId }) => {
      taken.push(postId);
      await gate;
    });
    expect(await until(() => taken.length === 1, 30_000)).toBe(true);
    // The one running is no longer waiting; the other due one and the later one still are.
    const running = taken[0]!;
    const rest = ['due', 'other'].filter((id) => id !== running);
    expect(await waiting(['due', 'later', 'other'])).toEqual([...rest, 'later'].sort());
    release();
    expect(await until(() => taken.length === 2, 30_000)).toBe(true);
    expect(await waiting(['due', 'later', 'other'])).toEqual(['later']);
  });

  it('lets processes that start together create the same queues', async () => {
    const [a, b] = await Promise.all([queue(), queue()]);
    const defs = Array.from({ length: 6 }, () => definition({ pollingIntervalSeconds: 60 }));
    // Both "processes" register the same new queues at the same moment, as two workers
    // started together do; pg-boss's queue creation can deadlock, which must not fail a start.
    await expect(
      Promise.all([
        ...defs.map((def) => a!.work(def, async () => {})),
        ...defs.map((def) => b!.work(def, async () => {})),
      ]),
    ).resolves.toBeDefined();
  });
});
