import os from 'node:os';
import { loadEnv } from '#server/platform/env.ts';
import { createRuntime } from '#server/runtime.ts';
import { runSender } from './sender.ts';

// A sender in a process of its own, for the test that kills it with SIGKILL in the middle of a
// message (email-marketing.sending.test.ts): `node --import tsx <this file> <database URL>
// <SMTP URL> <business id>`. It runs the business's sender once, with a short lease, and exits.

const [databaseUrl, smtpUrl, tenantId] = process.argv.slice(2);
if (!databaseUrl || !smtpUrl || !tenantId) throw new Error('usage: <database> <smtp> <business>');
const env = loadEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  APP_URL: 'http://localhost:3000',
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: '2',
  DATA_DIR: os.tmpdir(),
});
const runtime = await createRuntime(env);
try {
  await runSender(runtime.deps, tenantId, {
    smtpUrl,
    ratePerMinute: 60_000,
    leaseSeconds: 2,
    softRetrySeconds: 0,
  });
} finally {
  await runtime.close();
}
