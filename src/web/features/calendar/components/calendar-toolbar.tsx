import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { PlainDate } from '../../../lib/zoned-time.ts';
import { stepAnchor, type CalendarView } from '../lib/calendar-model.ts';
import type { PageView } from '../lib/queue-model.ts';
import { ViewSwitcher } from './view-switcher.tsx';

/**
 * Today, previous and next, the title of what is shown, and the view buttons; the queue and the
 * grid, which have no dates, show their title and the view buttons only.
 */
export function CalendarToolbar({
  view,
  anchor,
  today,
  label,
  loading,
  go,
  queue = false,
  grid = false,
}: {
  view: CalendarView;
  /** The posting queue is shown instead of the calendar (docs/decisions/077). */
  queue?: boolean;
  /** The Instagram grid is shown instead of the calendar (docs/decisions/078). */
  grid?: boolean;
  anchor: PlainDate;
  today: PlainDate;
  label: string;
  /** A range is being read: a small spinner beside the title. */
  loading: boolean;
  go(next: { view?: PageView; date?: PlainDate }): void;
}) {
  const unit = view === 'list' ? 'month' : view;
  if (queue || grid) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-foreground">
          {queue ? 'Posting queue' : 'Instagram grid'}
        </h2>
        <ViewSwitcher view={queue ? 'queue' : 'grid'} onChange={(v) => go({ view: v })} />
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => go({ date: today })}>
          Today
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Previous ${unit}`}
          onClick={() => go({ date: stepAnchor(view, anchor, -1) })}
        >
          <ChevronLeft aria-hidden className="size-5" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Next ${unit}`}
          onClick={() => go({ date: stepAnchor(view, anchor, 1) })}
        >
          <ChevronRight aria-hidden className="size-5" />
        </Button>
        <h2 className="text-lg font-semibold text-foreground" aria-live="polite">
          {label}
        </h2>
        {loading ? <Spinner size="sm" label="Loading the calendar" /> : null}
      </div>
      <ViewSwitcher view={view} onChange={(v) => go({ view: v })} />
    </div>
  );
}
