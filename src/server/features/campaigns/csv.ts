import type { MediaRequirement } from '#shared/contracts/campaign-plan.contract.ts';
import type { Campaign } from '#shared/contracts/campaigns.contract.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { toCsv, type CsvCell } from '../analytics/csv.ts';
import { knownTimeZone } from '../queue/wall-clock.ts';
import { findBusinessProfile } from '../settings/settings.repository.ts';
import { ownMedia } from './campaigns.repository.ts';
import { READ_PERMISSION, campaignRow, campaignView, requireId } from './drafts.ts';

// A campaign's plan as CSV (docs/product/screens.md#campaigns), to print or hand to whoever takes
// the photos: one row per planned post, its date and time in the business's time zone, and the
// media it needs. Written as the analytics export is (analytics/csv.ts: RFC 4180, a byte order
// mark, text a spreadsheet would run as a formula neutralised).

export const PLAN_CSV_HEADER = [
  'Date',
  'Time',
  'Time zone',
  'Account',
  'Platform',
  'Format',
  'Caption',
  'Hashtags',
  'First comment',
  'Media needed',
  'Media files',
  'Status',
] as const;

/** "1 image, 4:5: a close-up of …", "3 carousel items, 1:1: …", "video 5–90 s, 9:16: …". */
export function describeRequirement(media: MediaRequirement): string {
  const shape = [
    media.kind === 'carousel'
      ? `${media.count} carousel items`
      : media.kind === 'none'
        ? 'no media'
        : `${media.count} ${media.kind}`,
    media.minSeconds !== null || media.maxSeconds !== null
      ? `${media.minSeconds ?? 0}–${media.maxSeconds ?? '?'} s`
      : null,
    media.aspectRatio,
  ].filter(Boolean);
  return `${shape.join(', ')}: ${media.description}`;
}

function wallClock(at: string, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** The plan's rows; `fileNames` names the library items by id. */
export function planCsv(
  campaign: Campaign,
  timeZone: string,
  fileNames: ReadonlyMap<string, string>,
): string {
  const rows = campaign.posts.map((p): CsvCell[] => {
    const { date, time } = wallClock(p.scheduledFor, timeZone);
    return [
      date,
      time,
      timeZone,
      p.account?.name ?? null,
      p.account?.platform ?? null,
      p.format,
      p.caption,
      p.hashtags.join(' '),
      p.firstComment,
      describeRequirement(p.media),
      p.mediaIds.map((id) => fileNames.get(id) ?? id).join('; '),
      p.status ?? 'planned',
    ];
  });
  return toCsv(PLAN_CSV_HEADER, rows);
}

/** campaign-spring-menu-launch.csv */
export function planCsvFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `campaign-${slug || 'plan'}.csv`;
}

/** GET …/plan.csv: the campaign's plan as CSV, and what to call the file. */
export async function exportPlanCsv(
  ctx: ServiceContext,
  id: string,
): Promise<{ body: string; fileName: string }> {
  requireAccess(ctx.actor, READ_PERMISSION);
  requireId(id);
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const campaign = await campaignView(tx, tenantId, await campaignRow(tx, tenantId, id));
    const profile = await findBusinessProfile(tx, tenantId);
    const files = await ownMedia(tx, tenantId, [
      ...new Set(campaign.posts.flatMap((p) => p.mediaIds)),
    ]);
    return {
      body: planCsv(campaign, knownTimeZone(profile?.time_zone), files),
      fileName: planCsvFileName(campaign.name),
    };
  });
}
