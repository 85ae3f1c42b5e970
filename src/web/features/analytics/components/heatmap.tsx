import type { HeatCell } from '#shared/contracts/analytics.contract.ts';
import { cn } from '../../../lib/cn.ts';

// A week of hours as a 7 × 24 grid of cells (CSS grid, no chart code), darker for more. Monday
// first; the days are the contract's 0 = Sunday … 6 = Saturday in the business's time zone.

export const DAY_ORDER = [1, 2, 3, 4, 5, 6, 0];
export const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
const HOURS = Array.from({ length: 24 }, (_, h) => h);
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export interface HeatCellView {
  /** The figure's text in the cell ("4.2%"); null: nothing to show. */
  text: string | null;
  /** A second line under it ("3" posts). */
  sub?: string;
  /** 0…1: how dark; null: not enough data (hatched). */
  level: number | null;
  /** The cell's full description, for the pointer and screen readers. */
  title: string;
}

export function cellLookup(
  cells: readonly HeatCell[],
): (day: number, hour: number) => HeatCell | undefined {
  const map = new Map(cells.map((c) => [`${c.day}:${c.hour}`, c]));
  return (day, hour) => map.get(`${day}:${hour}`);
}

export function Heatmap({
  label,
  view,
}: {
  label: string;
  view: (day: number, hour: number) => HeatCellView;
}) {
  return (
    <div className="grid gap-1">
      <p className="text-xs text-muted-foreground lg:hidden">Scroll sideways for every hour.</p>
      {/* Focusable, so the keyboard can scroll it sideways on a phone. */}
      <div
        tabIndex={0}
        className="overflow-x-auto rounded-sm pb-1 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <div
          role="img"
          aria-label={label}
          className="grid min-w-[880px] grid-cols-[2.75rem_repeat(24,minmax(0,1fr))] gap-0.5 text-[10px]"
        >
          <span className="sticky left-0 bg-card" />
          {HOURS.map((h) => (
            <span key={h} className="text-center text-muted-foreground tabular-nums">
              {h % 3 === 0 ? String(h).padStart(2, '0') : ''}
            </span>
          ))}
          {DAY_ORDER.map((day) => (
            <Row key={day} day={day} view={view} />
          ))}
        </div>
      </div>
    </div>
  );
}

function Row({ day, view }: { day: number; view: (day: number, hour: number) => HeatCellView }) {
  return (
    <>
      <span className="sticky left-0 z-10 flex items-center bg-card text-xs text-muted-foreground">
        {DAY_NAMES[day]!.slice(0, 3)}
      </span>
      {HOURS.map((hour) => {
        const cell = view(day, hour);
        return (
          <span
            key={hour}
            title={cell.title}
            className={cn(
              'flex h-9 flex-col items-center justify-center rounded-sm leading-tight tabular-nums',
              cell.level === null
                ? 'bg-[repeating-linear-gradient(135deg,var(--color-muted)_0_3px,transparent_3px_6px)] text-muted-foreground'
                : 'text-foreground',
            )}
            style={
              cell.level === null
                ? undefined
                : {
                    // At most 70 % of the primary colour: the cell's text keeps 5:1 on it in
                    // either theme (docs/decisions/090).
                    backgroundColor: `color-mix(in srgb, var(--color-primary) ${Math.round(6 + cell.level * 64)}%, var(--color-muted))`,
                  }
            }
          >
            {cell.text ? <span>{cell.text}</span> : null}
            {cell.sub ? <span>{cell.sub}</span> : null}
          </span>
        );
      })}
    </>
  );
}
