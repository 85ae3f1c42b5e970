import { CalendarDays } from 'lucide-react';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  platformNames,
  PlatformStripe,
  StatusIcon,
  statusLabel,
  TYPE_LABELS,
} from '../../posts/index.ts';
import { formatFullDay, formatTime } from '../../../lib/date-format.ts';
import { formatDateKey, type PlainDate } from '../../../lib/zoned-time.ts';

export function ListView({
  days,
  byDay,
  timeZone,
  onOpen,
}: {
  days: PlainDate[];
  byDay: Map<string, CalendarEvent[]>;
  timeZone: string;
  onOpen(event: CalendarEvent): void;
}) {
  const filled = days.filter((day) => (byDay.get(formatDateKey(day))?.length ?? 0) > 0);
  if (filled.length === 0) {
    return (
      <EmptyState
        icon={CalendarDays}
        title="Nothing planned this month"
        description="Switch to the month or week view and click a day to plan something."
      />
    );
  }
  return (
    <div className="grid gap-6">
      {filled.map((day) => (
        <section key={formatDateKey(day)} aria-label={formatFullDay(day)}>
          <h2 className="mb-2 text-sm font-semibold text-foreground">{formatFullDay(day)}</h2>
          <ul className="divide-y divide-border rounded-xl border border-border bg-card">
            {byDay.get(formatDateKey(day))!.map((event) => (
              <li key={event.id}>
                <button
                  type="button"
                  onClick={() => onOpen(event)}
                  className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
                >
                  <PlatformStripe platforms={event.platforms} className="h-9" />
                  <span className="w-20 shrink-0 text-sm text-muted-foreground tabular-nums">
                    {formatTime(new Date(event.scheduled_for!), timeZone)}
                  </span>
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span
                      className={cn(
                        'truncate text-sm font-medium text-foreground',
                        event.status === 'cancelled' ? 'text-muted-foreground line-through' : '',
                      )}
                    >
                      {event.title}
                    </span>
                    <span className="truncate text-xs text-muted-foreground">
                      {TYPE_LABELS[event.type]} · {platformNames(event.platforms) || 'No platform'}
                    </span>
                  </span>
                  <Badge variant="outline" className="gap-1">
                    <StatusIcon status={event.status} />
                    {statusLabel(event.status)}
                  </Badge>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
