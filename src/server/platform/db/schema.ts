// Every table, for Drizzle's query builder and drizzle-kit. Feature tables live beside their
// feature; add new ones here.
export * from './system.tables.ts';
export * from '../../features/auth/auth.tables.ts';
export * from '../../features/profile/profile.tables.ts';
export * from '../../features/settings/settings.tables.ts';
export * from '../../features/subscription/subscription.tables.ts';
export * from '../../features/staff/staff.tables.ts';
export * from '../../features/posts/posts.tables.ts';
export * from '../../features/auth/mfa.tables.ts';
export * from '../../features/account/account.tables.ts';
export * from '../../features/media/media.tables.ts';
export * from '../../features/ai-content/ai-content.tables.ts';
export * from '../../features/calendar/calendar-feed.tables.ts';
export * from '../../features/platforms/platforms.tables.ts';
export * from '../../features/queue/queue.tables.ts';
export * from '../../features/inbox/inbox.tables.ts';
export * from '../../features/analytics/analytics.tables.ts';
export * from '../../features/billing/billing.tables.ts';
export * from '../../features/campaigns/campaigns.tables.ts';
export * from '../../features/engine-room/engine-room.tables.ts';
export * from '../../features/audience/audience.tables.ts';
export * from '../../features/audience/crm.tables.ts';
export * from '../../features/email-marketing/email-marketing.tables.ts';
