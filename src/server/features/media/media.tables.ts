import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { profiles } from '../profile/profile.tables.ts';
import { calendarEvents } from '../posts/posts.tables.ts';

export const mediaItems = pgTable(
  'media_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** Display name, sanitised; never part of a storage key. */
    name: text('name').notNull(),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    frameRate: real('frame_rate'),
    videoCodec: text('video_codec'),
    audioCodec: text('audio_codec'),
    /** SHA-256 of the stored bytes, hex. */
    contentHash: text('content_hash').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    /** The JPEG copy Instagram needs when the original is another format. */
    instagramKey: text('instagram_key'),
    status: text('status', { enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('processing'),
    processingError: text('processing_error'),
    /**
     * Whether location metadata is gone from the stored file: images are re-encoded on upload,
     * videos are copied without their metadata by the processing job when ffmpeg is available.
     */
    locationRemoved: boolean('location_removed').notNull().default(false),
    /**
     * Whether the upload named where it was made (EXIF/XMP GPS, a video's location atoms), read
     * before anything was removed; null for uploads from before it was recorded
     * (docs/decisions/047).
     */
    hadLocation: boolean('had_location'),
    tags: text('tags').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One index per sort the list offers, each ending in id for a stable keyset.
    index('media_items_user_id_name_idx').on(t.userId, t.name, t.id),
    index('media_items_user_id_created_at_idx').on(t.userId, t.createdAt, t.id),
    index('media_items_user_id_size_idx').on(t.userId, t.sizeBytes, t.id),
    index('media_items_user_id_hash_idx').on(t.userId, t.contentHash),
    index('media_items_tags_idx').using('gin', t.tags),
    // Target of media_usages' (media_id, user_id) key: usages stay within one tenant.
    unique('media_items_id_user_id_key').on(t.id, t.userId),
  ],
);

/**
 * Where an item is used: a post (calendar event) or a campaign. The composer and the campaign
 * wizard write these rows; the library reads them for "where used" and to protect scheduled posts.
 */
export const mediaUsages = pgTable(
  'media_usages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id').notNull(),
    calendarEventId: uuid('calendar_event_id'),
    /** Campaigns have no table yet; the key is kept so the wizard can write usages already. */
    campaignId: uuid('campaign_id'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_usages_user_id_idx').on(t.userId),
    index('media_usages_media_id_idx').on(t.mediaId),
    index('media_usages_calendar_event_id_idx').on(t.calendarEventId),
    unique('media_usages_media_event_key').on(t.mediaId, t.calendarEventId),
    foreignKey({
      name: 'media_usages_media_tenant_fk',
      columns: [t.mediaId, t.userId],
      foreignColumns: [mediaItems.id, mediaItems.userId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'media_usages_event_tenant_fk',
      columns: [t.calendarEventId, t.userId],
      foreignColumns: [calendarEvents.id, calendarEvents.userId],
    }).onDelete('cascade'),
    check(
      'media_usages_target_check',
      sql`${t.calendarEventId} is not null or ${t.campaignId} is not null`,
    ),
  ],
);
