import { useState, type ReactNode } from 'react';
import { ChartColumn, Plug } from 'lucide-react';
import { Link } from 'react-router';
import type { AnalyticsAccount, AnalyticsOverview } from '#shared/contracts/analytics.contract.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { LoadError, LoadingRows } from '../../../components/ui/query-status.tsx';
import { httpStatusOf } from '../../../lib/api-client.ts';
import { useOverview } from '../api/use-analytics-queries.ts';
import { AccountPicker } from '../components/account-picker.tsx';
import { BestTimesSection } from '../components/best-times-section.tsx';
import { DemographicsSection } from '../components/demographics-section.tsx';
import { ExportMenu } from '../components/export-menu.tsx';
import { MetricCards } from '../components/metric-cards.tsx';
import { RangePicker } from '../components/range-picker.tsx';
import { ReportsSection } from '../components/reports-section.tsx';
import { SeriesSection } from '../components/series-section.tsx';
import { SyncNowButton, SyncStatus } from '../components/sync-status.tsx';
import { TopPostsSection } from '../components/top-posts-section.tsx';
import { formatRange, refusalText, useBusinessTimeZone } from '../lib/format.ts';
import { rangeParams, useAnalyticsState } from '../lib/query-state.ts';

// Analytics (docs/product/screens.md, docs/decisions/092): per account and date range, the
// figures the insights sync stored, each with where it came from; top posts, audience, best
// times, CSV exports and scheduled reports. Account and range live in the address.

export default function AnalyticsPage() {
  const state = useAnalyticsState();
  const timeZone = useBusinessTimeZone();
  const { params } = state;
  const query = useOverview(rangeParams(params));
  const overview = query.data;
  // The controls stay usable while a refused range is on screen: the last accounts known.
  const [accounts, setAccounts] = useState<readonly AnalyticsAccount[]>([]);
  if (overview && overview.accounts !== accounts) setAccounts(overview.accounts);
  const refused = query.isError && (httpStatusOf(query.error) ?? 500) < 500;

  if (overview && overview.accounts.length === 0) return <NoAccounts />;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Analytics"
        description="Followers, reach and engagement of your connected accounts, as the platforms report them."
        actions={
          <>
            <ExportMenu params={params} />
            <SyncNowButton account={params.account} />
          </>
        }
      />
      <div className="grid gap-3">
        <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
          <AccountPicker accounts={accounts} value={params.account} onChange={state.setAccount} />
          <RangePicker
            key={params.range ?? 'custom'}
            params={params}
            timeZone={timeZone}
            serverError={refused ? refusalText(query.error) : null}
            onPreset={state.setPreset}
            onCustom={state.setCustom}
          />
        </div>
        {overview ? (
          <p className="text-sm text-muted-foreground">
            {formatRange(overview.range.from, overview.range.to)} ({overview.range.days} days),
            compared with {formatRange(overview.range.previousFrom, overview.range.previousTo)}.
            Dates in {overview.range.timeZone}.
          </p>
        ) : null}
      </div>
      {query.isError && !refused ? (
        <LoadError
          title="The figures could not be loaded"
          error={query.error}
          retrying={query.isFetching}
          onRetry={query.refetch}
        />
      ) : !overview ? (
        refused ? null : (
          <LoadingRows label="Loading the figures" rows={3} rowClassName="h-28 w-full" />
        )
      ) : (
        <Figures
          overview={overview}
          state={state}
          timeZone={timeZone}
          fetching={query.isPlaceholderData}
        />
      )}
    </div>
  );
}

function Figures({
  overview,
  state,
  timeZone,
  fetching,
}: {
  overview: AnalyticsOverview;
  state: ReturnType<typeof useAnalyticsState>;
  timeZone: string;
  fetching: boolean;
}) {
  const inView =
    overview.account === 'all'
      ? overview.accounts
      : overview.accounts.filter((a) => a.id === overview.account);
  return (
    <div className="grid grid-cols-1 gap-8" aria-busy={fetching}>
      <SyncStatus accounts={inView} states={overview.sync} timeZone={timeZone} />
      <Section title="Overview">
        <MetricCards overview={overview} timeZone={timeZone} />
      </Section>
      <Section title="Over time">
        <SeriesSection overview={overview} timeZone={timeZone} />
      </Section>
      <TopPostsSection state={state} accounts={overview.accounts} timeZone={timeZone} />
      <Section title="Audience">
        <DemographicsSection account={overview.account} accounts={inView} timeZone={timeZone} />
      </Section>
      <Section title="Best time to post">
        <BestTimesSection account={overview.account} timeZone={timeZone} />
      </Section>
      <ReportsSection accounts={overview.accounts} timeZone={timeZone} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function NoAccounts() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Analytics" />
      <EmptyState
        icon={ChartColumn}
        title="Connect an account to see its analytics"
        description="Once a Facebook Page or an Instagram business account is connected, its followers, reach, engagement and top posts show here."
        action={
          <Link to="/dashboard/platforms" className={buttonClasses()}>
            <Plug aria-hidden className="size-4" /> Connect a platform
          </Link>
        }
      />
    </div>
  );
}
