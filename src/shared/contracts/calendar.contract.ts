import { z } from 'zod';
import { PLATFORMS } from './account.contract.ts';
import {
  POST_STATUSES,
  POST_TYPES,
  postStatusSchema,
  type PostStatus,
  type PostType,
} from './posts.contract.ts';

// The calendar's reads of calendar_events (docs/product/services.md#calendar-events): lists,
// upcoming, AI content, the feed. Types, statuses and the event's shape are the posts contract's
// (docs/decisions/087); a post is created, changed, scheduled and deleted through /api/posts.

export { calendarEventSchema, type CalendarEvent } from './posts.contract.ts';

/** POST_TYPES under the calendar's name, kept for the web until it moves to the posts contract. */
export const EVENT_TYPES = POST_TYPES;
export type EventType = PostType;
/** POST_STATUSES under the calendar's name, kept for the web until it moves. */
export const EVENT_STATUSES = POST_STATUSES;
export type EventStatus = PostStatus;

export const DEFAULT_EVENT_PAGE_SIZE = 50;
export const DEFAULT_UPCOMING_LIMIT = 10;
export const MAX_EVENT_PAGE_SIZE = 500;

const isoDateTime = z.iso.datetime({ offset: true, error: 'Please enter a valid date and time' });

/** Query strings carry lists as "a,b" or as repeated keys. */
const splitList = (v: unknown) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v);
const csv = <T extends z.ZodType>(item: T) => z.preprocess(splitList, z.array(item));

/** How many accounts (platform connections) one calendar list may be narrowed to. */
export const MAX_ACCOUNT_FILTER = 10;

export const listEventsQuerySchema = z.strictObject({
  type: z.enum(POST_TYPES).optional(),
  status: postStatusSchema.optional(),
  platforms: csv(z.enum(PLATFORMS)).optional(),
  /**
   * Connection ids (GET /api/platforms/connections): events with a delivery (platform_posts row)
   * to any of these accounts. Ids the business does not have match nothing.
   */
  accountIds: z
    .preprocess(
      splitList,
      z
        .array(z.uuid({ error: 'Not a valid account id' }))
        .max(MAX_ACCOUNT_FILTER, `Choose at most ${MAX_ACCOUNT_FILTER} accounts`),
    )
    .optional(),
  /** A campaign's id: the posts launched from it (docs/decisions/095). */
  campaignId: z.uuid({ error: 'Not a valid campaign id' }).optional(),
  startDate: isoDateTime.optional(),
  endDate: isoDateTime.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_EVENT_PAGE_SIZE).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type ListEventsQuery = z.input<typeof listEventsQuerySchema>;

export const upcomingQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const calendarRoutes = {
  events: '/api/calendar-events',
  upcoming: '/api/calendar-events/upcoming',
  aiContent: '/api/calendar-events/ai-content',
  event: (id: string) => `/api/calendar-events/${id}`,
} as const;

export const aiContentQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_EVENT_PAGE_SIZE).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type AiContentQuery = z.input<typeof aiContentQuerySchema>;

/**
 * The person's private calendar subscription link. Only a hash of its secret is stored, so the
 * link itself (url) is in the answer that creates it and never again.
 */
export const calendarFeedSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
  url: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedRoutes = {
  /** GET: status; POST: a new link (the old one stops working); DELETE: turn the feed off. */
  feed: '/api/calendar-events/feed',
  /** The public .ics address; the secret in the path is the credential. */
  ics: (tenantId: string, memberId: string, secret: string) =>
    `/api/calendar-feeds/${tenantId}/${memberId}/${secret}.ics`,
} as const;
