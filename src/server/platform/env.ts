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
  // Where the built web app is read from; the build writes dist/web (scripts/build.mjs).
  WEB_DIST_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Soci Gen <no-reply@socigen.local>'),
  // E-mail marketing (docs/decisions/100): messages per minute one business's campaign e-mails
  // go out at, whatever the number of e-mails it sends at once.
  EMAIL_MARKETING_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  DEV_MAILBOX: booleanish.optional(),
  // The key that opens the development mailbox; without it one is generated into
  // DATA_DIR/dev-mailbox.key and printed at start (features/dev/mailbox-key.ts).
  DEV_MAILBOX_KEY: z.string().min(24).max(200).optional(),
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
  /**
   * The Meta app may send with the human-agent tag (approved for it): a person's messages may be
   * answered for 7 days instead of 24 hours (docs/decisions/091).
   */
  META_HUMAN_AGENT_TAG: booleanish.default(false),
  INSTAGRAM_APP_ID: z.string().optional(),
  INSTAGRAM_APP_SECRET: z.string().optional(),
  INSTAGRAM_GRAPH_BASE_URL: z.url().default('https://graph.instagram.com'),
  INSTAGRAM_API_BASE_URL: z.url().default('https://api.instagram.com'),
  INSTAGRAM_DIALOG_BASE_URL: z.url().default('https://www.instagram.com'),
  META_TOKEN_WARNING_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  // How long one Graph API request may take before it is given up (docs/decisions/089).
  META_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** Minutes between two polls of one account's comments and messages (docs/decisions/091). */
  INBOX_SYNC_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  // Demo mode, browser tests: the simulator's control API on this port of 127.0.0.1 only; it is
  // never served on PORT, and refused in production (docs/decisions/057).
  META_SIMULATOR_CONTROL_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  // Demo mode: simulated followers comment and write from time to time (docs/decisions/091); on
  // by default in development, off in tests and production unless `on`.
  SIMULATOR_CROWD: z.enum(['on', 'off']).optional(),
  // Demo mode: days of generated past posts each simulated account has (docs/decisions/092), so
  // analytics shows months at once; 120 by default, 0 in tests.
  SIMULATOR_HISTORY_DAYS: z.coerce.number().int().min(0).max(730).optional(),
  // Publishing (docs/decisions/089): how often the sweeper looks for overdue posts, and how long
  // a worker's claim on a post lasts before the sweeper presumes the worker dead.
  PUBLISHING_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  PUBLISHING_LEASE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(600),
  // Billing (docs/decisions/094). With a Stripe secret key (and its webhook signing secret) card
  // payments go through Stripe; without one, outside production, through the built-in Stripe
  // simulator ("test payments"); without one in production, billing is manual (administrators).
  STRIPE_SECRET_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  // Another Stripe API origin, e.g. http://localhost:12111 for `npm run simulator:stripe`.
  STRIPE_API_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  BILLING_CURRENCY: z
    .string()
    .regex(/^[a-z]{3}$/, 'A three-letter ISO currency code in lower case')
    .default('usd'),
  // How long a failed renewal keeps access, in days (fractions allowed).
  BILLING_GRACE_DAYS: z.coerce.number().min(0).max(60).default(7),
  // AI content: an OpenAI-compatible endpoint (OpenAI, Ollama, vLLM…); none → offline generator.
  AI_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
});

/**
 * Who can read e-mails kept in the outbox: `development` — the development mailbox, for whoever
 * holds its key (or an administrator); `administrators` — production without SMTP, where nothing
 * is sent and only administrators read the outbox; `off` — e-mails go out by SMTP.
 */
export type MailboxMode = 'development' | 'administrators' | 'off';

export type Env = z.infer<typeof envSchema> & {
  appUrl: string;
  dataDir: string;
  mailbox: MailboxMode;
  runWorker: boolean;
};

function mailboxModeOf(env: z.infer<typeof envSchema>): MailboxMode {
  if (env.NODE_ENV === 'production') {
    if (env.DEV_MAILBOX) {
      throw new Error(
        'Invalid configuration:\n  DEV_MAILBOX: the development mailbox is refused in production; set SMTP_URL',
      );
    }
    return env.SMTP_URL ? 'off' : 'administrators';
  }
  return (env.DEV_MAILBOX ?? !env.SMTP_URL) ? 'development' : 'off';
}

/** The simulator's control listener is for tests of demo mode only (docs/decisions/057). */
function checkSimulatorControl(env: z.infer<typeof envSchema>): void {
  if (env.META_SIMULATOR_CONTROL_PORT === undefined) return;
  const refusal =
    env.NODE_ENV === 'production'
      ? 'the Graph API simulator control API is refused in production'
      : env.META_APP_ID && env.META_APP_SECRET
        ? 'there is no simulator to control with META_APP_ID and META_APP_SECRET set'
        : null;
  if (refusal) {
    throw new Error(`Invalid configuration:\n  META_SIMULATOR_CONTROL_PORT: ${refusal}`);
  }
}

/** A Stripe key needs its webhook signing secret: without it no payment would ever be applied. */
function checkStripe(env: z.infer<typeof envSchema>): void {
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (the signing secret of the webhook endpoint)',
    );
  }
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  checkSimulatorControl(env);
  checkStripe(env);
  return {
    ...env,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    // Without SMTP every e-mail stays in the outbox; who may read it depends on the mode.
    mailbox: mailboxModeOf(env),
    runWorker: env.RUN_WORKER ?? true,
  };
}
