import { Megaphone } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError, LoadingRows } from '../../../components/ui/query-status.tsx';
import { campaignPagePath } from '../api/paths.ts';
import { useViewedCampaign } from '../api/use-engine-queries.ts';
import { useAccountNames } from '../lib/use-account-names.ts';
import {
  CAMPAIGN_STATUS_LABELS,
  dateRangeText,
  excerpt,
  FORMAT_LABELS,
  useBusinessTimeZone,
  whenText,
} from '../lib/format.ts';

// The Campaign tab: the campaign being viewed (the store's, else the session's) with the plan of
// posts the engine produced for it, and a way to open it in Campaigns.

export function CampaignTab({ campaignId }: { campaignId: string | null }) {
  const query = useViewedCampaign(campaignId);
  const timeZone = useBusinessTimeZone();
  const accountName = useAccountNames();

  if (!campaignId) {
    return (
      <EmptyState
        icon={Megaphone}
        title="No campaign in view"
        description="Ask the engine to plan a campaign, then create its draft: the campaign shows here with its planned posts."
      />
    );
  }
  if (query.isError) {
    return (
      <LoadError
        title="The campaign could not be loaded"
        error={query.error}
        retrying={query.isFetching}
        onRetry={query.refetch}
      />
    );
  }
  const campaign = query.data;
  if (!campaign) {
    return <LoadingRows label="Loading the campaign" rows={3} rowClassName="h-16 w-full" />;
  }
  return (
    <section aria-label="Campaign" className="grid gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold">{campaign.name}</h2>
            <Badge variant="outline">{CAMPAIGN_STATUS_LABELS[campaign.status]}</Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            {dateRangeText(campaign.startsOn, campaign.endsOn)}
          </p>
        </div>
        <Link to={campaignPagePath(campaign.id)} className={buttonClasses({ variant: 'outline' })}>
          Open in Campaigns
        </Link>
      </header>
      {campaign.goal ? <p className="text-sm break-words">{campaign.goal}</p> : null}
      <h3 className="text-sm font-semibold">
        {campaign.posts.length} planned {campaign.posts.length === 1 ? 'post' : 'posts'}
      </h3>
      {campaign.posts.length === 0 ? (
        <p className="text-sm text-muted-foreground">No posts are planned yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Planned posts">
          {campaign.posts.map((post) => (
            <li key={post.id} className="grid gap-1 rounded-lg border border-border p-3 text-sm">
              <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">
                  {post.account?.name ?? accountName(post.connectionId)}
                </span>
                <span aria-hidden>·</span>
                <span>{whenText(post.scheduledFor, timeZone)}</span>
                <span aria-hidden>·</span>
                <span>{FORMAT_LABELS[post.format] ?? post.format}</span>
              </p>
              <p className="break-words">{excerpt(post.caption) || 'No caption yet'}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
