import { cn } from '../../../lib/cn.ts';
import { CALENDAR_VIEWS, type CalendarView } from '../lib/calendar-model.ts';

const VIEW_LABELS: Record<CalendarView, string> = {
  month: 'Month',
  week: 'Week',
  day: 'Day',
  list: 'List',
};

/** Month, week, day or list: a group of toggle buttons, the current one pressed. */
export function ViewSwitcher({
  view,
  onChange,
}: {
  view: CalendarView;
  onChange(view: CalendarView): void;
}) {
  return (
    <div
      role="group"
      aria-label="View"
      className="inline-flex rounded-lg border border-border p-0.5"
    >
      {CALENDAR_VIEWS.map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          onClick={() => onChange(v)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
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
