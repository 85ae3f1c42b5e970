import { z } from 'zod';
import { PLATFORMS } from './account.contract.ts';
import { calendarEventSchema } from './calendar.contract.ts';
import { POST_FORMATS } from '../platform-limits.ts';

// AI content (docs/product/screens.md#ai-content): generation options, the streamed events, the
// history of prompts and saving a variant to the calendar as an `ai_generated` event.

export const AI_TONES = [
  'friendly',
  'professional',
  'playful',
  'bold',
  'inspirational',
  'informative',
] as const;
export type AiTone = (typeof AI_TONES)[number];

export const AI_LENGTHS = ['short', 'medium', 'long'] as const;
export type AiLength = (typeof AI_LENGTHS)[number];

/** Languages offered in the form; the offline generator writes English only. */
export const AI_LANGUAGES = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
} as const;
export type AiLanguage = keyof typeof AI_LANGUAGES;
const LANGUAGE_CODES = Object.keys(AI_LANGUAGES) as [AiLanguage, ...AiLanguage[]];
export const OFFLINE_LANGUAGES: readonly AiLanguage[] = ['en'];

export const MAX_VARIANTS = 5;
export const PROMPT_MAX_LENGTH = 2000;

export const generateInputSchema = z.strictObject({
  prompt: z
    .string({ error: 'Describe the post you want' })
    .trim()
    .min(3, 'Describe the post you want in a few words')
    .max(PROMPT_MAX_LENGTH, `Keep the prompt under ${PROMPT_MAX_LENGTH} characters`),
  platform: z.enum(PLATFORMS, { error: 'Choose a platform' }),
  format: z.enum(POST_FORMATS, { error: 'Choose a post format' }).default('post'),
  tone: z.enum(AI_TONES, { error: 'Choose a tone' }).default('friendly'),
  length: z.enum(AI_LENGTHS, { error: 'Choose a length' }).default('medium'),
  variants: z.coerce
    .number({ error: 'Choose how many variants' })
    .int('Choose how many variants')
    .min(1, 'Ask for at least 1 variant')
    .max(MAX_VARIANTS, `Ask for at most ${MAX_VARIANTS} variants`)
    .default(3),
  emoji: z.boolean().default(true),
  hashtags: z.boolean().default(true),
  language: z.enum(LANGUAGE_CODES, { error: 'Choose a language' }).default('en'),
});
export type GenerateInput = z.input<typeof generateInputSchema>;
export type GenerateOptions = z.output<typeof generateInputSchema>;

export const BEST_TIME_SOURCES = ['analytics', 'history', 'posting_hours', 'default'] as const;
export type BestTimeSource = (typeof BEST_TIME_SOURCES)[number];

export const bestTimeSchema = z.object({
  /** 0 = Sunday … 6 = Saturday, in the business's time zone. */
  day: z.int().min(0).max(6),
  /** HH:MM in the business's time zone. */
  time: z.string(),
  /** The next such moment, as an instant. */
  next_at: z.string(),
});
export type BestTime = z.infer<typeof bestTimeSchema>;

export const bestTimesSchema = z.object({
  source: z.enum(BEST_TIME_SOURCES),
  time_zone: z.string(),
  /** Why these times, in a sentence the page shows. */
  note: z.string(),
  slots: z.array(bestTimeSchema),
});
export type BestTimes = z.infer<typeof bestTimesSchema>;

export const variantSchema = z.object({
  index: z.int().min(0),
  /** The text without its hashtags. */
  caption: z.string(),
  /** Hashtags to publish with the caption, within the platform's limit. */
  hashtags: z.array(z.string()),
  /** More hashtags the user may add, drawn from the business profile and the prompt. */
  suggested_hashtags: z.array(z.string()),
  /** What was changed to fit the platform's limits (shown to the user). */
  adjustments: z.array(z.string()),
  best_times: bestTimesSchema,
  /** The calendar event made from this variant, once saved or scheduled. */
  event_id: z.uuid().nullable(),
});
export type Variant = z.infer<typeof variantSchema>;

export const PROVIDER_KINDS = ['offline', 'openai-compatible'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export const providerInfoSchema = z.object({
  kind: z.enum(PROVIDER_KINDS),
  /** "Offline generator" or the model's name. */
  label: z.string(),
});
export type ProviderInfo = z.infer<typeof providerInfoSchema>;

export const allowanceSchema = z.object({
  used: z.int(),
  limit: z.int(),
  remaining: z.int(),
  /** The calendar month counted, YYYY-MM (UTC). */
  period: z.string(),
  resets_at: z.string(),
});
export type Allowance = z.infer<typeof allowanceSchema>;

export const GENERATION_STATUSES = ['completed', 'partial', 'failed'] as const;

export const generationSchema = z.object({
  id: z.uuid(),
  prompt: z.string(),
  options: z.object({
    platform: z.enum(PLATFORMS),
    format: z.enum(POST_FORMATS),
    tone: z.enum(AI_TONES),
    length: z.enum(AI_LENGTHS),
    variants: z.int(),
    emoji: z.boolean(),
    hashtags: z.boolean(),
    language: z.enum(LANGUAGE_CODES),
  }),
  provider: providerInfoSchema,
  status: z.enum(GENERATION_STATUSES),
  variants: z.array(variantSchema),
  created_at: z.string(),
});
export type Generation = z.infer<typeof generationSchema>;

export const aiStatusSchema = z.object({
  provider: providerInfoSchema,
  allowance: allowanceSchema,
  offline_languages: z.array(z.string()),
  /** What the signed-in member may do here, so the page hides what the server would refuse. */
  can: z.object({ generate: z.boolean(), schedule: z.boolean() }),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;

/** The error part of a streamed answer: the catalogue record's public fields. */
export const streamErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  retryable: z.boolean(),
  correlationId: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type StreamError = z.infer<typeof streamErrorSchema>;

/**
 * One line of the NDJSON answer of the streaming route. `start` first; `delta` as text is
 * written; `variant` when one is finished and checked against the platform's limits; `error`
 * for a variant (with its index) or for the whole generation; `done` last unless the stream
 * broke off.
 */
export const streamEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    generation_id: z.uuid(),
    provider: providerInfoSchema,
    variants: z.int(),
    allowance: allowanceSchema,
  }),
  z.object({ type: z.literal('delta'), index: z.int(), text: z.string() }),
  z.object({ type: z.literal('variant'), variant: variantSchema }),
  z.object({ type: z.literal('error'), index: z.int().nullable(), error: streamErrorSchema }),
  z.object({ type: z.literal('done'), generation: generationSchema, allowance: allowanceSchema }),
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;

export const saveVariantInputSchema = z.strictObject({
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title is too long').optional(),
  caption: z
    .string({ error: 'Write a caption' })
    .trim()
    .min(1, 'Write a caption')
    .max(70_000, 'The caption is too long'),
  hashtags: z
    .array(z.string().regex(/^#[\p{L}\p{N}_]+$/u, 'Hashtags start with # and have no spaces'))
    .max(60, 'Too many hashtags')
    .default([]),
  status: z.enum(['draft', 'scheduled']).default('draft'),
  scheduled_for: z.iso
    .datetime({ offset: true, error: 'Please enter a valid date and time' })
    .nullable()
    .optional(),
});
export type SaveVariantInput = z.input<typeof saveVariantInputSchema>;

export const saveVariantResultSchema = z.object({
  event: calendarEventSchema,
  generation: generationSchema,
});
export type SaveVariantResult = z.infer<typeof saveVariantResultSchema>;

export const HISTORY_PAGE_SIZE = 20;

export const historyQuerySchema = z.strictObject({
  q: z.string().trim().max(200, 'Search is too long').optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

export const historyPageSchema = z.object({
  items: z.array(generationSchema),
  total: z.int(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

export const aiContentRoutes = {
  status: '/api/ai-content/status',
  generations: '/api/ai-content/generations',
  stream: '/api/ai-content/generations/stream',
  generation: (id: string) => `/api/ai-content/generations/${id}`,
  saveVariant: (id: string, index: number) =>
    `/api/ai-content/generations/${id}/variants/${index}/event`,
} as const;

/** The saved text of a variant: the caption, then its hashtags on their own line. */
export function composePostText(caption: string, hashtags: readonly string[]): string {
  const body = caption.trim();
  if (hashtags.length === 0) return body;
  return `${body}\n\n${hashtags.join(' ')}`;
}
