import { z } from 'zod';
import { PLATFORMS } from './account.contract.ts';
import {
  MAX_TARGETS,
  deliverySchema,
  postStatusSchema,
  postTargetInputSchema,
} from './posts.contract.ts';

// Publishing: each account's 24-hour quota, the live status stream, and the composer's calls of
// docs/decisions/080 and 085 (the event's targets, publish now). Saving a post is one request to
// /api/posts (docs/decisions/087, posts.contract.ts); the targets and publish-now endpoints and
// the names below stay for the web until it saves that way. A refusal is a 400
// VALIDATION_ERROR whose user message is "Failed to schedule content" and whose details name each
// field, account and rule.

export {
  MAX_FIRST_COMMENT_LENGTH,
  MAX_TARGET_MEDIA,
  MAX_TARGETS,
  targetProblemSchema,
  type TargetProblem,
} from './posts.contract.ts';

export const setTargetsInputSchema = z.strictObject({
  targets: z.array(postTargetInputSchema).max(MAX_TARGETS),
});
export type SetTargetsInput = z.input<typeof setTargetsInputSchema>;

/** What GET and PUT /targets answer: the event's status and its deliveries. */
export const publishingStateSchema = z.object({
  event_id: z.uuid(),
  event_status: postStatusSchema,
  scheduled_for: z.string().nullable(),
  targets: z.array(deliverySchema),
});
export type PublishingState = z.infer<typeof publishingStateSchema>;

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
  status: postStatusSchema.nullable(),
  /** The delivery (one account's copy of the post) that changed; null for the event's own. */
  delivery: z
    .object({
      id: z.uuid(),
      platform: z.enum(PLATFORMS),
      status: postStatusSchema,
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
