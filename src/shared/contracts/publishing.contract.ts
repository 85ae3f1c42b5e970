import { z } from 'zod';
import { PLATFORMS } from './account.contract.ts';
import { postStatusSchema } from './posts.contract.ts';

// Publishing: each account's 24-hour quota and the live status stream. A post, its accounts and
// publishing it now are saved in one request to /api/posts (docs/decisions/087,
// posts.contract.ts), refused as a 400 VALIDATION_ERROR whose details name each field, account
// and rule.

export {
  MAX_FIRST_COMMENT_LENGTH,
  MAX_TARGET_MEDIA,
  MAX_TARGETS,
  targetProblemSchema,
  type TargetProblem,
} from './posts.contract.ts';

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

// The stream's limits and event names live in a module without zod, for the browser's first
// load (live-status.ts).
export { LIVE_EVENTS, LIVE_STATUS } from './live-status.ts';

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
} as const;
