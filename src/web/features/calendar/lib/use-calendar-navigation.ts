import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateKey, parseDateKey, zonedDate, type PlainDate } from '../../../lib/zoned-time.ts';
import { CALENDAR_VIEWS, visibleRange, type CalendarView } from './calendar-model.ts';
import type { PageView } from './queue-model.ts';

// What the calendar shows, from its address: ?view=month|week|day|list and ?date=YYYY-MM-DD
// (docs/decisions/071, 072), or the posting queue, ?view=queue (docs/decisions/077), or the
// Instagram grid, ?view=grid (docs/decisions/078). Moving through dates adds to the browser's
// history.

/** A phone shows the list: seven columns of a month are too narrow to read there. */
function defaultView(): CalendarView {
  return typeof window !== 'undefined' && window.matchMedia?.('(max-width: 639px)').matches
    ? 'list'
    : 'month';
}

export function useCalendarNavigation(timeZone: string) {
  const [params, setParams] = useSearchParams();
  const today = zonedDate(new Date(), timeZone);
  const view: CalendarView = (CALENDAR_VIEWS as readonly string[]).includes(
    params.get('view') ?? '',
  )
    ? (params.get('view') as CalendarView)
    : defaultView();
  // The queue and the grid (docs/decisions/078) have no dates; the calendar view behind them is
  // the default one.
  const queue = params.get('view') === 'queue';
  const grid = params.get('view') === 'grid';
  const dateParam = params.get('date') ?? '';
  const anchorKey: string = parseDateKey(dateParam) ? dateParam : formatDateKey(today);
  const anchor = parseDateKey(anchorKey)!;
  // The range drawn, kept as one object while view, date and zone stay, so cells keep their memo.
  const range = useMemo(
    () => visibleRange(view, parseDateKey(anchorKey)!, timeZone),
    [view, anchorKey, timeZone],
  );

  const go = useCallback(
    (next: { view?: PageView; date?: PlainDate }) => {
      setParams(
        (current) => {
          const p = new URLSearchParams(current);
          if (next.view) p.set('view', next.view);
          if (next.date) p.set('date', formatDateKey(next.date));
          return p;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  return { today, view, queue, grid, anchor, range, go };
}
