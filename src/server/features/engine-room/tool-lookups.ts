import { and, arrayOverlaps, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Platform } from '#shared/contracts/account.contract.ts';
import type {
  checkPostArgsSchema,
  findMediaArgsSchema,
  suggestTimesArgsSchema,
} from '#shared/contracts/engine-room.contract.ts';
import { accountLabel } from '#shared/account-label.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { bestTimesFor } from '../ai-content/best-times.ts';
import { analyticsSlots } from '../analytics/index.ts';
import * as calendar from '../calendar/calendar.service.ts';
import { mediaItems } from '../media/media.tables.ts';
import { findMediaRows } from '../media/media.repository.ts';
import { listConnections } from '../platforms/platforms.repository.ts';
import { targetProblems } from '../posts/validate-post.ts';
import { findBusinessProfile } from '../settings/settings.repository.ts';
import { knownTimeZone } from '../queue/wall-clock.ts';

import type { Outcome } from './tools.ts';
import { cleanHashtags, launchProblemOf } from './tool-draft-posts.ts';

// The tools that only read (tools.ts): find_media, suggest_times and check_post.

// ---------------------------------------------------------------------------------------------
// find_media

const FOUND_MAX = 20;

export async function findMedia(
  ctx: ServiceContext,
  args: z.infer<typeof findMediaArgsSchema>,
): Promise<Outcome> {
  requireAccess(ctx.actor, 'read:calendar');
  const tenantId = ctx.actor.tenantId;
  const words = args.query
    .toLowerCase()
    .split(/[^\p{L}\p{N}_-]+/u)
    .filter((w) => w.length >= 2)
    .slice(0, 10);
  const tags = [...new Set([...args.tags, ...words])];
  const matches: SQL[] = words.map((w) =>
    ilike(mediaItems.name, `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
  );
  if (tags.length > 0) matches.push(arrayOverlaps(mediaItems.tags, tags));
  if (matches.length === 0) {
    return { status: 'done', result: { summary: 'Say what to look for.', mediaIds: [] } };
  }
  const rows = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    tx
      .select({ id: mediaItems.id, name: mediaItems.name })
      .from(mediaItems)
      .where(and(eq(mediaItems.userId, tenantId), eq(mediaItems.status, 'ready'), or(...matches)))
      .orderBy(desc(mediaItems.createdAt))
      .limit(FOUND_MAX),
  );
  return {
    status: 'done',
    result: {
      summary:
        rows.length === 0
          ? 'No file in the library matches.'
          : `Found ${rows.length} file${rows.length === 1 ? '' : 's'}: ${rows.map((r) => r.name).join(', ')}.`,
      mediaIds: rows.map((r) => r.id),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// suggest_times

const WEEK = 7 * 86_400_000;

export async function suggestTimes(
  ctx: ServiceContext,
  args: z.infer<typeof suggestTimesArgsSchema>,
  now: Date,
): Promise<Outcome> {
  const tenantId = ctx.actor.tenantId;
  const { profile, connections } = await withTenant(
    ctx.deps.database,
    tenantScope(ctx.actor),
    async (tx) => ({
      profile: await findBusinessProfile(tx, tenantId),
      connections: await listConnections(tx, tenantId),
    }),
  );
  const account = args.connectionId ? connections.find((c) => c.id === args.connectionId) : null;
  const platform: Platform =
    account?.platform ?? connections.find((c) => c.status === 'connected')?.platform ?? 'instagram';
  const published = await calendar.listEvents(ctx, tenantId, {
    platforms: [platform],
    status: 'published',
    limit: 500,
  });
  const best = bestTimesFor({
    platform,
    timeZone: knownTimeZone(profile?.time_zone),
    publishedAt: published
      .map((e) => (e.scheduled_for ? new Date(e.scheduled_for) : null))
      .filter((d): d is Date => d !== null),
    postingHours: profile?.posting_hours ?? [],
    now,
    analytics: await analyticsSlots(ctx.deps, ctx.actor, platform, now),
  });
  // The best slots' next occurrences, then the weeks after, until there are enough.
  const times: string[] = [];
  for (let week = 0; times.length < args.count && best.slots.length > 0; week++) {
    for (const slot of best.slots) {
      if (times.length >= args.count) break;
      times.push(new Date(Date.parse(slot.next_at) + week * WEEK).toISOString());
    }
  }
  const whom = account
    ? accountLabel(account)
    : platform === 'instagram'
      ? 'Instagram'
      : 'Facebook';
  return {
    status: 'done',
    result: { summary: `Best times for ${whom}. ${best.note}`, times },
  };
}

// ---------------------------------------------------------------------------------------------
// check_post

export async function checkPost(
  ctx: ServiceContext,
  args: z.infer<typeof checkPostArgsSchema>,
  now: Date,
): Promise<Outcome> {
  const tenantId = ctx.actor.tenantId;
  const seen = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => ({
    connections: await listConnections(tx, tenantId),
    media: await findMediaRows(tx, [...new Set(args.mediaIds)]),
  }));
  const caption = [args.caption.trim(), cleanHashtags(args.hashtags).join(' ')]
    .filter(Boolean)
    .join('\n\n');
  const found = await targetProblems(ctx.deps, {
    caption,
    targets: [
      {
        spec: {
          connectionId: args.connectionId,
          format: args.format,
          mediaIds: args.mediaIds,
          firstComment: null,
        },
        index: 0,
      },
    ],
    connections: seen.connections,
    media: seen.media.filter((m) => m.userId === tenantId),
    withRules: true,
  });
  const problems = found.map((p) => launchProblemOf(0, p));
  if (args.scheduledFor !== null && Date.parse(args.scheduledFor) <= now.getTime()) {
    problems.push({
      postKey: '0',
      field: 'posts.0.scheduled_for',
      connectionId: args.connectionId,
      account: null,
      rule: 'time_in_past',
      message: 'This time has passed',
    });
  }
  const connection = seen.connections.find((c) => c.id === args.connectionId);
  const name = connection ? accountLabel(connection) : 'the account';
  return {
    status: 'done',
    result: {
      summary:
        problems.length === 0
          ? `This post follows ${name}'s rules.`
          : `${problems.length} problem${problems.length === 1 ? '' : 's'} for ${name}: ${problems.map((p) => p.message).join('; ')}.`,
      problems,
    },
  };
}
