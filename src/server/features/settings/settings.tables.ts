import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../profile/profile.tables.ts';

export interface PostingHour {
  day: number;
  start: string;
  end: string;
}

export const businessProfiles = pgTable('business_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  businessName: text('business_name').notNull(),
  companyName: text('company_name'),
  industry: text('industry'),
  website: text('website'),
  description: text('description'),
  brandVoice: text('brand_voice'),
  targetAudience: text('target_audience'),
  timeZone: text('time_zone').notNull().default('UTC'),
  defaultPlatforms: text('default_platforms').array().notNull().default([]),
  postingHours: jsonb('posting_hours').$type<PostingHour[]>().notNull().default([]),
  logoUrl: text('logo_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
