import { foreignKey, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../profile/profile.tables.ts';
import { audienceContacts } from './audience.tables.ts';

// The CRM add-on (docs/decisions/099): notes on a contact, and a contact's activity — what
// members did to it (a note, a stage or owner change, tags), its imports and merges, and the
// e-mails the business sent it. Both belong to a contact of their own business through the
// (id, user_id) key and go with it when it is deleted.

export const CONTACT_ACTIVITY_KINDS = [
  'note',
  'stage',
  'owner',
  'tags',
  'import',
  'merge',
  'email',
] as const;
export type ContactActivityKind = (typeof CONTACT_ACTIVITY_KINDS)[number];

export const audienceNotes = pgTable(
  'audience_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').notNull(),
    authorId: uuid('author_id').references(() => profiles.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audience_notes_contact_idx').on(t.userId, t.contactId, t.createdAt),
    foreignKey({
      name: 'audience_notes_contact_fk',
      columns: [t.contactId, t.userId],
      foreignColumns: [audienceContacts.id, audienceContacts.userId],
    }).onDelete('cascade'),
  ],
);

export const audienceActivities = pgTable(
  'audience_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').notNull(),
    /** Who did it; null for the system (an import's job, the e-mail sender). */
    actorId: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: CONTACT_ACTIVITY_KINDS }).notNull(),
    /** What changed, by kind: { from, to } for a stage, { noteId } for a note, … */
    data: jsonb('data').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audience_activities_contact_idx').on(t.userId, t.contactId, t.createdAt),
    foreignKey({
      name: 'audience_activities_contact_fk',
      columns: [t.contactId, t.userId],
      foreignColumns: [audienceContacts.id, audienceContacts.userId],
    }).onDelete('cascade'),
  ],
);
