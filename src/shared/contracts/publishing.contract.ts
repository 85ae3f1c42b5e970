import { z } from 'zod';
import { PLATFORMS } from './account.contract.ts';
import { EVENT_STATUSES } from './calendar.contract.ts';
import { POST_FORMATS } from '../platform-limits.ts';

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
  /** post: text, photo or video; carousel: 2–10 media; reel: one video. */
  format: z.enum(POST_FORMATS).default('post'),
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
  format: z.enum(POST_FORMATS),
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
   * platform: read from the platform just now (Instagram's content_publishing_limit);
   * not_limited: the platform sets no such limit (Facebook Pages);
   * unavailable: it could not be read (reason says why); publishing checks again before sending.
   */
  source: z.enum(['platform', 'not_limited', 'unavailable']),
  /** Posts still allowed; null unless source is "platform". */
  remaining: z.number().int().nullable(),
  used: z.number().int().nullable(),
  total: z.number().int().nullable(),
  reason: z.string().nullable(),
  checked_at: z.string(),
});
export type AccountQuota = z.infer<typeof accountQuotaSchema>;

export const publishingRoutes = {
  /** GET: every connected account's remaining 24-hour publishing quota. */
  quota: '/api/publishing/quota',
  /** GET: the event's targets; PUT: replace them (event must be draft, scheduled or failed). */
  targets: (eventId: string) => `/api/calendar-events/${eventId}/targets`,
  /** POST: publish every target now. */
  publishNow: (eventId: string) => `/api/calendar-events/${eventId}/publish-now`,
} as const;
