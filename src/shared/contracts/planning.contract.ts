import { z } from 'zod';
import { TARGET_FORMATS } from '../platform-limits.ts';
import { calendarEventSchema } from './posts.contract.ts';

// The calendar's planning reads (docs/decisions/078): an Instagram account's planned posts for its
// profile grid, the ideas tray's drafts without a date, and the first medium of each post in a
// range for the calendar's chips. Reads of posts only: every change goes through /api/posts
// (docs/decisions/087).

/** The first medium of a post, as a small picture: a library item the browser reads itself. */
export const postCoverSchema = z.object({
  media_id: z.uuid(),
  kind: z.enum(['image', 'video']),
  /** The library has its small copy (images once processed; videos once ffmpeg made a frame). */
  has_thumbnail: z.boolean(),
});
export type PostCover = z.infer<typeof postCoverSchema>;

/**
 * A post planned for an Instagram account (draft or scheduled, with a date): the event's fields
 * and its delivery to that account.
 */
export const plannedPostSchema = calendarEventSchema.extend({
  format: z.enum(TARGET_FORMATS),
  media_count: z.int(),
  cover: postCoverSchema.nullable(),
});
export type PlannedPost = z.infer<typeof plannedPostSchema>;

/** A draft without a date: an idea waiting for its day. */
export const ideaPostSchema = calendarEventSchema.extend({
  /** Accounts it already goes to; none means the composer asks for one before scheduling. */
  account_count: z.int(),
  media_count: z.int(),
  cover: postCoverSchema.nullable(),
});
export type IdeaPost = z.infer<typeof ideaPostSchema>;

/** The first medium of one post of a range (posts without media are left out). */
export const eventCoverSchema = z.object({
  event_id: z.uuid(),
  media_count: z.int(),
  cover: postCoverSchema,
});
export type EventCover = z.infer<typeof eventCoverSchema>;

/** How many planned posts the grid shows above the published ones. */
export const MAX_PLANNED_POSTS = 60;
/** How many drafts without a date the tray lists, most recently changed first. */
export const MAX_IDEA_POSTS = 50;
/** The longest range the covers are read for: six weeks of a month view and then some. */
export const MAX_COVER_RANGE_DAYS = 62;

const isoDateTime = z.iso.datetime({ offset: true, error: 'Please enter a valid date and time' });

export const plannedQuerySchema = z.strictObject({
  accountId: z.uuid({ error: 'Choose an Instagram account' }),
});
export type PlannedQuery = z.input<typeof plannedQuerySchema>;

export const coversQuerySchema = z
  .strictObject({ startDate: isoDateTime, endDate: isoDateTime })
  .refine((q) => Date.parse(q.endDate) > Date.parse(q.startDate), {
    path: ['endDate'],
    message: 'The end must come after the start',
  })
  .refine(
    (q) => Date.parse(q.endDate) - Date.parse(q.startDate) <= MAX_COVER_RANGE_DAYS * 86_400_000,
    { path: ['endDate'], message: `Choose at most ${MAX_COVER_RANGE_DAYS} days` },
  );
export type CoversQuery = z.input<typeof coversQuerySchema>;

/** The campaign a post of the range belongs to, for its colour and the campaign filter. */
export const eventCampaignSchema = z.object({
  event_id: z.uuid(),
  campaign_id: z.uuid(),
  name: z.string(),
  color: z.string(),
});
export type EventCampaign = z.infer<typeof eventCampaignSchema>;

export const planningRoutes = {
  planned: '/api/calendar-events/planned',
  ideas: '/api/calendar-events/ideas',
  covers: '/api/calendar-events/covers',
  /** The campaigns of the range's posts (docs/decisions/095). */
  campaigns: '/api/calendar-events/campaigns',
} as const;
