import type { CalendarFeed } from '#shared/contracts/calendar.contract.ts';
import { calendarFeedRoutes } from '#shared/contracts/calendar.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { can, type Actor } from '#shared/permissions.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { enforceRateLimit } from '#server/platform/security/rate-limit.ts';
import { constantTimeEqual, hashToken, randomToken } from '#server/platform/security/tokens.ts';
import { isUuid } from '../profile/user-id.ts';
import { membershipCache } from '../staff/membership.ts';
import * as repo from './calendar-feed.repository.ts';
import { renderCalendar, type IcalEvent } from './ical.ts';

// The private calendar subscription (decision 070). The link names the business account and the
// person, and carries a random secret; only the secret's SHA-256 is stored. Reading the feed is
// outside any session: the secret is the credential, checked in constant time, and the read runs
// through withTenant as that person in that business, so row-level security still applies.

const DAY = 86_400_000;
/** What a subscription shows: the last 90 days and the next 400. */
export const FEED_PAST_DAYS = 90;
export const FEED_FUTURE_DAYS = 400;
export const FEED_MAX_EVENTS = 2000;
/** A calendar app polls about hourly; a few people may share one link. */
export const FEED_RATE_LIMIT = { name: 'calendar-feed:link', limit: 60, windowSeconds: 3600 };
/** Guessing links from one address is slowed down long before it could matter. */
export const FEED_ADDRESS_RATE_LIMIT = {
  name: 'calendar-feed:address',
  limit: 600,
  windowSeconds: 3600,
};
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function getFeed(ctx: ServiceContext): Promise<CalendarFeed> {
  requireAccess(ctx.actor, 'read:calendar');
  const { tenantId, userId } = ctx.actor;
  const row = await withTenant(ctx.deps.database, scopeOf(ctx.actor), (tx) =>
    repo.findFeed(tx, tenantId, userId),
  );
  return { active: row !== null, created_at: row?.createdAt.toISOString() ?? null, url: null };
}

/** A new link; any earlier one of this person in this business stops working at once. */
export async function createFeed(ctx: ServiceContext): Promise<CalendarFeed> {
  requireAccess(ctx.actor, 'read:calendar');
  const { tenantId, userId } = ctx.actor;
  const secret = randomToken();
  const row = await withTenant(ctx.deps.database, scopeOf(ctx.actor), (tx) =>
    repo.replaceFeed(tx, tenantId, userId, hashToken(secret), new Date()),
  );
  return {
    active: true,
    created_at: row.createdAt.toISOString(),
    url: `${ctx.deps.env.appUrl}${calendarFeedRoutes.ics(tenantId, userId, secret)}`,
  };
}

export async function deleteFeed(ctx: ServiceContext): Promise<void> {
  requireAccess(ctx.actor, 'read:calendar');
  const { tenantId, userId } = ctx.actor;
  await withTenant(ctx.deps.database, scopeOf(ctx.actor), (tx) =>
    repo.deleteFeed(tx, tenantId, userId),
  );
}

export interface FeedRequest {
  tenantId: string;
  memberId: string;
  secret: string;
  clientIp: string;
  now?: Date;
}

/**
 * The .ics text of a link, or NOT_FOUND for a link that is malformed, revoked, replaced, of a
 * person no longer in the business, or whose secret does not match — all alike, so the answer
 * says nothing about which part was wrong.
 */
export async function renderFeed(deps: AppDeps, request: FeedRequest): Promise<string> {
  const { tenantId, memberId, secret } = request;
  await enforceRateLimit(deps.database, FEED_ADDRESS_RATE_LIMIT, request.clientIp);
  if (!isUuid(tenantId) || !isUuid(memberId) || !SECRET_PATTERN.test(secret)) notFound();
  await enforceRateLimit(deps.database, FEED_RATE_LIMIT, `${tenantId}:${memberId}`);

  // Membership is checked now, not when the link was made: a removed staff member's link dies.
  const memberships = await membershipCache(deps).get(memberId);
  const membership = memberships.find((m) => m.tenant_id === tenantId);
  if (!membership) notFound();
  const actor: Actor = {
    userId: memberId,
    tenantId,
    tenantRole: membership.role,
    isAdmin: false,
  };
  if (!can(actor, 'read:calendar')) notFound();

  const now = request.now ?? new Date();
  const result = await withTenant(deps.database, scopeOf(actor), async (tx) => {
    const feed = await repo.findFeed(tx, tenantId, memberId);
    if (!feed || !constantTimeEqual(hashToken(secret), feed.tokenHash)) return null;
    const [events, businessName] = await Promise.all([
      repo.listFeedEvents(
        tx,
        tenantId,
        new Date(now.getTime() - FEED_PAST_DAYS * DAY),
        new Date(now.getTime() + FEED_FUTURE_DAYS * DAY),
        FEED_MAX_EVENTS,
      ),
      repo.findBusinessName(tx, tenantId),
    ]);
    return { events, businessName };
  });
  if (!result) notFound();

  const appUrl = deps.env.appUrl;
  const host = new URL(appUrl).hostname;
  return renderCalendar({
    name: result.businessName ? `${result.businessName} · Soci Gen` : 'Soci Gen content calendar',
    stamp: now,
    events: result.events.map((event) => toIcalEvent(event, host, appUrl)),
  });
}

const STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
  unconfirmed: 'Unconfirmed',
  cancelled: 'Cancelled',
};
const TYPE_LABELS: Record<string, string> = {
  post: 'Post',
  ai_generated: 'AI-generated post',
  campaign: 'Campaign post',
  note: 'Note',
};
const PLATFORM_LABELS: Record<string, string> = { facebook: 'Facebook', instagram: 'Instagram' };

export function toIcalEvent(event: repo.FeedEventRow, host: string, appUrl: string): IcalEvent {
  const platforms = event.platforms.map((p) => PLATFORM_LABELS[p] ?? p);
  const facts = [
    `${TYPE_LABELS[event.type] ?? event.type} · ${STATUS_LABELS[event.status] ?? event.status}`,
    platforms.length > 0 ? `Platforms: ${platforms.join(', ')}` : null,
  ].filter((line): line is string => line !== null);
  const summary = event.type === 'note' ? `Note: ${event.title}` : event.title;
  return {
    // The event's id never changes, so calendar apps update the same entry on every poll.
    uid: `${event.id}@${host}`,
    start: event.scheduledFor,
    durationMinutes: 30,
    summary,
    description: [event.content?.trim() || null, facts.join('\n')].filter(Boolean).join('\n\n'),
    status:
      event.status === 'cancelled'
        ? 'CANCELLED'
        : event.status === 'draft'
          ? 'TENTATIVE'
          : 'CONFIRMED',
    lastModified: event.updatedAt,
    url: `${appUrl}/dashboard/calendar?event=${event.id}`,
    categories: platforms,
  };
}

function scopeOf(actor: Actor) {
  return { userId: actor.userId, tenantId: actor.tenantId, isAdmin: false };
}

function notFound(): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: 'No calendar feed for this link' });
}
