import { memo, useLayoutEffect, useRef, useState } from 'react';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { cn } from '../../../lib/cn.ts';
import { hourKey, openingHour } from '../lib/calendar-model.ts';
import { formatHour, formatLongDay, formatShortDay } from '../../../lib/date-format.ts';
import { formatDateKey, sameDate, zonedParts, type PlainDate } from '../../../lib/zoned-time.ts';
import { EventChip } from './event-chip.tsx';
import { dropHandlers, type SlotActions } from './month-view.tsx';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

// Rows are wall-clock hours of the business time zone. On the spring-forward day the skipped
// hour's row stays (creating there lands just after the gap); on the autumn day the repeated
// hour's row holds the events of both of its passes, in time order.

const HourSlot = memo(function HourSlot({
  day,
  hour,
  events,
  timeZone,
  actions,
}: {
  day: PlainDate;
  hour: number;
  events: CalendarEvent[] | undefined;
  timeZone: string;
  actions: SlotActions;
}) {
  const [over, setOver] = useState(false);
  const name = `${formatLongDay(day)} at ${formatHour(hour)}`;
  return (
    <div
      role="cell"
      aria-label={name}
      data-slot={`${formatDateKey(day)}T${String(hour).padStart(2, '0')}`}
      className={cn(
        'relative min-h-11 min-w-0 border-r border-b border-border p-0.5',
        over ? 'bg-secondary ring-2 ring-primary ring-inset' : '',
      )}
      {...(actions.canEdit
        ? dropHandlers(
            (id) => actions.onDrop(id, day, hour),
            setOver,
            actions.onDropIdea && ((key) => actions.onDropIdea!(key, day, hour)),
          )
        : {})}
    >
      {actions.canEdit ? (
        <button
          type="button"
          className="absolute inset-0 z-0 cursor-copy hover:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
          aria-label={`New post on ${name}`}
          onClick={() => actions.onCreate(day, hour)}
        />
      ) : null}
      {events && events.length > 0 ? (
        <div className="pointer-events-none relative z-10 grid gap-0.5 [&>*]:pointer-events-auto">
          {events.map((event) => (
            <EventChip
              key={event.id}
              event={event}
              timeZone={timeZone}
              verticalStep="hour"
              onOpen={actions.onOpen}
              onKeyboardMove={actions.onKeyboardMove}
              canEdit={actions.canEdit}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
});

export function TimeGridView({
  days,
  today,
  byHour,
  timeZone,
  label,
  actions,
}: {
  days: PlainDate[];
  today: PlainDate;
  byHour: Map<string, CalendarEvent[]>;
  timeZone: string;
  label: string;
  actions: SlotActions;
}) {
  const columns = { gridTemplateColumns: `4rem repeat(${days.length}, minmax(0, 1fr))` };
  const scroller = useRef<HTMLDivElement>(null);
  const range = `${formatDateKey(days[0]!)}/${days.length}`;
  const opening = openingHour(days, byHour, {
    today,
    hour: zonedParts(new Date(), timeZone).hour,
  });
  /** Where this range was last put: a reader's own scrolling is never undone. */
  const placed = useRef<{ range: string; top: number; onPost: boolean } | null>(null);
  // Open where the posts are: the earliest post's hour, else now (today) or 07:00 (calendar
  // model's openingHour). Posts load after the days are drawn, so a range opened before they
  // arrived moves to them once, unless the reader has scrolled meanwhile; moving a post later
  // scrolls nothing.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const before = placed.current;
    if (
      before?.range === range &&
      (before.onPost || !opening.fromPost || box.scrollTop !== before.top)
    ) {
      return;
    }
    const row = box.querySelector<HTMLElement>(`[data-hour="${opening.hour}"]`);
    const header = box.querySelector<HTMLElement>('[data-grid-header]');
    if (row) box.scrollTop = row.offsetTop - (header?.offsetHeight ?? 0);
    placed.current = { range, top: box.scrollTop, onPost: opening.fromPost };
  }, [range, opening.hour, opening.fromPost]);
  return (
    <div
      ref={scroller}
      className="relative max-h-[70vh] overflow-auto rounded-xl border-t border-l border-border"
    >
      <div role="table" aria-label={label} className={days.length > 1 ? 'min-w-[720px]' : ''}>
        <div
          role="row"
          data-grid-header
          className="sticky top-0 z-20 grid bg-muted/90 backdrop-blur"
          style={columns}
        >
          <div role="columnheader" className="border-r border-b border-border" aria-label="Time" />
          {days.map((day) => (
            <div
              role="columnheader"
              key={formatDateKey(day)}
              className={cn(
                'border-r border-b border-border px-2 py-1.5 text-xs font-medium',
                sameDate(day, today) ? 'text-primary' : 'text-muted-foreground',
              )}
            >
              <span aria-hidden>{days.length > 1 ? formatShortDay(day) : formatLongDay(day)}</span>
              <span className="sr-only">{formatLongDay(day)}</span>
            </div>
          ))}
        </div>
        {HOURS.map((hour) => (
          <div role="row" key={hour} data-hour={hour} className="grid" style={columns}>
            <div
              role="rowheader"
              className="border-r border-b border-border px-2 py-1 text-right text-xs text-muted-foreground tabular-nums"
            >
              {formatHour(hour)}
            </div>
            {days.map((day) => (
              <HourSlot
                key={formatDateKey(day)}
                day={day}
                hour={hour}
                events={byHour.get(hourKey(day, hour))}
                timeZone={timeZone}
                actions={actions}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
