import { memo, useState, type DragEvent } from 'react';
import { Plus } from 'lucide-react';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { cn } from '../../../lib/cn.ts';
import { formatLongDay, formatWeekdayShort } from '../../../lib/date-format.ts';
import { formatDateKey, sameDate, type PlainDate } from '../../../lib/zoned-time.ts';
import { IDEA_DRAG_TYPE } from '../lib/ideas-model.ts';
import { DRAG_TYPE, EventChip, type ChipActions } from './event-chip.tsx';

/** How many events a month cell shows before "+N more". */
export const MONTH_CELL_LIMIT = 3;

export interface SlotActions extends ChipActions {
  /** Create on a day (and hour, in the time grid). */
  onCreate(day: PlainDate, hour?: number): void;
  /** An event dropped on a day (and hour). */
  onDrop(eventId: string, day: PlainDate, hour?: number): void;
  /** An idea of the tray dropped on a day (and hour), docs/decisions/078. */
  onDropIdea?: ((ideaKey: string, day: PlainDate, hour?: number) => void) | undefined;
  /** "+N more": show that day on its own. */
  onShowDay(day: PlainDate): void;
}

interface MonthViewProps {
  actions: SlotActions;
  days: PlainDate[];
  month: number;
  today: PlainDate;
  byDay: Map<string, CalendarEvent[]>;
  timeZone: string;
  label: string;
}

export function dropHandlers(
  onDrop: (eventId: string) => void,
  setOver: (over: boolean) => void,
  /** An idea of the tray dropped here (it is planned there, not moved). */
  onIdea?: (ideaKey: string) => void,
) {
  const isIdea = (e: DragEvent) =>
    onIdea !== undefined && e.dataTransfer.types.includes(IDEA_DRAG_TYPE);
  return {
    onDragOver(e: DragEvent) {
      if (!e.dataTransfer.types.includes(DRAG_TYPE) && !isIdea(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = isIdea(e) ? 'copy' : 'move';
      setOver(true);
    },
    onDragLeave() {
      setOver(false);
    },
    onDrop(e: DragEvent) {
      const idea = isIdea(e) ? e.dataTransfer.getData(IDEA_DRAG_TYPE) : '';
      if (idea) {
        setOver(false);
        e.preventDefault();
        onIdea!(idea);
        return;
      }
      const id = e.dataTransfer.getData(DRAG_TYPE);
      setOver(false);
      if (!id) return;
      e.preventDefault();
      onDrop(id);
    },
  };
}

const MonthCell = memo(function MonthCell({
  day,
  inMonth,
  isToday,
  events,
  timeZone,
  actions,
}: {
  day: PlainDate;
  inMonth: boolean;
  isToday: boolean;
  events: CalendarEvent[] | undefined;
  timeZone: string;
  actions: SlotActions;
}) {
  const [over, setOver] = useState(false);
  const list = events ?? [];
  const shown = list.slice(0, MONTH_CELL_LIMIT);
  const hidden = list.length - shown.length;
  const name = formatLongDay(day);
  return (
    <div
      role="cell"
      aria-label={`${name}, ${list.length === 0 ? 'nothing planned' : `${list.length} ${list.length === 1 ? 'item' : 'items'}`}`}
      data-date={formatDateKey(day)}
      className={cn(
        'group relative flex min-h-20 min-w-0 flex-col gap-1 border-r border-b border-border p-1 sm:min-h-28 sm:p-1.5',
        inMonth ? 'bg-card' : 'bg-muted/40',
        over ? 'bg-secondary ring-2 ring-primary ring-inset' : '',
      )}
      {...(actions.canEdit
        ? dropHandlers(
            (id) => actions.onDrop(id, day),
            setOver,
            actions.onDropIdea && ((key) => actions.onDropIdea!(key, day)),
          )
        : {})}
    >
      {actions.canEdit ? (
        // Covers the cell, under the events: clicking any empty part of the day creates.
        <button
          type="button"
          className="absolute inset-0 z-0 cursor-copy rounded-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
          aria-label={`New post on ${name}`}
          onClick={() => actions.onCreate(day)}
        />
      ) : null}
      <div className="pointer-events-none relative z-10 flex items-center justify-between">
        <span
          className={cn(
            'flex size-6 items-center justify-center rounded-full text-xs font-medium',
            isToday
              ? 'bg-primary text-primary-foreground'
              : inMonth
                ? 'text-foreground'
                : 'text-muted-foreground',
          )}
        >
          {day.day}
        </span>
        {actions.canEdit ? (
          <Plus
            aria-hidden
            className="size-3.5 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100"
          />
        ) : null}
      </div>
      <div className="pointer-events-none relative z-10 grid gap-1 [&>*]:pointer-events-auto">
        {shown.map((event) => (
          <EventChip
            key={event.id}
            event={event}
            timeZone={timeZone}
            verticalStep="week"
            onOpen={actions.onOpen}
            onKeyboardMove={actions.onKeyboardMove}
            canEdit={actions.canEdit}
          />
        ))}
        {hidden > 0 ? (
          <button
            type="button"
            className="relative z-10 justify-self-start rounded px-1 text-xs font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => actions.onShowDay(day)}
            aria-label={`${hidden} more on ${name}`}
          >
            +{hidden} more
          </button>
        ) : null}
      </div>
    </div>
  );
});

export function MonthView({ days, month, today, byDay, timeZone, label, actions }: MonthViewProps) {
  const weeks = Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
  return (
    <div
      role="table"
      aria-label={label}
      className="overflow-hidden rounded-xl border-t border-l border-border"
    >
      <div role="row" className="grid grid-cols-7">
        {days.slice(0, 7).map((day) => (
          <div
            role="columnheader"
            key={formatDateKey(day)}
            className="border-r border-b border-border bg-muted/60 px-2 py-1.5 text-xs font-medium text-muted-foreground"
          >
            {formatWeekdayShort(day)}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div role="row" key={formatDateKey(week[0]!)} className="grid grid-cols-7">
          {week.map((day) => (
            <MonthCell
              key={formatDateKey(day)}
              day={day}
              inMonth={day.month === month}
              isToday={sameDate(day, today)}
              events={byDay.get(formatDateKey(day))}
              timeZone={timeZone}
              actions={actions}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
