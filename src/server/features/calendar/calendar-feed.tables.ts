import { pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../profile/profile.tables.ts';

/**
 * One private calendar subscription (iCalendar) link per person and business account. Only a
 * hash of the link's secret is kept: a leaked table gives no working link. A tenant table
 * (user_id is the business account), so the feed is read under the same row-level security as
 * the calendar itself.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The person the link belongs to: the owner or a staff member of user_id's business. */
    memberId: uuid('member_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Leads with the tenant key, as every tenant table's index must.
  (t) => [unique('calendar_feeds_user_id_member_id_key').on(t.userId, t.memberId)],
);
