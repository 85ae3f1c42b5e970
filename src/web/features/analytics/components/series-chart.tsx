import { useState } from 'react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { AreaClosed, LinePath } from '@visx/shape';
import { cn } from '../../../lib/cn.ts';
import { formatCompact, formatValue } from '../lib/format.ts';
import { useWidth } from '../lib/use-width.ts';

// A line chart of one or more daily series (docs/decisions/093: drawn with visx as SVG, so the
// colours are the theme's tokens and follow dark mode). A gap where a day has no value: nothing
// is drawn for a day the platform gave nothing.

export interface ChartLine {
  key: string;
  label: string;
  /** One value per x, null where nothing is stored. */
  values: (number | null)[];
  tone: 'primary' | 'destructive' | 'success';
}

/** Where each value sits along x and how x reads: days by index, or a post's age in hours. */
export interface ChartX {
  /** Positions of the values; absent: evenly spaced (one a day). */
  positions?: number[];
  /** A tick's text, from a position. */
  tick(position: number): string;
  /** The hovered value's heading, from its index. */
  heading(index: number): string;
}

interface Point {
  at: number;
  value: number | null;
}

const TONES = {
  primary: {
    stroke: 'stroke-primary',
    fill: 'fill-primary/10',
    point: 'fill-primary',
    dot: 'bg-primary',
  },
  destructive: {
    stroke: 'stroke-destructive',
    fill: 'fill-none',
    point: 'fill-destructive',
    dot: 'bg-destructive',
  },
  success: {
    stroke: 'stroke-success',
    fill: 'fill-none',
    point: 'fill-success',
    dot: 'bg-success',
  },
} as const;
/** Up to this many values, each is marked with a dot (a post's few checks, a week's days). */
const DOTS_UP_TO = 31;

const MARGIN = { top: 10, right: 12, bottom: 26, left: 44 };
const HEIGHT = 200;
const tickLabel = { fill: 'currentColor', fontSize: 11, fontFamily: 'inherit' } as const;

export function SeriesChart({
  lines,
  x: axis,
  unit,
  label,
}: {
  lines: ChartLine[];
  x: ChartX;
  unit: 'count' | 'percent';
  /** What the chart shows, for screen readers (the table view has the numbers). */
  label: string;
}) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const count = lines[0]?.values.length ?? 0;
  const positions = axis.positions ?? Array.from({ length: count }, (_, i) => i);
  const values = lines.flatMap((l) => l.values).filter((v) => v !== null);
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleLinear({
    domain: [positions[0] ?? 0, Math.max((positions[0] ?? 0) + 1, positions.at(-1) ?? 1)],
    range: [0, innerWidth],
  });
  const max = values.length ? Math.max(...values) : 1;
  const min = values.length ? Math.min(0, ...values) : 0;
  const y = scaleLinear({ domain: [min, max === min ? min + 1 : max], range: [innerHeight, 0] });
  y.nice(4);
  const tickCount = Math.max(2, Math.min(count, Math.floor(innerWidth / 80)));
  const tickValues = axis.positions ? x.ticks(tickCount) : ticks(count, tickCount);
  const nearest = (at: number) => {
    let best = 0;
    positions.forEach((p, i) => {
      if (Math.abs(p - at) < Math.abs(positions[best]! - at)) best = i;
    });
    return best;
  };

  return (
    <div ref={ref} className="relative h-[200px] w-full text-muted-foreground">
      {width > 0 ? (
        <svg width={width} height={HEIGHT} role="img" aria-label={label}>
          <Group left={MARGIN.left} top={MARGIN.top}>
            <GridRows
              scale={y}
              width={innerWidth}
              numTicks={4}
              stroke="var(--color-border)"
              strokeDasharray="2 3"
            />
            {lines.map((line) => {
              const tone = TONES[line.tone];
              const shared = {
                data: line.values.map((value, i): Point => ({ at: positions[i] ?? i, value })),
                x: (p: Point) => x(p.at),
                y: (p: Point) => y(p.value ?? 0),
                defined: (p: Point) => p.value !== null,
              };
              return (
                <g key={line.key}>
                  {lines.length === 1 ? (
                    <AreaClosed {...shared} yScale={y} className={cn(tone.fill)} stroke="none" />
                  ) : null}
                  <LinePath {...shared} className={tone.stroke} strokeWidth={2} fill="none" />
                  {count <= DOTS_UP_TO
                    ? shared.data.map((p) =>
                        p.value === null ? null : (
                          <circle
                            key={p.at}
                            cx={x(p.at)}
                            cy={y(p.value)}
                            r={2.5}
                            className={tone.point}
                          />
                        ),
                      )
                    : null}
                </g>
              );
            })}
            {hover !== null ? (
              <line
                x1={x(positions[hover]!)}
                x2={x(positions[hover]!)}
                y1={0}
                y2={innerHeight}
                stroke="currentColor"
                strokeOpacity={0.4}
              />
            ) : null}
            <AxisLeft
              scale={y}
              numTicks={4}
              hideAxisLine
              hideTicks
              tickFormat={(v) => formatCompact(Number(v), unit)}
              tickLabelProps={() => ({ ...tickLabel, textAnchor: 'end', dx: -4, dy: '0.33em' })}
            />
            <AxisBottom
              scale={x}
              top={innerHeight}
              tickValues={tickValues}
              stroke="var(--color-border)"
              tickStroke="var(--color-border)"
              tickFormat={(v) => axis.tick(Number(v))}
              tickLabelProps={(_, i, all) => ({
                ...tickLabel,
                // The first and last labels stay inside the chart.
                textAnchor: i === 0 ? 'start' : i === all.length - 1 ? 'end' : 'middle',
              })}
            />
            <rect
              width={innerWidth}
              height={innerHeight}
              fill="transparent"
              onPointerMove={(e) => {
                const box = e.currentTarget.getBoundingClientRect();
                setHover(nearest(x.invert(e.clientX - box.left)));
              }}
              onPointerLeave={() => setHover(null)}
            />
          </Group>
        </svg>
      ) : null}
      {hover !== null && hover < count ? (
        <div
          aria-hidden
          className="pointer-events-none absolute top-1 z-10 rounded-md border border-border bg-card px-2 py-1 text-xs text-card-foreground shadow-sm"
          style={hoverPosition(MARGIN.left + x(positions[hover]!), width)}
        >
          <p className="font-medium">{axis.heading(hover)}</p>
          {lines.map((line) => (
            <p key={line.key} className="flex items-center gap-1.5 tabular-nums">
              <span className={cn('size-2 rounded-full', TONES[line.tone].dot)} />
              {line.label}: {formatValue(line.values[hover] ?? null, unit)}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** Evenly spread indexes, the first and last included. */
function ticks(length: number, count: number): number[] {
  if (length <= 1) return length ? [0] : [];
  const step = (length - 1) / (count - 1);
  return [...new Set(Array.from({ length: count }, (_, i) => Math.round(i * step)))];
}

function hoverPosition(left: number, width: number) {
  return left > width / 2 ? { right: width - left + 8 } : { left: left + 8 };
}
