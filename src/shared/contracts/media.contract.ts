import { z } from 'zod';

// The media library (docs/product/screens.md#media-library). Listing follows
// docs/product/constants.md#storage: 100 per page, sorted by name ascending unless asked otherwise.

export const MEDIA_KINDS = ['image', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** What the server accepts, by detected content (never by name or declared type). */
export const ACCEPTED_MEDIA_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'video/mp4',
  'video/quicktime',
] as const;
/** For the file picker's `accept`; the server decides from the bytes regardless. */
export const MEDIA_ACCEPT_ATTRIBUTE = `${ACCEPTED_MEDIA_TYPES.join(',')},.jpg,.jpeg,.png,.webp,.heic,.heif,.mp4,.mov`;

export const MEDIA_PAGE_SIZE = 100;
export const MEDIA_SORTS = ['name', '-name', 'created_at', '-created_at', 'size', '-size'] as const;
export type MediaSort = (typeof MEDIA_SORTS)[number];

export const MAX_TAGS_PER_ITEM = 30;
export const MAX_BULK_ITEMS = 500;
export const MAX_MEDIA_NAME_LENGTH = 200;

export const MEDIA_VARIANTS = ['original', 'thumbnail', 'instagram'] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

export const COMPATIBILITY_TARGETS = [
  'instagram_feed',
  'instagram_reel',
  'instagram_story',
  'facebook',
] as const;
export type CompatibilityTarget = (typeof COMPATIBILITY_TARGETS)[number];

export const compatibilitySchema = z.object({
  target: z.enum(COMPATIBILITY_TARGETS),
  ok: z.boolean(),
  /** Problems that stop the platform taking it; empty when ok. */
  reasons: z.array(z.string()),
  /** Accepted, but something is changed on the way (e.g. converted to JPEG). */
  notes: z.array(z.string()),
});
export type Compatibility = z.infer<typeof compatibilitySchema>;

export const tagSchema = z
  .string()
  .trim()
  .min(1, 'Tag is required')
  .max(40, 'Tags are at most 40 characters')
  .transform((t) => t.toLowerCase())
  // eslint-disable-next-line no-control-regex
  .refine((t) => !/[,\u0000-\u001f]/.test(t), 'Tags cannot contain commas');

export const mediaItemSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  name: z.string(),
  kind: z.enum(MEDIA_KINDS),
  mime_type: z.string(),
  size_bytes: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  duration_ms: z.number().nullable(),
  frame_rate: z.number().nullable(),
  video_codec: z.string().nullable(),
  audio_codec: z.string().nullable(),
  content_hash: z.string(),
  status: z.enum(MEDIA_STATUSES),
  processing_error: z.string().nullable(),
  tags: z.array(z.string()),
  has_thumbnail: z.boolean(),
  has_instagram_copy: z.boolean(),
  /** Location metadata is gone from the stored file (always for images; videos need ffmpeg). */
  location_removed: z.boolean(),
  /**
   * The upload named where it was made (GPS in a photo, a video's location); null for items
   * uploaded before this was recorded (docs/decisions/047).
   */
  had_location: z.boolean().nullable(),
  uploaded_by: z.uuid().nullable(),
  uploaded_by_name: z.string().nullable(),
  compatibility: z.array(compatibilitySchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const mediaUsageSchema = z.object({
  id: z.uuid(),
  calendar_event_id: z.uuid().nullable(),
  campaign_id: z.uuid().nullable(),
  /** The post's title, when the usage is a post. */
  title: z.string().nullable(),
  status: z.string().nullable(),
  scheduled_for: z.string().nullable(),
  /** A scheduled (or publishing) post that would lose this item. */
  blocks_delete: z.boolean(),
});
export type MediaUsage = z.infer<typeof mediaUsageSchema>;

export const mediaDetailsSchema = mediaItemSchema.extend({ usages: z.array(mediaUsageSchema) });
export type MediaDetails = z.infer<typeof mediaDetailsSchema>;

export const mediaPageSchema = z.object({
  items: z.array(mediaItemSchema),
  total: z.number(),
  next_cursor: z.string().nullable(),
});
export type MediaPage = z.infer<typeof mediaPageSchema>;

export const listMediaQuerySchema = z.strictObject({
  search: z.string().trim().max(200).optional(),
  kind: z.enum(MEDIA_KINDS).optional(),
  tag: tagSchema.optional(),
  sort: z.enum(MEDIA_SORTS).default('name'),
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(MEDIA_PAGE_SIZE).default(MEDIA_PAGE_SIZE),
});
export type ListMediaQuery = z.input<typeof listMediaQuerySchema>;

export const storageUsageSchema = z.object({
  used_bytes: z.number(),
  quota_bytes: z.number(),
  max_file_bytes: z.number(),
  item_count: z.number(),
  plan: z.string(),
  /**
   * Whether this installation removes location data from videos: every job worker heard from
   * lately has ffmpeg (decision 025).
   */
  video_location_removal: z.boolean(),
  /** What the signed-in person may do here, so the page can hide what the server would refuse. */
  can: z.object({
    upload: z.boolean(),
    update: z.boolean(),
    delete: z.boolean(),
    cleanup: z.boolean(),
  }),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

export const tagCountSchema = z.object({ tag: z.string(), count: z.number() });
export type TagCount = z.infer<typeof tagCountSchema>;

export const updateMediaInputSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(MAX_MEDIA_NAME_LENGTH, 'Name is too long')
    .optional(),
  tags: z.array(tagSchema).max(MAX_TAGS_PER_ITEM, `At most ${MAX_TAGS_PER_ITEM} tags`).optional(),
});
export type UpdateMediaInput = z.input<typeof updateMediaInputSchema>;

const idList = z
  .array(z.uuid({ error: 'Not a valid id' }))
  .min(1, 'Select at least one item')
  .max(MAX_BULK_ITEMS, `At most ${MAX_BULK_ITEMS} items at once`);

export const bulkTagInputSchema = z.strictObject({
  ids: idList,
  add: z.array(tagSchema).max(MAX_TAGS_PER_ITEM).default([]),
  remove: z.array(tagSchema).max(MAX_TAGS_PER_ITEM).default([]),
});
export type BulkTagInput = z.input<typeof bulkTagInputSchema>;

export const deleteMediaInputSchema = z.strictObject({
  ids: idList,
  /** The user's explicit choice to take the items out of scheduled posts. */
  force: z.boolean().default(false),
});
export type DeleteMediaInput = z.input<typeof deleteMediaInputSchema>;

export const deleteResultSchema = z.object({
  deleted: z.array(z.uuid()),
  freed_bytes: z.number(),
});
export type DeleteResult = z.infer<typeof deleteResultSchema>;

export const renameTagInputSchema = z.strictObject({ from: tagSchema, to: tagSchema });

export const cleanupQuerySchema = z.strictObject({
  older_than_days: z.coerce.number().int().min(0).max(3650).default(30),
});

export const cleanupCandidateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size_bytes: z.number(),
  created_at: z.string(),
  reason: z.enum(['unused', 'duplicate']),
  /** For a duplicate: the item that is kept. */
  duplicate_of: z.uuid().nullable(),
});
export type CleanupCandidate = z.infer<typeof cleanupCandidateSchema>;

export const cleanupPreviewSchema = z.object({
  candidates: z.array(cleanupCandidateSchema),
  freed_bytes: z.number(),
});
export type CleanupPreview = z.infer<typeof cleanupPreviewSchema>;

export const cleanupInputSchema = z.strictObject({
  older_than_days: z.number().int().min(0).max(3650),
  ids: idList,
});
export type CleanupInput = z.input<typeof cleanupInputSchema>;

export const mediaRoutes = {
  list: '/api/media',
  upload: '/api/media/upload',
  usage: '/api/media/usage',
  tags: '/api/media/tags',
  renameTag: '/api/media/tags/rename',
  bulkTags: '/api/media/bulk/tags',
  bulkDelete: '/api/media/bulk/delete',
  cleanup: '/api/media/cleanup',
  item: (id: string) => `/api/media/${id}`,
  file: (id: string, variant: MediaVariant = 'original') => `/api/media/${id}/file/${variant}`,
} as const;

/** Header carrying the file's name on the raw upload body (URI-encoded). */
export const MEDIA_NAME_HEADER = 'x-media-name';
