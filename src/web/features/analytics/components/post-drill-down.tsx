import { useState } from 'react';
import { CalendarDays, Download, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import type {
  AnalyticsAccount,
  PostDrillDown,
  PostSample,
} from '#shared/contracts/analytics.contract.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { LoadError, LoadingRows } from '../../../components/ui/query-status.tsx';
import { calendarLinkFor } from '../../posts/index.ts';
import { analyticsPaths } from '../api/paths.ts';
import { usePostDrillDown } from '../api/use-analytics-queries.ts';
import { accountName, formatAge, formatAt, formatValue, sourceLabel } from '../lib/format.ts';
import { excerpt, FIGURE_COLUMNS, productTypeLabel } from '../lib/post-columns.ts';
import { DataTable, TableToggle } from './chart-card.tsx';
import { SeriesChart } from './series-chart.tsx';
import { Thumbnail } from './top-posts-table.tsx';

// One post's figures since it went out: each sample the sync took, by the post's age.

type SampleKey = Exclude<keyof PostSample, 'sampledAt' | 'ageHours'>;
const SAMPLE_COLUMNS: { key: SampleKey; label: string }[] = [
  { key: 'reach', label: 'Reach' },
  { key: 'views', label: 'Views' },
  { key: 'interactions', label: 'Interactions' },
  { key: 'likes', label: 'Likes' },
  { key: 'comments', label: 'Comments' },
  { key: 'shares', label: 'Shares' },
  { key: 'saves', label: 'Saves' },
];

export function PostDrillDownDialog({
  postId,
  accounts,
  timeZone,
  onClose,
}: {
  postId: string | null;
  accounts: readonly AnalyticsAccount[];
  timeZone: string;
  onClose(): void;
}) {
  const query = usePostDrillDown(postId);
  return (
    <Dialog open={postId !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Post performance</DialogTitle>
          <DialogDescription>Its figures at each check since it was published.</DialogDescription>
        </DialogHeader>
        {query.isError ? (
          <LoadError
            title="This post's figures could not be loaded"
            error={query.error}
            retrying={query.isFetching}
            onRetry={query.refetch}
          />
        ) : !query.data ? (
          <LoadingRows label="Loading the post's figures" rows={3} rowClassName="h-16 w-full" />
        ) : (
          <DrillDownBody data={query.data} accounts={accounts} timeZone={timeZone} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function DrillDownBody({
  data,
  accounts,
  timeZone,
}: {
  data: PostDrillDown;
  accounts: readonly AnalyticsAccount[];
  timeZone: string;
}) {
  const { post, samples } = data;
  const [metric, setMetric] = useState<SampleKey>('interactions');
  const [asTable, setAsTable] = useState(false);
  const account = accounts.find((a) => a.id === post.accountId);
  const chosen = SAMPLE_COLUMNS.find((c) => c.key === metric)!;
  return (
    <div className="grid gap-4">
      <div className="flex gap-3">
        <Thumbnail url={post.thumbnailUrl} size="size-16" />
        <div className="grid min-w-0 content-start gap-1 text-sm">
          <p className="font-medium">{excerpt(post.caption, 160)}</p>
          <p className="text-xs text-muted-foreground">
            {[account ? accountName(account) : null, productTypeLabel(post.productType)]
              .filter(Boolean)
              .join(' · ')}{' '}
            · Published {formatAt(post.publishedAt, timeZone)}
          </p>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
            {post.permalink ? (
              <a
                href={post.permalink}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-link hover:underline"
              >
                View on {post.platform === 'instagram' ? 'Instagram' : 'Facebook'}
                <ExternalLink aria-hidden className="size-3" />
              </a>
            ) : null}
            {post.calendarPost ? (
              <Link
                to={calendarLinkFor(post.calendarPost.id)}
                className="inline-flex items-center gap-1 text-link hover:underline"
              >
                <CalendarDays aria-hidden className="size-3" />
                From your calendar: {post.calendarPost.title}
              </Link>
            ) : null}
          </div>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {FIGURE_COLUMNS.map((c) => (
          <div key={c.sort} className="rounded-md bg-muted/50 px-3 py-2">
            <dt className="text-xs text-muted-foreground">{c.label}</dt>
            <dd className="font-semibold tabular-nums">{formatValue(c.value(post), c.unit)}</dd>
          </div>
        ))}
      </dl>
      <section aria-label="Over time" className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label className="flex items-center gap-2 text-sm">
            <span className="font-medium">Over time</span>
            <select
              value={metric}
              onChange={(e) => setMetric(e.target.value as SampleKey)}
              className="h-8 rounded-md border border-input bg-background px-2 text-sm"
              aria-label="Figure to chart"
            >
              {SAMPLE_COLUMNS.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
          <div className="flex items-center gap-2">
            <a
              href={analyticsPaths.postExport(post.id)}
              download
              className="inline-flex h-7 items-center gap-1.5 rounded-md border border-border px-2 text-xs font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              <Download aria-hidden className="size-3.5" /> CSV
            </a>
            <TableToggle asTable={asTable} onToggle={() => setAsTable((v) => !v)} />
          </div>
        </div>
        {samples.length === 0 ? (
          <p className="rounded-md bg-muted/50 p-4 text-sm text-muted-foreground">
            No checks of this post stored yet.
          </p>
        ) : samples.length === 1 && !asTable ? (
          <p className="rounded-md bg-muted/50 p-4 text-sm text-muted-foreground">
            One check so far, {formatAge(samples[0]!.ageHours)} after publishing:{' '}
            {formatValue(samples[0]![metric], 'count')} {chosen.label.toLowerCase()}. The chart
            fills in as the post is checked again.
          </p>
        ) : asTable ? (
          <DataTable
            caption="The post's figures at each check"
            head={['Age', 'Checked', ...SAMPLE_COLUMNS.map((c) => c.label)]}
            rows={samples.map((s) => [
              formatAge(s.ageHours),
              formatAt(s.sampledAt, timeZone),
              ...SAMPLE_COLUMNS.map((c) => formatValue(s[c.key], 'count')),
            ])}
          />
        ) : (
          <SeriesChart
            lines={[
              {
                key: metric,
                label: chosen.label,
                values: samples.map((s) => s[metric]),
                tone: 'primary',
              },
            ]}
            x={{
              positions: samples.map((s) => s.ageHours),
              tick: (hours) => formatAge(hours),
              heading: (i) => `${formatAge(samples[i]!.ageHours)} after publishing`,
            }}
            unit="count"
            label={`${chosen.label} by hours since publishing. Show as table for the numbers.`}
          />
        )}
        {data.sources.length > 0 ? (
          <p className="text-xs text-muted-foreground">
            From {data.sources.map(sourceLabel).join(', ')}.
            {post.fetchedAt ? ` Last fetched ${formatAt(post.fetchedAt, timeZone)}.` : ''}
          </p>
        ) : null}
      </section>
    </div>
  );
}
