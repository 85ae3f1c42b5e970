import { eq } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  notificationPreferencesSchema,
  type NotificationPreferences,
} from '#shared/contracts/account-security.contract.ts';
import type { Database } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import * as profileRepo from '../profile/profile.repository.ts';
import { profiles } from '../profile/profile.tables.ts';

// Notification preferences are the person's, kept in profiles.settings.notifications beside the
// account status; a missing or partial entry reads as the defaults.

export function parseNotificationPreferences(value: unknown): NotificationPreferences {
  const stored = typeof value === 'object' && value !== null ? value : {};
  const merged = { ...DEFAULT_NOTIFICATION_PREFERENCES, ...stored };
  const parsed = notificationPreferencesSchema.safeParse({
    emailOnFailedPost: merged.emailOnFailedPost,
    dailyInboxDigest: merged.dailyInboxDigest,
  });
  return parsed.success ? parsed.data : { ...DEFAULT_NOTIFICATION_PREFERENCES };
}

/**
 * What a person wants to be e-mailed about. For jobs (a failed post, the daily digest): reads in
 * that person's own scope, so it needs no request.
 */
export async function getNotificationPreferences(
  database: Database,
  userId: string,
): Promise<NotificationPreferences> {
  const [row] = await withTenant(database, { userId, tenantId: userId, isAdmin: false }, (tx) =>
    tx.select({ settings: profiles.settings }).from(profiles).where(eq(profiles.id, userId)),
  );
  return parseNotificationPreferences(row?.settings?.['notifications']);
}

export async function readMyNotificationPreferences(
  ctx: ServiceContext,
): Promise<NotificationPreferences> {
  requireAccess(ctx.actor, 'manage:own-account');
  return getNotificationPreferences(ctx.deps.database, ctx.actor.userId);
}

export async function updateMyNotificationPreferences(
  ctx: ServiceContext,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  requireAccess(ctx.actor, 'manage:own-account');
  const { userId } = ctx.actor;
  const profile = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    profileRepo.mergeProfileSettings(tx, userId, { notifications: preferences }, new Date()),
  );
  return parseNotificationPreferences(profile?.settings['notifications']);
}
