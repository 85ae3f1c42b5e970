import { z } from 'zod';
import { TARGET_FORMATS } from '../platform-limits.ts';
import {
  CAMPAIGN_LIMITS,
  cadenceSchema,
  launchProblemSchema,
  mediaRequirementSchema,
  plannedPostSchema,
} from './campaign-plan.contract.ts';

// Campaigns (docs/product/screens.md#campaigns): the list, the wizard's draft saved at every step
// (brief → schedule → plan → media → review), the launch, and the detail. A draft carries a
// `version`: every change names the version it was made on, and a change made on an older one
// is refused as a conflict rather than overwriting someone else's work. The browser and the
// server share these shapes; the server checks every input again.

export const CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'active',
  'paused',
  'completed',
  'cancelled',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_STEPS = ['brief', 'schedule', 'plan', 'media', 'review'] as const;
export type CampaignStep = (typeof CAMPAIGN_STEPS)[number];

export const CAMPAIGN_PAGE_SIZE = 20;

const isoDate = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });

/**
 * How a published post did, from the stored insights (docs/decisions/092): reach, interactions,
 * and interactions ÷ reach in percent. Null before the insights sync has read it.
 */
export const postPerformanceSchema = z.object({
  reach: z.number().nullable(),
  interactions: z.number().nullable(),
  engagementRate: z.number().nullable(),
});
export type PostPerformance = z.infer<typeof postPerformanceSchema>;

/** A planned post as stored and shown: the plan's fields, plus what became of it. */
export const campaignPostSchema = plannedPostSchema.extend({
  id: z.uuid(),
  position: z.int(),
  /** The calendar post made at launch. */
  eventId: z.uuid().nullable(),
  /** The calendar post's status once launched (scheduled, published, failed, …). */
  status: z.string().nullable(),
  /** The account's name and platform, for the list. */
  account: z.object({ name: z.string(), platform: z.string() }).nullable(),
  performance: postPerformanceSchema.nullable(),
});
export type CampaignPost = z.infer<typeof campaignPostSchema>;

export const campaignProgressSchema = z.object({
  posts: z.int(),
  published: z.int(),
  scheduled: z.int(),
  failed: z.int(),
  /** Planned posts whose media requirement is not yet fulfilled. */
  missingMedia: z.int(),
});

export const campaignSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  step: z.enum(CAMPAIGN_STEPS),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  connectionIds: z.array(z.uuid()),
  color: z.string(),
  progress: campaignProgressSchema,
  version: z.int(),
  updatedAt: z.string(),
  launchedAt: z.string().nullable(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const campaignSchema = campaignSummarySchema.extend({
  goal: z.string(),
  audience: z.string(),
  /** The audience segment it is for, if one was chosen (docs/decisions/097). */
  segmentId: z.uuid().nullable(),
  formats: z.array(z.enum(TARGET_FORMATS)),
  cadence: cadenceSchema.nullable(),
  planSource: z.enum(['ai', 'offline', 'manual']).nullable(),
  posts: z.array(campaignPostSchema),
  /** The published posts' figures together (null before any was read), and when last read. */
  performance: postPerformanceSchema
    .extend({ measuredPosts: z.int(), fetchedAt: z.string().nullable() })
    .nullable(),
  createdAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListQuerySchema = z.strictObject({
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const campaignListSchema = z.object({
  items: z.array(campaignSummarySchema),
  page: z.int(),
  pageSize: z.int(),
  total: z.int(),
});

/** POST: a new draft, from the first step's fields. */
export const createCampaignInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name the campaign').max(120, 'At most 120 characters'),
  goal: z
    .string()
    .trim()
    .max(CAMPAIGN_LIMITS.goalLength, `At most ${CAMPAIGN_LIMITS.goalLength} characters`)
    .default(''),
  audience: z
    .string()
    .trim()
    .max(CAMPAIGN_LIMITS.audienceLength, `At most ${CAMPAIGN_LIMITS.audienceLength} characters`)
    .default(''),
});
export type CreateCampaignInput = z.input<typeof createCampaignInputSchema>;

/** PATCH: a step's fields on the version they were made on; what is left out stays. */
export const updateCampaignInputSchema = z.strictObject({
  version: z.int().min(1),
  step: z.enum(CAMPAIGN_STEPS).optional(),
  name: z.string().trim().min(1, 'Name the campaign').max(120).optional(),
  goal: z.string().trim().max(CAMPAIGN_LIMITS.goalLength).optional(),
  audience: z.string().trim().max(CAMPAIGN_LIMITS.audienceLength).optional(),
  segmentId: z.uuid({ error: 'Not a valid segment' }).nullable().optional(),
  startsOn: isoDate.nullable().optional(),
  endsOn: isoDate.nullable().optional(),
  connectionIds: z.array(z.uuid()).max(20).optional(),
  formats: z.array(z.enum(TARGET_FORMATS)).max(TARGET_FORMATS.length).optional(),
  cadence: cadenceSchema.nullable().optional(),
  color: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i, 'A colour as #rrggbb')
    .optional(),
});
export type UpdateCampaignInput = z.input<typeof updateCampaignInputSchema>;

/** POST …/plan: (re)plan every post from the brief and cadence (replaces the plan). */
export const planCampaignInputSchema = z.strictObject({ version: z.int().min(1) });

/** A planned post as the person edits it (the server keeps key, position and the rest). */
export const postEditSchema = z.strictObject({
  scheduledFor: z.iso.datetime({ offset: true }).optional(),
  connectionId: z.uuid().optional(),
  format: z.enum(TARGET_FORMATS).optional(),
  caption: z.string().max(CAMPAIGN_LIMITS.captionLength).optional(),
  hashtags: plannedPostSchema.shape.hashtags.optional(),
  firstComment: z.string().max(2200).nullable().optional(),
  media: mediaRequirementSchema.optional(),
  mediaIds: plannedPostSchema.shape.mediaIds.optional(),
});
export type PostEdit = z.infer<typeof postEditSchema>;

/** PATCH …/posts/{key}: change one planned post. */
export const updateCampaignPostInputSchema = z.strictObject({
  version: z.int().min(1),
  changes: postEditSchema,
});

/** POST …/posts: add a post by hand. */
export const addCampaignPostInputSchema = z.strictObject({
  version: z.int().min(1),
  post: postEditSchema.required({
    scheduledFor: true,
    connectionId: true,
    format: true,
    caption: true,
    media: true,
  }),
});

/** DELETE …/posts/{key} and POST …/posts/{key}/regenerate carry the version as a query. */
export const versionQuerySchema = z.strictObject({ version: z.coerce.number().int().min(1) });

/** What a plan or a change found wrong (an AI answer it refused, a post it left out). */
export const campaignResultSchema = z.object({
  campaign: campaignSchema,
  notices: z.array(z.string()),
  problems: z.array(launchProblemSchema),
});
export type CampaignResult = z.infer<typeof campaignResultSchema>;

/** POST …/check: the launch gate without launching. */
export const launchCheckSchema = z.object({
  ok: z.boolean(),
  problems: z.array(launchProblemSchema),
});
export type LaunchCheck = z.infer<typeof launchCheckSchema>;

export const launchInputSchema = z.strictObject({ version: z.int().min(1) });

export const campaignsRoutes = {
  list: '/api/campaigns',
  campaign: '/api/campaigns/{id}',
  plan: '/api/campaigns/{id}/plan',
  posts: '/api/campaigns/{id}/posts',
  post: '/api/campaigns/{id}/posts/{key}',
  regenerate: '/api/campaigns/{id}/posts/{key}/regenerate',
  check: '/api/campaigns/{id}/check',
  launch: '/api/campaigns/{id}/launch',
  pause: '/api/campaigns/{id}/pause',
  resume: '/api/campaigns/{id}/resume',
  cancel: '/api/campaigns/{id}/cancel',
  duplicate: '/api/campaigns/{id}/duplicate',
  csv: '/api/campaigns/{id}/plan.csv',
} as const;
