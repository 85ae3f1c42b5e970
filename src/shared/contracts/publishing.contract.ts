import { z } from 'zod';
import { PLATFORMS } from './account.contract.ts';
import { EVENT_STATUSES } from './calendar.contract.ts';
import { TARGET_FORMATS } from '../platform-limits.ts';

// Publishing a calendar event to connected accounts (docs/decisions/080–084). The composer
// chooses targets (one per connected account, each with its own format, media and first comment)
// with PUT /targets, then either schedules the event (POST /schedule on the calendar API, or
// status "scheduled" with scheduled_for) or publishes it now. Every target is checked against its
// platform's rules before anything is accepted; a refusal is a 400 VALIDATION_ERROR whose user
// message is "Failed to schedule content" and whose details name each field, account and rule.

export const MAX_TARGETS = 10;
export const MAX_TARGET_MEDIA = 10;
export const MAX_FIRST_COMMENT_LENGTH = 2200;

export const publishTargetInputSchema = z.object({
  connection_id: z.uuid(),
  /**
   * post: text, photo or video; carousel: 2–10 media; reel: one video; story (Instagram only):
   * one photo or video, published without text or first comment (docs/decisions/086).
   */
  format: z.enum(TARGET_FORMATS).default('post'),
  /** media_items ids, in the order they are published. */
  media_ids: z.array(z.uuid()).max(MAX_TARGET_MEDIA).default([]),
  first_comment: z.string().trim().max(MAX_FIRST_COMMENT_LENGTH).nullable().default(null),
});
export type PublishTargetInput = z.input<typeof publishTargetInputSchema>;

export const setTargetsInputSchema = z.strictObject({
  targets: z.array(publishTargetInputSchema).max(MAX_TARGETS),
});
export type SetTargetsInput = z.input<typeof setTargetsInputSchema>;

export const PLATFORM_POST_STATUSES = [
  'draft',
  'scheduled',
  'publishing',
  'published',
  'failed',
  'unconfirmed',
  'cancelled',
] as const;
export type PlatformPostStatus = (typeof PLATFORM_POST_STATUSES)[number];

export const publishTargetSchema = z.object({
  id: z.uuid(),
  connection_id: z.uuid().nullable(),
  platform: z.enum(PLATFORMS),
  account_name: z.string().nullable(),
  format: z.enum(TARGET_FORMATS),
  media_ids: z.array(z.uuid()),
  first_comment: z.string().nullable(),
  status: z.enum(PLATFORM_POST_STATUSES),
  scheduled_for: z.string().nullable(),
  external_id: z.string().nullable(),
  permalink: z.string().nullable(),
  attempts: z.number().int(),
  /** Why it failed, in plain words; null while nothing went wrong. */
  last_error: z.string().nullable(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export type PublishTarget = z.infer<typeof publishTargetSchema>;

export const publishingStateSchema = z.object({
  event_id: z.uuid(),
  event_status: z.enum(EVENT_STATUSES),
  scheduled_for: z.string().nullable(),
  targets: z.array(publishTargetSchema),
});
export type PublishingState = z.infer<typeof publishingStateSchema>;

/** One broken rule, as details.problems of the refusal. */
export const targetProblemSchema = z.object({
  /** e.g. "targets.0.media_ids", "content". */
  field: z.string(),
  connection_id: z.uuid().nullable(),
  account: z.string().nullable(),
  rule: z.string(),
  message: z.string(),
});
export type TargetProblem = z.infer<typeof targetProblemSchema>;

/** What an account may still publish in the platform's rolling 24-hour window. */
export const accountQuotaSchema = z.object({
  connection_id: z.uuid(),
  platform: z.enum(PLATFORMS),
  account_name: z.string(),
  /**
   * platform: read from the platform (Instagram's content_publishing_limit) at checked_at;
   * not_limited: the platform sets no such limit (Facebook Pages);
   * unavailable: it could not be read (reason says why); publishing checks again before sending.
   */
  source: z.enum(['platform', 'not_limited', 'unavailable']),
  /** Posts still allowed; null unless source is "platform". */
  remaining: z.number().int().nullable(),
  used: z.number().int().nullable(),
  total: z.number().int().nullable(),
  reason: z.string().nullable(),
  /**
   * When the platform was asked: the quota list reuses a reading for up to a minute (decision
   * 082), so it may be that much older than the answer.
   */
  checked_at: z.string(),
});
export type AccountQuota = z.infer<typeof accountQuotaSchema>;

/** The live status stream's limits (docs/decisions/081). */
export const LIVE_STATUS = {
  /** Streams one person may hold open at once (per server process); more answer 429. */
  maxStreamsPerUser: 5,
  /** A comment line keeps every proxy on the way from closing a quiet stream (seed §9). */
  heartbeatMs: 25_000,
  /** Seed §9: the browser waits this long for the stream to open, then counts a failure. */
  connectTimeoutMs: 10_000,
  /** Seed §9: waits before reconnecting after the 1st, 2nd, 3rd and later failures. */
  reconnectDelaysMs: [1_000, 2_000, 5_000, 10_000],
} as const;

/** Named server-sent events of GET /api/publishing/live. */
export const LIVE_EVENTS = {
  /** data: a LiveStatusMessage. */
  status: 'status',
  /** The server is shutting down: reconnect (another process answers). */
  closing: 'closing',
  /** The person may no longer read this business's calendar (signed out, removed, role). */
  ended: 'ended',
  /**
   * This process could not hear other processes for a while (its bus connection dropped and is
   * back): messages may have been missed, so read everything again.
   */
  resync: 'resync',
} as const;

/** What changed, as the live stream tells it: always the event, and the delivery if one moved. */
export const liveStatusMessageSchema = z.object({
  event_id: z.uuid(),
  /** The event's status after the change; null when the event was deleted. */
  status: z.enum(EVENT_STATUSES).nullable(),
  /** The delivery (one account's copy of the post) that changed; null for the event's own. */
  delivery: z
    .object({
      id: z.uuid(),
      platform: z.enum(PLATFORMS),
      status: z.enum(PLATFORM_POST_STATUSES),
      permalink: z.string().nullable(),
      /** Why it failed, in plain words. */
      last_error: z.string().nullable(),
    })
    .nullable(),
  at: z.string(),
});
export type LiveStatusMessage = z.infer<typeof liveStatusMessageSchema>;

export const publishingRoutes = {
  /** GET: every connected account's remaining 24-hour publishing quota. */
  quota: '/api/publishing/quota',
  /** GET: server-sent events, one per status change of the active business's posts. */
  live: '/api/publishing/live',
  /** GET: the event's targets; PUT: replace them (event must be draft, scheduled or failed). */
  targets: (eventId: string) => `/api/calendar-events/${eventId}/targets`,
  /** POST: publish every target now. */
  publishNow: (eventId: string) => `/api/calendar-events/${eventId}/publish-now`,
} as const;
