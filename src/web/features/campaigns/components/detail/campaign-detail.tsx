import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { Campaign } from '#shared/contracts/campaigns.contract.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { PageHeader } from '../../../../components/ui/page-header.tsx';
import { dateRangeText, useBusinessTimeZone } from '../../lib/format.ts';
import { CampaignStatusBadge } from '../status-badge.tsx';
import { DetailActions } from './detail-actions.tsx';
import { performanceText, PostTimeline } from './post-timeline.tsx';

// A launched campaign (docs/product/screens.md#campaigns): its posts and their statuses (read
// again every 10 s while it runs; use-campaign-queries.ts), the media still missing, and how far
// it has got.

export function CampaignDetail({ campaign }: { campaign: Campaign }) {
  const timeZone = useBusinessTimeZone();
  const { progress } = campaign;
  return (
    <div className="grid grid-cols-1 gap-6">
      <Link
        to="/dashboard/campaigns"
        className="inline-flex items-center gap-1 justify-self-start text-sm text-link"
      >
        <ArrowLeft aria-hidden className="size-4" /> All campaigns
      </Link>
      <PageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            {campaign.name} <CampaignStatusBadge status={campaign.status} />
          </span>
        }
        description={dateRangeText(campaign.startsOn, campaign.endsOn)}
      />
      <DetailActions campaign={campaign} />
      <section aria-label="Progress" className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Figure label="Posts" value={progress.posts} />
        <Figure label="Published" value={progress.published} />
        <Figure label="Scheduled" value={progress.scheduled} />
        <Figure label="Failed" value={progress.failed} />
        <Figure label="Missing media" value={progress.missingMedia} />
      </section>
      <Card className="grid gap-1 p-4">
        <h2 className="text-sm font-semibold">Performance</h2>
        {campaign.performance ? (
          <p className="tabular-nums">
            {performanceText(campaign.performance)}{' '}
            <span className="text-muted-foreground">
              across {campaign.performance.measuredPosts} published{' '}
              {campaign.performance.measuredPosts === 1 ? 'post' : 'posts'}, from Analytics
            </span>
          </p>
        ) : (
          <p className="text-muted-foreground">
            Reach and interactions appear here once posts are published and Analytics has read them.
          </p>
        )}
      </Card>
      {progress.missingMedia > 0 ? (
        <Alert
          variant="warning"
          title={`${progress.missingMedia} ${progress.missingMedia === 1 ? 'post is' : 'posts are'} missing media`}
        >
          Add the media on the calendar before they are due, or they cannot be published.
        </Alert>
      ) : null}
      <Card className="grid gap-4 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">Posts</h2>
        <PostTimeline campaign={campaign} timeZone={timeZone} />
      </Card>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Card className="grid gap-1 p-3">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="text-2xl font-semibold">{value}</span>
    </Card>
  );
}
