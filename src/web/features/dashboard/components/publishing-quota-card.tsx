import { Link } from 'react-router';
import { Link2 } from 'lucide-react';
import type { AccountQuota } from '#shared/contracts/publishing.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryContent } from '../../../components/ui/query-status.tsx';
import { cn } from '../../../lib/cn.ts';
import { PlatformIcon } from '../../platforms/index.ts';
import { PLATFORM_STYLES, quotaLeftText, usePublishingQuota } from '../../posts/index.ts';

// What each connected account may still publish in the platform's rolling 24-hour window
// (docs/decisions/082): Instagram's limit read from Instagram, Facebook Pages without one, and
// the reason when it could not be read.

/** "47 of 50 posts left", "No daily limit", or why it is not known. */
export function quotaSummary(quota: AccountQuota): string {
  if (quota.source === 'not_limited') return 'No daily limit';
  if (quota.source === 'unavailable' || quota.remaining === null || quota.total === null) {
    return quota.reason ?? 'Not known right now';
  }
  return quotaLeftText(quota.remaining, quota.total);
}

function QuotaBar({ quota }: { quota: AccountQuota }) {
  const total = quota.total ?? 0;
  const remaining = Math.max(0, Math.min(total, quota.remaining ?? 0));
  const percent = total > 0 ? (remaining / total) * 100 : 0;
  return (
    <div
      role="progressbar"
      aria-label={`${quota.account_name}: posts left (rolling 24 hours)`}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={remaining}
      aria-valuetext={quotaSummary(quota)}
      className="h-1.5 overflow-hidden rounded-full bg-muted"
    >
      <div
        className={cn(
          'h-full rounded-full',
          remaining === 0 ? 'bg-destructive' : percent <= 10 ? 'bg-warning' : 'bg-primary',
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

function QuotaRow({ quota }: { quota: AccountQuota }) {
  const platform = PLATFORM_STYLES[quota.platform].label;
  const unavailable = quota.source === 'unavailable';
  return (
    <li className="grid gap-1.5 py-3 first:pt-0 last:pb-0">
      <div className="flex min-w-0 items-center gap-2">
        <PlatformIcon platform={quota.platform} className="size-4 shrink-0" />
        <span className="truncate text-sm font-medium text-foreground">{quota.account_name}</span>
      </div>
      <p className={cn('text-xs', unavailable ? 'text-warning' : 'text-muted-foreground')}>
        {platform}: {quotaSummary(quota)}
      </p>
      {quota.source === 'platform' ? <QuotaBar quota={quota} /> : null}
    </li>
  );
}

/** The home page's card: one row per connected account. */
export function PublishingQuotaCard() {
  const query = usePublishingQuota();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Publishing quota</CardTitle>
        <CardDescription>
          How many more posts each account can publish in its rolling 24-hour window.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryContent
          query={query}
          loading={{ label: 'Loading publishing quotas', rows: 2, rowClassName: 'h-10 w-full' }}
          errorTitle="Publishing quotas could not be loaded"
          empty={
            <EmptyState
              icon={Link2}
              className="py-6"
              title="No accounts connected"
              description="Connect a Facebook Page or an Instagram account to publish to it."
              action={
                <Button asChild size="sm">
                  <Link to="/dashboard/platforms">Connect an account</Link>
                </Button>
              }
            />
          }
        >
          {(quotas) => (
            <ul className="divide-y divide-border">
              {quotas.map((quota) => (
                <QuotaRow key={quota.connection_id} quota={quota} />
              ))}
            </ul>
          )}
        </QueryContent>
      </CardContent>
    </Card>
  );
}
