import { z } from 'zod';
import { PLATFORMS } from './account.contract.ts';
import {
  MAX_TARGETS,
  postFieldsInputSchema,
  postSchema,
  postTargetInputSchema,
} from './posts.contract.ts';

// The posting queue (docs/decisions/077): each connected account has weekly posting times, and
// "Add to queue" puts a post in the account's next free one. The queue view lists the queued
// posts in order with their times and the empty times between, and reorders, shuffles, pauses
// and resumes them; every change moves the posts themselves through the one save
// (docs/decisions/087).

/** The default posting times of an account when the business has no posting hours. */
export const DEFAULT_SLOT_TIMES = ['09:00', '12:30', '18:00'] as const;
/** A post goes no sooner than this after "now": time to check it and hand it to the worker. */
export const QUEUE_LEAD_MINUTES = 5;
/** How far ahead the queue looks for a free posting time. */
export const QUEUE_HORIZON_DAYS = 56;
/** Posting times an account may have on one weekday. */
export const MAX_SLOTS_PER_DAY = 10;
/** Empty posting times the queue view shows after the last queued post. */
export const QUEUE_EMPTY_SLOTS_SHOWN = 3;

/** Where an account's posting times come from: its own, or the defaults until it has its own. */
export const SLOT_SOURCES = ['account', 'posting_hours', 'default'] as const;
export type SlotSource = (typeof SLOT_SOURCES)[number];

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A weekly posting time: weekday (0 = Sunday, as the posting hours count) and "HH:MM". */
export const postingSlotSchema = z.strictObject({
  weekday: z.int('Choose a day').min(0, 'Choose a day').max(6, 'Choose a day'),
  time: z.string().regex(TIME_PATTERN, 'Use HH:MM'),
});
export type PostingSlot = z.infer<typeof postingSlotSchema>;

/** PUT …/slots: every posting time of the account, replacing the ones it had. */
export const updateSlotsInputSchema = z
  .strictObject({ slots: z.array(postingSlotSchema).max(7 * MAX_SLOTS_PER_DAY) })
  .superRefine(({ slots }, ctx) => {
    const seen = new Set<string>();
    const perDay = new Map<number, number>();
    slots.forEach((slot, i) => {
      const key = `${slot.weekday}-${slot.time}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['slots', i, 'time'],
          message: 'This time is already there',
        });
      }
      seen.add(key);
      const count = (perDay.get(slot.weekday) ?? 0) + 1;
      perDay.set(slot.weekday, count);
      if (count === MAX_SLOTS_PER_DAY + 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['slots', i, 'time'],
          message: `At most ${MAX_SLOTS_PER_DAY} posting times a day`,
        });
      }
    });
  });
export type UpdateSlotsInput = z.input<typeof updateSlotsInputSchema>;

/**
 * One entry of an account's time line: a posting time with its queued post, an empty posting
 * time, or one held by a post scheduled outside the queue.
 */
export const QUEUE_ENTRY_KINDS = ['queued', 'empty', 'taken'] as const;
export const queueEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(QUEUE_ENTRY_KINDS),
  /** The post at this time (queued or taken); null when the time is empty. */
  post_id: z.uuid().nullable(),
  /** The title of a post scheduled outside the queue; null otherwise. */
  title: z.string().nullable(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

export const queuedPostSchema = z.object({
  /** The time the queue gave the post (its scheduled_for). */
  slot_at: z.string(),
  /** Going out within QUEUE_LEAD_MINUTES: it no longer moves. */
  pinned: z.boolean(),
  post: postSchema,
});
export type QueuedPost = z.infer<typeof queuedPostSchema>;

export const accountQueueSchema = z.object({
  connection_id: z.uuid(),
  platform: z.enum(PLATFORMS),
  /** How the account is named everywhere (#shared/account-label.ts). */
  account_label: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  picture_url: z.string().nullable(),
  /** false: disconnected, or its access ended; nothing can be queued until it is reconnected. */
  can_publish: z.boolean(),
  paused: z.boolean(),
  paused_at: z.string().nullable(),
  slots_source: z.enum(SLOT_SOURCES),
  /** Its weekly posting times, by weekday then time. */
  slots: z.array(postingSlotSchema),
  /** The queued posts in order (while paused: drafts, in the order they will be placed). */
  posts: z.array(queuedPostSchema),
  /** Posting times from now with what holds each, through the last queued post and a few more. */
  timeline: z.array(queueEntrySchema),
  /** Where the next post added goes; null when no posting time is free in QUEUE_HORIZON_DAYS. */
  next_slot_at: z.string().nullable(),
});
export type AccountQueue = z.infer<typeof accountQueueSchema>;

export const queueSchema = z.object({
  /** The business time zone every posting time is read in. */
  time_zone: z.string(),
  accounts: z.array(accountQueueSchema),
});
export type Queue = z.infer<typeof queueSchema>;

/**
 * POST /api/queue/posts: the post's text and every account it goes to; one post per account is
 * queued, each in its account's next free posting time (Buffer's way), checked as scheduling.
 * `post_id`: a saved post (the composer's) becomes the first account's queued post.
 */
export const addToQueueInputSchema = z.strictObject({
  post_id: z.uuid({ error: 'Not a valid id' }).optional(),
  post: postFieldsInputSchema.pick({ title: true, content: true, type: true }),
  targets: z.array(postTargetInputSchema).max(MAX_TARGETS),
});
export type AddToQueueInput = z.input<typeof addToQueueInputSchema>;

export const addToQueueResultSchema = z.object({
  queued: z.array(
    z.object({
      connection_id: z.uuid(),
      slot_at: z.string(),
      /** Added to a paused queue: kept as a draft at the end of it until it is resumed. */
      paused: z.boolean(),
      post: postSchema,
    }),
  ),
});
export type AddToQueueResult = z.infer<typeof addToQueueResultSchema>;

/** POST …/order: the account's queued posts, every one, in their new order. */
export const reorderQueueInputSchema = z.strictObject({
  post_ids: z
    .array(z.uuid({ error: 'Not a valid id' }))
    .min(1)
    .max(500),
});
export type ReorderQueueInput = z.input<typeof reorderQueueInputSchema>;

const account = (connectionId: string) => `/api/queue/accounts/${connectionId}`;

export const queueRoutes = {
  /** GET: every connected account's queue. */
  queue: '/api/queue',
  /** POST: add a post to the queue of each account it goes to (201). */
  posts: '/api/queue/posts',
  /** PUT: the account's posting times (its queue is placed again in them). */
  slots: (connectionId: string) => `${account(connectionId)}/slots`,
  /** POST: a new order of the account's queued posts, over the same times. */
  order: (connectionId: string) => `${account(connectionId)}/order`,
  /** POST: the queued posts in a random order, over the same times. */
  shuffle: (connectionId: string) => `${account(connectionId)}/shuffle`,
  /** POST: the post first, the ones before it one time later. */
  top: (connectionId: string, postId: string) => `${account(connectionId)}/posts/${postId}/top`,
  /** DELETE: the post leaves the queue as a draft; the later ones move up a time. */
  post: (connectionId: string, postId: string) => `${account(connectionId)}/posts/${postId}`,
  /** POST: nothing of the queue is published until it is resumed. */
  pause: (connectionId: string) => `${account(connectionId)}/pause`,
  /** POST: the queued posts, in order, in the next free posting times. */
  resume: (connectionId: string) => `${account(connectionId)}/resume`,
} as const;
