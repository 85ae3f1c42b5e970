import path from 'node:path';
import { z } from 'zod';

// The one place that reads process.env (lint forbids it elsewhere). Parsed once at start-up so a
// bad value fails with a readable message instead of surfacing later as a strange bug.

const booleanish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Soci Gen <no-reply@socigen.local>'),
  DEV_MAILBOX: booleanish.optional(),
  RUN_WORKER: booleanish.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanish.default(false),
  SESSION_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).default(14),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).default(30),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  ENCRYPTION_KEYS: z.string().optional(),
});

export type Env = z.infer<typeof envSchema> & {
  appUrl: string;
  dataDir: string;
  devMailbox: boolean;
  runWorker: boolean;
};

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    ...env,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    // Without SMTP every e-mail lands in the outbox; the mailbox page is how anyone reads them.
    devMailbox: env.DEV_MAILBOX ?? !env.SMTP_URL,
    runWorker: env.RUN_WORKER ?? true,
  };
}
