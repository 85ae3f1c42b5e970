import { index, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Installation-wide tables that belong to no tenant. The runtime role has no grant on them;
// only platform code (jobs, rate limiting, the mailbox) touches them.
export const systemSchema = pgSchema('system');

export const emailOutbox = systemSchema.table(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    template: text('template').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'captured', 'failed'] })
      .notNull()
      .default('queued'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_outbox_created_at_idx').on(t.createdAt)],
);

export const rateLimits = systemSchema.table(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export const contactMessages = systemSchema.table('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company'),
  message: text('message').notNull(),
  ipAddress: text('ip_address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What each process that runs jobs found of the tools videos need (ffmpeg's version, or null for
 * none), said again every few minutes while it runs: the web process answers from it whether
 * videos lose their location, since the workers, not it, process them (decision 025).
 */
export const workerTools = systemSchema.table('worker_tools', {
  /** host:pid:instance of the process. */
  worker: text('worker').primaryKey(),
  ffmpegVersion: text('ffmpeg_version'),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
