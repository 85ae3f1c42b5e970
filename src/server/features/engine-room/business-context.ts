import { and, desc, eq } from 'drizzle-orm';
import { accountLabel } from '#shared/account-label.ts';
import { resolveBusinessName } from '#shared/business-name.ts';
import type { Platform } from '#shared/contracts/account.contract.ts';
import type { Tx } from '#server/platform/db/client.ts';
import type { BusinessVoice } from '../ai-content/offline-generator.ts';
import { mediaItems } from '../media/media.tables.ts';
import { listConnections } from '../platforms/platforms.repository.ts';
import { knownTimeZone, localDateOf, weekdayOf } from '../queue/wall-clock.ts';
import { findBusinessProfile } from '../settings/settings.repository.ts';
import { campaignPosts } from '../campaigns/campaigns.tables.ts';
import { findOwnCampaign, type SessionRow } from './engine-room.repository.ts';

// The business as the engine sees it in a turn (docs/product/screens.md#engine-room): its
// profile, time zone and posting hours, its connected accounts (ids, platforms, names), the
// ready files of its library, and the campaign the session works on. Read once per turn; the
// provider's system prompt and the offline engine's arguments are made from it, and every tool
// call is checked against it.

export interface EngineAccount {
  id: string;
  platform: Platform;
  name: string;
}

export interface EngineMedia {
  id: string;
  name: string;
  kind: 'image' | 'video';
  tags: string[];
}

export interface EngineCampaign {
  id: string;
  name: string;
  status: string;
  goal: string;
  startsOn: string | null;
  endsOn: string | null;
  connectionIds: string[];
  posts: number;
}

export interface EngineContext {
  voice: BusinessVoice;
  timeZone: string;
  postingHours: Array<{ day: number; start: string; end: string }>;
  accounts: EngineAccount[];
  media: EngineMedia[];
  campaign: EngineCampaign | null;
  now: Date;
}

/** Files the engine is told about and may pick from. */
const MEDIA_SHOWN = 200;

export async function readContext(
  tx: Tx,
  tenantId: string,
  session: SessionRow,
  now: Date,
): Promise<EngineContext> {
  const profile = await findBusinessProfile(tx, tenantId);
  const connections = await listConnections(tx, tenantId);
  const media = await tx
    .select({
      id: mediaItems.id,
      name: mediaItems.name,
      kind: mediaItems.kind,
      tags: mediaItems.tags,
    })
    .from(mediaItems)
    .where(and(eq(mediaItems.userId, tenantId), eq(mediaItems.status, 'ready')))
    .orderBy(desc(mediaItems.createdAt))
    .limit(MEDIA_SHOWN);
  let campaign: EngineCampaign | null = null;
  if (session.campaignId) {
    const row = await findOwnCampaign(tx, tenantId, session.campaignId);
    if (row) {
      const posts = await tx
        .select({ id: campaignPosts.id })
        .from(campaignPosts)
        .where(and(eq(campaignPosts.campaignId, row.id), eq(campaignPosts.userId, tenantId)));
      campaign = {
        id: row.id,
        name: row.name,
        status: row.status,
        goal: row.goal,
        startsOn: row.startsOn,
        endsOn: row.endsOn,
        connectionIds: row.connectionIds,
        posts: posts.length,
      };
    }
  }
  return {
    voice: {
      businessName: resolveBusinessName(profile ?? {}),
      industry: profile?.industry ?? null,
      brandVoice: profile?.brand_voice ?? null,
      targetAudience: profile?.target_audience ?? null,
      website: profile?.website ?? null,
      description: profile?.description ?? null,
    },
    timeZone: knownTimeZone(profile?.time_zone),
    postingHours: profile?.posting_hours ?? [],
    accounts: connections
      .filter((c) => c.status === 'connected')
      .map((c) => ({ id: c.id, platform: c.platform, name: accountLabel(c) })),
    media,
    campaign,
    now,
  };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Saturday 2026-11-28" in the business's time zone. */
export function todayOf(context: Pick<EngineContext, 'now' | 'timeZone'>): string {
  const date = localDateOf(context.now, context.timeZone);
  const iso = `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
  return `${WEEKDAYS[weekdayOf(date)]} ${iso}`;
}
