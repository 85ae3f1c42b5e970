import type { AnalyticsOverview } from '#shared/contracts/analytics.contract.ts';
import { formatRange } from '../lib/format.ts';
import { MetricCardView } from './metric-card.tsx';

/** The period's cards, each with its provenance; engagement rate's names its definition. */
export function MetricCards({
  overview,
  timeZone,
}: {
  overview: AnalyticsOverview;
  timeZone: string;
}) {
  const period = `${formatRange(overview.range.from, overview.range.to)} (${overview.range.days} days)`;
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
      {overview.cards.map((card) => (
        <MetricCardView
          key={card.key}
          card={card}
          period={period}
          timeZone={timeZone}
          extra={[
            card.key === 'engagement_rate' ? overview.engagementRateDefinition : null,
            overview.revisionNote,
          ]}
        />
      ))}
    </div>
  );
}
