import { z } from 'zod';
import { PLATFORMS } from './account.contract.ts';

// calendar_events (seed §3, §7). Types and statuses as PRODUCT.md §3 decides.

export const EVENT_TYPES = ['post', 'ai_generated', 'campaign', 'note'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_STATUSES = [
  'draft',
  'scheduled',
  'publishing',
  'published',
  'failed',
  'unconfirmed',
  'cancelled',
] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const DEFAULT_EVENT_PAGE_SIZE = 50;
export const DEFAULT_UPCOMING_LIMIT = 10;
export const MAX_EVENT_PAGE_SIZE = 500;

export const calendarEventSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  title: z.string(),
  content: z.string().nullable(),
  platforms: z.array(z.string()),
  type: z.enum(EVENT_TYPES),
  status: z.enum(EVENT_STATUSES),
  scheduled_for: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

const isoDateTime = z.iso.datetime({ offset: true, error: 'Please enter a valid date and time' });

export const createEventInputSchema = z.strictObject({
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title is too long'),
  content: z.string().max(10_000, 'Content is too long').nullable().optional(),
  platforms: z.array(z.enum(PLATFORMS)).max(PLATFORMS.length).default([]),
  type: z.enum(EVENT_TYPES).default('post'),
  status: z.enum(['draft', 'scheduled']).default('draft'),
  scheduled_for: isoDateTime.nullable().optional(),
});
export type CreateEventInput = z.input<typeof createEventInputSchema>;

export const updateEventInputSchema = z.strictObject({
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title is too long').optional(),
  content: z.string().max(10_000, 'Content is too long').nullable().optional(),
  platforms: z.array(z.enum(PLATFORMS)).max(PLATFORMS.length).optional(),
  type: z.enum(EVENT_TYPES).optional(),
  status: z.enum(['draft', 'scheduled', 'cancelled']).optional(),
  scheduled_for: isoDateTime.nullable().optional(),
});
export type UpdateEventInput = z.input<typeof updateEventInputSchema>;

export const scheduleEventInputSchema = z.strictObject({ scheduled_for: isoDateTime });

/** Query strings carry lists as "a,b" or as repeated keys. */
const splitList = (v: unknown) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v);
const csv = <T extends z.ZodType>(item: T) => z.preprocess(splitList, z.array(item));

/** How many accounts (platform connections) one calendar list may be narrowed to. */
export const MAX_ACCOUNT_FILTER = 10;

export const listEventsQuerySchema = z.strictObject({
  type: z.enum(EVENT_TYPES).optional(),
  status: z.enum(EVENT_STATUSES).optional(),
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
  schedule: (id: string) => `/api/calendar-events/${id}/schedule`,
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

/** One platform's delivery of an event (platform_posts): where it went, or why it did not. */
export const platformPostSchema = z.object({
  id: z.uuid(),
  platform: z.enum(PLATFORMS),
  status: z.enum([
    'draft',
    'scheduled',
    'publishing',
    'published',
    'failed',
    'unconfirmed',
    'cancelled',
  ]),
  permalink: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  updated_at: z.string(),
});
export type PlatformPost = z.infer<typeof platformPostSchema>;

export const platformPostsRoute = (id: string) => `/api/calendar-events/${id}/platform-posts`;
