import {
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { CONTACT_SOURCES, CONTACT_STAGES } from '#shared/contracts/audience.contract.ts';
import { platformConnections } from '../platforms/platforms.tables.ts';
import { profiles } from '../profile/profile.tables.ts';

// The audience (docs/decisions/097): a contact per person, each with the platform identities it
// was made from (a commenter's or sender's id on Instagram or Facebook), its counts worked out
// from the inbox, and segments saved as rule trees. Rows name their business (user_id); an
// identity belongs to a contact of its own business through the (id, user_id) key. Deleting a
// contact leaves a row saying that it was deleted, by whom and when, and nothing about the person.

export const audienceContacts = pgTable(
  'audience_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    handle: text('handle'),
    pictureUrl: text('picture_url'),
    email: text('email'),
    phone: text('phone'),
    location: text('location'),
    tags: text('tags').array().notNull().default([]),
    stage: text('stage', { enum: CONTACT_STAGES }).notNull().default('new'),
    consent: boolean('consent').notNull().default(false),
    consentSource: text('consent_source'),
    platforms: text('platforms').array().notNull().default([]),
    firstInteractionAt: timestamp('first_interaction_at', { withTimezone: true }),
    lastInteractionAt: timestamp('last_interaction_at', { withTimezone: true }),
    commentCount: integer('comment_count').notNull().default(0),
    messageCount: integer('message_count').notNull().default(0),
    /** Average of the judged items, -1 (negative) to 1 (positive). */
    sentiment: doublePrecision('sentiment'),
    source: text('source', { enum: CONTACT_SOURCES }).notNull().default('inbox'),
    /** The member who looks after the person (the CRM add-on, docs/decisions/099). */
    ownerId: uuid('owner_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('audience_contacts_id_user_id_key').on(t.id, t.userId),
    index('audience_contacts_user_last_idx').on(t.userId, t.lastInteractionAt),
    /** A segment's sample, most recent interaction first (segments.repository.ts). */
    index('audience_contacts_user_recent_idx').on(
      t.userId,
      t.lastInteractionAt.desc().nullsLast(),
      t.id,
    ),
    /** The CRM board: a business's contacts by stage, most recent interaction first. */
    index('audience_contacts_user_stage_idx').on(
      t.userId,
      t.stage,
      t.lastInteractionAt.desc().nullsLast(),
      t.id,
    ),
    /** Duplicates by e-mail (the CSV import) and the e-mail marketing add-on's recipients. */
    index('audience_contacts_user_email_idx').on(t.userId, sql`lower(${t.email})`),
  ],
);

export const audienceIdentities = pgTable(
  'audience_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    platform: text('platform', { enum: ['instagram', 'facebook'] }).notNull(),
    /** The person's id on the platform (the inbox thread's participant). */
    externalId: text('external_id').notNull(),
    handle: text('handle'),
    name: text('name'),
    connectionId: uuid('connection_id').references(() => platformConnections.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('audience_identities_person_key').on(t.userId, t.platform, t.externalId),
    index('audience_identities_contact_idx').on(t.userId, t.contactId),
    foreignKey({
      name: 'audience_identities_contact_fk',
      columns: [t.contactId, t.userId],
      foreignColumns: [audienceContacts.id, audienceContacts.userId],
    }).onDelete('cascade'),
  ],
);

export const audienceSegments = pgTable(
  'audience_segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The rule tree (shared/contracts/audience.contract.ts segmentTreeSchema). */
    rule: jsonb('rule').notNull(),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audience_segments_user_idx').on(t.userId, t.updatedAt)],
);

/** That a contact was deleted: by whom and when, and nothing about the person. */
export const audienceDeletions = pgTable(
  'audience_deletions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    deletedBy: uuid('deleted_by').references(() => profiles.id, { onDelete: 'set null' }),
    identities: integer('identities').notNull(),
    /**
     * sha256 of each deleted identity's `<platform>:<external id>` (contacts-sync.ts): the sync
     * does not make the person a contact again from threads the inbox keeps.
     */
    identityHashes: text('identity_hashes').array(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audience_deletions_user_idx').on(t.userId, t.deletedAt)],
);
