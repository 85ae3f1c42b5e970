import { cn } from '../../../lib/cn.ts';
import { CALENDAR_VIEWS } from '../lib/calendar-model.ts';
import type { PageView } from '../lib/queue-model.ts';

const VIEW_LABELS: Record<PageView, string> = {
  month: 'Month',
  week: 'Week',
  day: 'Day',
  list: 'List',
  queue: 'Queue',
  grid: 'Grid',
};

/**
 * The views of the page: the posting queue (docs/decisions/077) and the Instagram grid (078) after
 * the calendar's own.
 */
const PAGE_VIEWS: readonly PageView[] = [...CALENDAR_VIEWS, 'queue', 'grid'];

/** Month, week, day, list, queue or grid: a group of toggle buttons, the current one pressed. */
export function ViewSwitcher({
  view,
  onChange,
}: {
  view: PageView;
  onChange(view: PageView): void;
}) {
  return (
    <div
      role="group"
      aria-label="View"
      className="inline-flex rounded-lg border border-border p-0.5"
    >
      {PAGE_VIEWS.map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          onClick={() => onChange(v)}
          className={cn(
            // Smaller on a phone: six views side by side fit 360 px (docs/decisions/090).
            'rounded-md px-2.5 py-1.5 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring sm:px-3 sm:text-sm',
            view === v
              ? 'bg-primary text-primary-foreground'
              : 'text-muted-foreground hover:bg-muted',
          )}
        >
          {VIEW_LABELS[v]}
        </button>
      ))}
    </div>
  );
}
