import { z } from 'zod';
import { TARGET_FORMATS } from '../platform-limits.ts';
import { MAX_FIRST_COMMENT_LENGTH, MAX_TARGET_MEDIA } from './posts.contract.ts';

// A campaign's plan (docs/product/screens.md#campaigns): the brief it starts from, its cadence,
// and the posts it plans — each with the media it needs. The planner (offline, or the AI provider
// through structured output) writes plans in these shapes; the launch gate checks them before
// anything is scheduled. Every post of a launched campaign is an ordinary post, saved through the
// one posts use case.

export const CAMPAIGN_LIMITS = {
  /** Longest campaign, in days. */
  maxDays: 92,
  /** Most posts one plan may hold (the plan's own limit may be lower). */
  maxPosts: 200,
  goalLength: 1000,
  audienceLength: 500,
  captionLength: 2200,
  hashtags: 30,
  /** Posts per week an account may be planned for. */
  maxPostsPerWeek: 21,
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const isoDate = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });

export const MEDIA_KINDS = ['image', 'video', 'carousel', 'none'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const ASPECT_RATIOS = ['1:1', '4:5', '9:16', '16:9', '1.91:1'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** What a planned post needs to be published: the kind and shape of its media, and the shot. */
export const mediaRequirementSchema = z.strictObject({
  kind: z.enum(MEDIA_KINDS),
  /** Files needed: 1 for an image or a video, 2–10 for a carousel, 0 for none. */
  count: z.int().min(0).max(MAX_TARGET_MEDIA),
  aspectRatio: z.enum(ASPECT_RATIOS).nullable(),
  /** Video length range, in seconds (null for images). */
  minSeconds: z.number().min(0).max(3600).nullable(),
  maxSeconds: z.number().min(0).max(3600).nullable(),
  /** The shot, in words ("a close-up of the sourdough crust, morning light"). */
  description: z.string().trim().min(1).max(300),
});
export type MediaRequirement = z.infer<typeof mediaRequirementSchema>;

/** When the campaign posts: per account, posts per week on these weekdays at these times. */
export const cadenceSchema = z.strictObject({
  postsPerWeek: z.int().min(1).max(CAMPAIGN_LIMITS.maxPostsPerWeek),
  /** 0 = Sunday, as the posting hours count. */
  weekdays: z.array(z.int().min(0).max(6)).min(1).max(7),
  /** Empty: the business's posting hours (the start of each), as the queue's default times. */
  times: z.array(z.string().regex(TIME, 'Use HH:MM')).max(6),
});
export type Cadence = z.infer<typeof cadenceSchema>;

/** What the planner is asked: the goal, who it is for, when, where and how. */
export const campaignBriefSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name the campaign').max(120),
  goal: z.string().trim().min(1, 'Say what the campaign is for').max(CAMPAIGN_LIMITS.goalLength),
  audience: z.string().trim().max(CAMPAIGN_LIMITS.audienceLength).default(''),
  startsOn: isoDate,
  endsOn: isoDate,
  /** The connected accounts it posts to. */
  connectionIds: z.array(z.uuid()).min(1, 'Choose at least one account').max(20),
  formats: z.array(z.enum(TARGET_FORMATS)).min(1, 'Choose at least one format'),
  cadence: cadenceSchema,
});
export type CampaignBrief = z.infer<typeof campaignBriefSchema>;

/** One post of a plan. `key` is stable across edits (the plan's own id for the post). */
export const plannedPostSchema = z.strictObject({
  key: z.string().min(1).max(64),
  /** ISO date-time with offset. */
  scheduledFor: z.iso.datetime({ offset: true }),
  connectionId: z.uuid(),
  format: z.enum(TARGET_FORMATS),
  caption: z.string().max(CAMPAIGN_LIMITS.captionLength),
  hashtags: z.array(z.string().regex(/^#[\p{L}\p{N}_]+$/u)).max(CAMPAIGN_LIMITS.hashtags),
  firstComment: z.string().max(MAX_FIRST_COMMENT_LENGTH).nullable(),
  media: mediaRequirementSchema,
  /** media_items chosen to fulfil the requirement, in publishing order. */
  mediaIds: z.array(z.uuid()).max(MAX_TARGET_MEDIA),
});
export type PlannedPost = z.infer<typeof plannedPostSchema>;

/** A problem the launch gate found, with where to fix it. */
export const launchProblemSchema = z.object({
  /** The planned post (its key), or null for the campaign as a whole. */
  postKey: z.string().nullable(),
  field: z.string(),
  connectionId: z.uuid().nullable(),
  account: z.string().nullable(),
  rule: z.string(),
  message: z.string(),
});
export type LaunchProblem = z.infer<typeof launchProblemSchema>;
