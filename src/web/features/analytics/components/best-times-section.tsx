import { Clock } from 'lucide-react';
import type { BestTimeHeatmap } from '#shared/contracts/analytics.contract.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError, LoadingRows } from '../../../components/ui/query-status.tsx';
import { useBestTimes } from '../api/use-analytics-queries.ts';
import { formatCompact, formatValue } from '../lib/format.ts';
import { ChartCard, DataTable } from './chart-card.tsx';
import {
  cellLookup,
  DAY_NAMES,
  DAY_ORDER,
  Heatmap,
  hourLabel,
  type HeatCellView,
} from './heatmap.tsx';
import { InfoPopover } from './info-popover.tsx';
import { ProvenanceDetails } from './provenance.tsx';

// Best time to post, two ways: when the followers are online (the platform's own count), and how
// the business's own posts did by the hour they went out. A slot with fewer posts than the
// contract's minimum says "not enough data" instead of a rate from one lucky post.

export function BestTimesSection({ account, timeZone }: { account: string; timeZone: string }) {
  const query = useBestTimes(account);
  if (query.isError) {
    return (
      <LoadError
        title="Best times could not be loaded"
        error={query.error}
        retrying={query.isFetching}
        onRetry={query.refetch}
      />
    );
  }
  if (!query.data)
    return <LoadingRows label="Loading best times" rows={2} rowClassName="h-56 w-full" />;
  const data = query.data;
  return (
    <div className="grid gap-4">
      <p className="text-xs text-muted-foreground">Times in {data.timeZone}.</p>
      <OnlineMap data={data} timeZone={timeZone} />
      <PostsMap data={data} timeZone={timeZone} />
    </div>
  );
}

function OnlineMap({ data, timeZone }: { data: BestTimeHeatmap; timeZone: string }) {
  const { online } = data;
  const at = cellLookup(online.cells);
  const max = Math.max(0, ...online.cells.map((c) => c.value ?? 0));
  const view = (day: number, hour: number): HeatCellView => {
    const cell = at(day, hour);
    const value = cell?.value ?? null;
    const when = `${DAY_NAMES[day]} ${hourLabel(hour)}`;
    if (value === null) return { text: null, level: 0, title: `${when}: no data` };
    return {
      text: formatCompact(value, 'count'),
      level: max > 0 ? value / max : 0,
      title: `${when}: ${formatValue(value, 'count')} followers online on average`,
    };
  };
  const title = 'When your followers are online';
  return (
    <ChartCard
      title={title}
      subtitle={online.days > 0 ? `Average followers online, over ${online.days} days` : undefined}
      info={
        <InfoPopover label={`About ${title}`}>
          <ProvenanceDetails provenance={online.provenance} timeZone={timeZone} />
        </InfoPopover>
      }
      chart={
        online.unavailableReason ? (
          <Unavailable text={online.unavailableReason} />
        ) : (
          <Heatmap label={`${title}. Show as table for the numbers.`} view={view} />
        )
      }
      table={
        <DataTable
          caption={title}
          head={['Day and hour', 'Followers online (average)', 'Days']}
          rows={rows(online.cells).map((c) => [
            `${DAY_NAMES[c.day]} ${hourLabel(c.hour)}`,
            formatValue(c.value, 'count'),
            String(c.count),
          ])}
        />
      }
    />
  );
}

function PostsMap({ data, timeZone }: { data: BestTimeHeatmap; timeZone: string }) {
  const { posts } = data;
  const at = cellLookup(posts.cells);
  const enough = (count: number) => count >= posts.minPostsPerSlot;
  const max = Math.max(0, ...posts.cells.filter((c) => enough(c.count)).map((c) => c.value ?? 0));
  const view = (day: number, hour: number): HeatCellView => {
    const cell = at(day, hour);
    const when = `${DAY_NAMES[day]} ${hourLabel(hour)}`;
    if (!cell || cell.count === 0) return { text: null, level: 0, title: `${when}: no posts` };
    if (!enough(cell.count) || cell.value === null) {
      return {
        text: null,
        sub: String(cell.count),
        level: null,
        title: `${when}: not enough data (${cell.count} of ${posts.minPostsPerSlot} posts needed)`,
      };
    }
    return {
      text: formatValue(cell.value, 'percent'),
      sub: String(cell.count),
      level: max > 0 ? cell.value / max : 0,
      title: `${when}: ${formatValue(cell.value, 'percent')} engagement rate from ${cell.count} posts`,
    };
  };
  const title = 'How your posts did by the hour they went out';
  return (
    <ChartCard
      title={title}
      subtitle={`Engagement rate (top) and number of posts (below) for ${posts.totalPosts} posts; hatched: fewer than ${posts.minPostsPerSlot} posts, not enough data`}
      info={
        <InfoPopover label={`About ${title}`}>
          <ProvenanceDetails provenance={posts.provenance} timeZone={timeZone} />
        </InfoPopover>
      }
      chart={
        <div className="grid gap-2">
          {posts.note ? <p className="rounded-md bg-muted/60 p-3 text-sm">{posts.note}</p> : null}
          <Heatmap label={`${title}. Show as table for the numbers.`} view={view} />
        </div>
      }
      table={
        <DataTable
          caption={title}
          head={['Day and hour', 'Engagement rate', 'Posts']}
          rows={rows(posts.cells)
            .filter((c) => c.count > 0)
            .map((c) => [
              `${DAY_NAMES[c.day]} ${hourLabel(c.hour)}`,
              enough(c.count) ? formatValue(c.value, 'percent') : 'Not enough data',
              String(c.count),
            ])}
        />
      }
    />
  );
}

/** Monday first, then by hour. */
function rows<T extends { day: number; hour: number }>(cells: readonly T[]): T[] {
  return [...cells].sort(
    (a, b) => DAY_ORDER.indexOf(a.day) - DAY_ORDER.indexOf(b.day) || a.hour - b.hour,
  );
}

function Unavailable({ text }: { text: string }) {
  return (
    <EmptyState
      icon={Clock}
      title="Not available for this account"
      description={text}
      className="py-8"
    />
  );
}
