import { z } from 'zod';
import { PLATFORMS } from './account.contract.ts';
import { TARGET_FORMATS } from '../platform-limits.ts';

// A post: one calendar_events row (docs/product/entities.md#calendar_events) and its deliveries,
// one platform_posts row per account it goes to (docs/product/entities.md#platform_posts). The
// statuses, the types, the post and the delivery are defined here once; the calendar's and the
// publishing contracts use these (docs/decisions/087).

export const POST_TYPES = ['post', 'ai_generated', 'campaign', 'note'] as const;
export type PostType = (typeof POST_TYPES)[number];

/**
 * Every status a post (calendar event) or one of its deliveries can have
 * (docs/product/entities.md#calendar-event-states). A delivery is `draft` while its post is not
 * scheduled; the post's own status follows its deliveries once they are under way
 * (docs/decisions/080). `unconfirmed`: sent, outcome unknown until the platform is asked.
 */
export const POST_STATUSES = [
  'draft',
  'scheduled',
  'publishing',
  'published',
  'failed',
  'unconfirmed',
  'cancelled',
] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const postStatusSchema = z.enum(POST_STATUSES);

export const MAX_TARGETS = 10;
export const MAX_TARGET_MEDIA = 10;
export const MAX_FIRST_COMMENT_LENGTH = 2200;

/** The event fields of a post, as every list and read answers them. */
export const calendarEventSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  title: z.string(),
  content: z.string().nullable(),
  platforms: z.array(z.string()),
  type: z.enum(POST_TYPES),
  status: postStatusSchema,
  scheduled_for: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/**
 * One delivery of a post to one account: where it goes, how, and how far it got. The one shape
 * of a platform_posts row on the wire.
 */
export const deliverySchema = z.object({
  id: z.uuid(),
  /** The account (platform connection); null once that connection was deleted. */
  connection_id: z.uuid().nullable(),
  platform: z.enum(PLATFORMS),
  account_name: z.string().nullable(),
  format: z.enum(TARGET_FORMATS),
  media_ids: z.array(z.uuid()),
  first_comment: z.string().nullable(),
  status: postStatusSchema,
  scheduled_for: z.string().nullable(),
  external_id: z.string().nullable(),
  permalink: z.string().nullable(),
  attempts: z.number().int(),
  /** Why it failed, in plain words; null while nothing went wrong. */
  last_error: z.string().nullable(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** A post: its event fields and its deliveries, in the order they were chosen. */
export const postSchema = calendarEventSchema.extend({ deliveries: z.array(deliverySchema) });
export type Post = z.infer<typeof postSchema>;

/** One account a post goes to, as chosen in the composer. */
export const postTargetInputSchema = z.object({
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
export type PostTargetInput = z.input<typeof postTargetInputSchema>;

const isoDateTime = z.iso.datetime({ offset: true, error: 'Please enter a valid date and time' });
const title = z.string().trim().min(1, 'Title is required').max(200, 'Title is too long');
const content = z.string().max(10_000, 'Content is too long').nullable();

const platforms = z.array(z.enum(PLATFORMS)).max(PLATFORMS.length);

/**
 * The event fields a save writes. The platforms follow the chosen accounts; `platforms` given
 * count only while the post has none (a draft or a note planned on the calendar for a platform).
 */
export const postFieldsInputSchema = z.strictObject({
  title,
  content: content.default(null),
  scheduled_for: isoDateTime.nullable().default(null),
  type: z.enum(POST_TYPES).default('post'),
  platforms: platforms.optional(),
});
export type PostFieldsInput = z.input<typeof postFieldsInputSchema>;

/**
 * Changes to a post's fields, as the server's own callers pass them (the calendar's endpoints, AI
 * content): what is left out stays as it is. `platforms` counts only while no account is chosen.
 */
export const postFieldChangesSchema = z.strictObject({
  title: title.optional(),
  content: content.optional(),
  scheduled_for: isoDateTime.nullable().optional(),
  type: z.enum(POST_TYPES).optional(),
  platforms: platforms.optional(),
});
export type PostFieldChanges = z.input<typeof postFieldChangesSchema>;

/**
 * draft: stored as it is (targets may still break a platform's rules; only the account and the
 * files must exist); schedule: published at scheduled_for; publish: published now; cancel: kept
 * on the calendar as cancelled, never published (a note or a post that will not happen). Schedule
 * and publish check every target against its platform's rules and the account's 24-hour quota,
 * and need at least one account (docs/product/screens.md#publishing).
 */
export const SAVE_INTENTS = ['draft', 'schedule', 'publish', 'cancel'] as const;
export type SaveIntent = (typeof SAVE_INTENTS)[number];

/**
 * Saving a post in one request (POST /api/posts, PUT /api/posts/{id}): the event fields, every
 * account it goes to, and what to do with it. Checked as a whole: a refusal changes nothing.
 * `targets` left out: a saved post keeps its accounts (the calendar's quick dialog, which edits
 * notes without touching them); a new one has none.
 */
export const savePostInputSchema = z.strictObject({
  post: postFieldsInputSchema,
  targets: z.array(postTargetInputSchema).max(MAX_TARGETS).optional(),
  intent: z.enum(SAVE_INTENTS),
});
export type SavePostInput = z.input<typeof savePostInputSchema>;

/** Moving a post (drag on the calendar): the time only; its accounts stay as they are. */
export const reschedulePostInputSchema = z.strictObject({ scheduled_for: isoDateTime });
export type ReschedulePostInput = z.input<typeof reschedulePostInputSchema>;

/**
 * One broken rule of a refused save, in the AppError's details.problems (the envelope carries
 * fieldErrors, one message per field).
 */
export const targetProblemSchema = z.object({
  /** e.g. "targets.0.media_ids", "content", "title". */
  field: z.string(),
  connection_id: z.uuid().nullable(),
  account: z.string().nullable(),
  rule: z.string(),
  message: z.string(),
});
export type TargetProblem = z.infer<typeof targetProblemSchema>;

export const postsRoutes = {
  /** POST: a new post (201). */
  posts: '/api/posts',
  /** GET: the post with its deliveries; PUT: save it; DELETE: remove it. */
  post: (id: string) => `/api/posts/${id}`,
  /** PATCH: move it to another time (re-checked; its accounts stay). */
  schedule: (id: string) => `/api/posts/${id}/schedule`,
} as const;
