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
  // Media library: an installation-wide ceiling on one upload (plans may allow less), and
  // S3-compatible object storage instead of the local disk when S3_BUCKET is set.
  MEDIA_MAX_FILE_BYTES: z.coerce.number().int().min(1024).default(1_073_741_824),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanish.default(true),
  // Video thumbnails and removing video metadata: this ffmpeg instead of the optional npm build
  // or the one on the PATH (src/server/platform/media-tools/ffmpeg.ts).
  FFMPEG_PATH: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  ENCRYPTION_KEYS: z.string().optional(),
  // First administrator: a setup token chosen by the operator (at least 24 characters); without
  // it one is generated and printed at start while no administrator exists.
  ADMIN_SETUP_TOKEN: z.string().min(24).max(200).optional(),
  // Meta (Facebook Login, Instagram Login, Graph API). Without an app id and secret the app runs
  // in demo mode against the built-in Graph API simulator (src/simulators/meta-graph).
  META_APP_ID: z.string().optional(),
  META_APP_SECRET: z.string().optional(),
  META_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v25.0'),
  META_GRAPH_BASE_URL: z.url().default('https://graph.facebook.com'),
  META_GRAPH_VIDEO_BASE_URL: z.url().default('https://graph-video.facebook.com'),
  META_DIALOG_BASE_URL: z.url().default('https://www.facebook.com'),
  META_WEBHOOK_VERIFY_TOKEN: z.string().optional(),
  META_APPSECRET_PROOF: booleanish.default(false),
  INSTAGRAM_APP_ID: z.string().optional(),
  INSTAGRAM_APP_SECRET: z.string().optional(),
  INSTAGRAM_GRAPH_BASE_URL: z.url().default('https://graph.instagram.com'),
  INSTAGRAM_API_BASE_URL: z.url().default('https://api.instagram.com'),
  INSTAGRAM_DIALOG_BASE_URL: z.url().default('https://www.instagram.com'),
  META_TOKEN_WARNING_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  // How long one Graph API request may take before it is given up (docs/decisions/089).
  META_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  // Publishing (docs/decisions/089): how often the sweeper looks for overdue posts, and how long
  // a worker's claim on a post lasts before the sweeper presumes the worker dead.
  PUBLISHING_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  PUBLISHING_LEASE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(600),
  // AI content: an OpenAI-compatible endpoint (OpenAI, Ollama, vLLM…); none → offline generator.
  AI_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
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
