import type { AnalyticsOverview, MetricSeries } from '#shared/contracts/analytics.contract.ts';
import { formatDay, formatRange, formatValue } from '../lib/format.ts';
import { ChartCard, DataTable } from './chart-card.tsx';
import { InfoPopover } from './info-popover.tsx';
import { ProvenanceDetails } from './provenance.tsx';
import { SeriesChart, type ChartLine, type ChartX } from './series-chart.tsx';

// The period's series, one chart each; follows and unfollows share one, as gains and losses.

interface Panel {
  key: string;
  title: string;
  series: MetricSeries[];
}

function panelsOf(series: MetricSeries[]): Panel[] {
  const follows = series.find((s) => s.key === 'follows');
  const unfollows = series.find((s) => s.key === 'unfollows');
  const panels: Panel[] = [];
  for (const s of series) {
    if (s.key === 'unfollows' && follows) continue;
    if (s.key === 'follows' && unfollows) {
      panels.push({ key: 'follows', title: 'Follows and unfollows', series: [s, unfollows] });
    } else {
      panels.push({ key: s.key, title: s.label, series: [s] });
    }
  }
  return panels;
}

export function SeriesSection({
  overview,
  timeZone,
}: {
  overview: AnalyticsOverview;
  timeZone: string;
}) {
  const period = `${formatRange(overview.range.from, overview.range.to)} (${overview.range.days} days)`;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {panelsOf(overview.series).map((panel) => {
        const unit = panel.series[0]!.unit;
        const lines: ChartLine[] = panel.series.map((s) => ({
          key: s.key,
          label: s.label,
          values: s.points.map((p) => p.value),
          tone: s.key === 'unfollows' ? 'destructive' : s.key === 'follows' ? 'success' : 'primary',
        }));
        const empty = panel.series.every((s) => s.points.every((p) => p.value === null));
        return (
          <ChartCard
            key={panel.key}
            title={panel.title}
            subtitle={
              lines.length > 1 ? (
                <Legend lines={lines} />
              ) : (
                `Daily, ${formatRange(overview.range.from, overview.range.to)}`
              )
            }
            info={
              <InfoPopover label={`About the ${panel.title} chart`}>
                {panel.series.map((s) => (
                  <div key={s.key} className="grid gap-1">
                    {panel.series.length > 1 ? <p className="font-semibold">{s.label}</p> : null}
                    <ProvenanceDetails
                      provenance={s.provenance}
                      period={period}
                      timeZone={timeZone}
                    />
                  </div>
                ))}
                <p className="text-muted-foreground">{overview.revisionNote}</p>
              </InfoPopover>
            }
            chart={
              empty ? (
                <p className="flex h-[200px] items-center justify-center rounded-md bg-muted/50 text-sm text-muted-foreground">
                  No data stored for this period yet.
                </p>
              ) : (
                <SeriesChart
                  lines={lines}
                  x={dayAxis(panel.series[0]!.points.map((p) => p.date))}
                  unit={unit}
                  label={`${panel.title}, daily, ${period}. Show as table for the numbers.`}
                />
              )
            }
            table={
              <DataTable
                caption={`${panel.title}, daily`}
                head={['Date', ...panel.series.map((s) => s.label)]}
                rows={(panel.series[0]?.points ?? []).map((p, i) => [
                  formatDay(p.date),
                  ...panel.series.map((s) => formatValue(s.points[i]?.value ?? null, s.unit)),
                ])}
              />
            }
          />
        );
      })}
    </div>
  );
}

/** Days along x, evenly spaced: "1 Mar" ticks, "1 Mar 2026" on hover. */
export function dayAxis(dates: string[]): ChartX {
  return {
    tick: (i) => (dates[i] ? formatDay(dates[i], { year: undefined }) : ''),
    heading: (i) => (dates[i] ? formatDay(dates[i]) : ''),
  };
}

function Legend({ lines }: { lines: ChartLine[] }) {
  const dot = { primary: 'bg-primary', destructive: 'bg-destructive', success: 'bg-success' };
  return (
    <span className="flex flex-wrap gap-3">
      {lines.map((line) => (
        <span key={line.key} className="inline-flex items-center gap-1.5">
          <span aria-hidden className={`size-2 rounded-full ${dot[line.tone]}`} />
          {line.label}
        </span>
      ))}
    </span>
  );
}
