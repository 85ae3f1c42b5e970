import { CalendarRange, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { CampaignSummary } from '#shared/contracts/campaigns.contract.ts';
import { Card } from '../../../components/ui/card.tsx';
import { dateRangeText } from '../lib/format.ts';
import { CampaignStatusBadge } from './status-badge.tsx';

/** One campaign in the list: name, status, dates, accounts and how far its posts have got. */
export function CampaignCard({
  campaign,
  accountNames,
}: {
  campaign: CampaignSummary;
  accountNames: ReadonlyMap<string, string>;
}) {
  const { progress } = campaign;
  const accounts = campaign.connectionIds.map((id) => accountNames.get(id) ?? 'A removed account');
  return (
    <li>
      <Card className="relative grid h-full gap-3 p-4 transition-colors hover:border-input">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 text-base font-semibold break-words">
            <Link
              to={`/dashboard/campaigns/${campaign.id}`}
              className="after:absolute after:inset-0 focus-visible:outline-none"
            >
              <span
                aria-hidden
                className="mr-2 inline-block size-2.5 rounded-full align-middle"
                style={{ backgroundColor: campaign.color }}
              />
              {campaign.name}
            </Link>
          </h2>
          <CampaignStatusBadge status={campaign.status} />
        </div>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarRange aria-hidden className="size-4 shrink-0" />
          {dateRangeText(campaign.startsOn, campaign.endsOn)}
        </p>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Users aria-hidden className="size-4 shrink-0" />
          <span className="min-w-0 truncate">
            {accounts.length > 0 ? accounts.join(', ') : 'No accounts yet'}
          </span>
        </p>
        <p className="text-sm" aria-label="Progress">
          {progress.posts === 0
            ? 'No posts planned yet'
            : campaign.status === 'draft'
              ? `${progress.posts} posts planned · ${progress.missingMedia} missing media`
              : `${progress.published} published · ${progress.scheduled} scheduled · ${progress.missingMedia} missing media`}
          {progress.failed > 0 ? (
            <span className="text-destructive"> · {progress.failed} failed</span>
          ) : null}
        </p>
      </Card>
    </li>
  );
}
