import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '#server/platform/env.ts';
import { workerTools } from '#server/platform/db/system.tables.ts';
import { getTestDatabase } from './test/db.ts';
import { createRuntime } from './runtime.ts';

describe('a process that runs jobs', () => {
  it('says which tools it has while it runs, and takes that back when it stops', async () => {
    const database = await getTestDatabase();
    const ours = async () =>
      (await database.unsafeDb.select({ worker: workerTools.worker }).from(workerTools))
        .map((row) => row.worker)
        .filter((worker) => worker.startsWith(`${os.hostname()}:${process.pid}:`));
    const before = await ours();
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_URL: 'http://localhost:3000',
    });
    const runtime = await createRuntime(env, { database });
    await runtime.startWorkers();
    const running = await ours();
    expect(running).toHaveLength(before.length + 1);
    await runtime.close();
    // A cleanly stopped worker no longer counts at once, not 15 minutes later.
    expect(await ours()).toEqual(before);
  });

  it('stops every worker when told to stop while they are still starting', async () => {
    // The HTTP process listens before its workers start (decision 019): a SIGTERM can come then.
    const database = await getTestDatabase();
    const ours = async () =>
      (await database.unsafeDb.select({ worker: workerTools.worker }).from(workerTools))
        .map((row) => row.worker)
        .filter((worker) => worker.startsWith(`${os.hostname()}:${process.pid}:`));
    const before = await ours();
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_URL: 'http://localhost:3000',
    });
    const runtime = await createRuntime(env, { database });
    const starting = runtime.startWorkers();
    const closing = runtime.close();
    await starting;
    await closing;
    expect(await ours()).toEqual(before);
  });
});
