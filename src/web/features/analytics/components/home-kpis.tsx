import { CalendarClock, ChartColumn } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { LoadingRows } from '../../../components/ui/query-status.tsx';
import { useHomeKpis } from '../api/use-analytics-queries.ts';
import { useBusinessTimeZone } from '../lib/format.ts';
import { MetricCardView } from './metric-card.tsx';

// The home page's four figures (docs/product/screens.md#dashboard): followers, reach of the last
// 7 days, engagement rate and the posts scheduled, each opening analytics. No chart code here:
// the home page stays small (docs/decisions/093).

export function HomeKpiCards() {
  const query = useHomeKpis();
  const timeZone = useBusinessTimeZone();
  if (query.isError) return null;
  if (!query.data) {
    return <LoadingRows label="Loading your figures" rows={1} rowClassName="h-28 w-full" />;
  }
  const kpis = query.data;
  if (!kpis.hasAccounts) {
    return (
      <Card className="flex flex-wrap items-center gap-3 p-4 text-sm">
        <ChartColumn aria-hidden className="size-5 text-muted-foreground" />
        {/* The onboarding checklist above has the link to connect one. */}
        <p className="min-w-0 flex-1 text-muted-foreground">
          Your followers, reach and engagement rate appear here once a Facebook Page or an Instagram
          account is connected.
        </p>
      </Card>
    );
  }
  const more = (
    <Link to="/dashboard/analytics" className="text-xs font-medium text-link hover:underline">
      Open analytics
    </Link>
  );
  return (
    <section aria-label="Key figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <MetricCardView card={kpis.followers} timeZone={timeZone} footer={more} />
      <MetricCardView
        card={kpis.reach7d}
        period="The last 7 days"
        timeZone={timeZone}
        footer={more}
      />
      <MetricCardView card={kpis.engagementRate} timeZone={timeZone} footer={more} />
      <Card className="grid content-start gap-2 p-4">
        <h3 className="text-sm font-medium text-muted-foreground">Posts scheduled</h3>
        <p
          className="text-2xl font-semibold tracking-tight tabular-nums"
          data-testid="metric-posts-scheduled"
        >
          {kpis.postsScheduled.toLocaleString('en')}
        </p>
        <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <CalendarClock aria-hidden className="size-3.5" /> Waiting to go out
        </span>
        <Link to="/dashboard/calendar" className="text-xs font-medium text-link hover:underline">
          View the calendar
        </Link>
      </Card>
    </section>
  );
}
