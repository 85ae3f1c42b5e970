import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { PLATFORMS } from '#shared/contracts/account.contract.ts';
import {
  EVENT_STATUSES,
  EVENT_TYPES,
  calendarRoutes,
  type CalendarEvent,
} from '#shared/contracts/calendar.contract.ts';
import { hasFeature } from '#shared/plans.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { api, fieldErrorsOf } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { inputClasses } from '../../../components/ui/input.tsx';
import { useAuth } from '../../auth/auth-context.ts';
import { UpgradePrompt } from '../../subscription/components/feature-gate.tsx';
import { useCalendarPermissions } from '../api/actor.ts';
import {
  NO_FILTERS,
  rangeKey,
  updateEvent,
  useEventsInRange,
  useInvalidateCalendar,
  type CalendarFilters,
} from '../api/calendar-api.ts';
import { useLiveStatus } from '../api/live-status.ts';
import { AccountFilter } from '../components/account-filter.tsx';
import { EventDialog, type EventDialogState } from '../components/event-dialog.tsx';
import { MOVE_HINT_ID } from '../components/event-chip.tsx';
import { PLATFORM_STYLES } from '../components/event-style.tsx';
import { FeedDialog } from '../components/feed-dialog.tsx';
import { CalendarLegend } from '../components/legend.tsx';
import { ListView } from '../components/list-view.tsx';
import { MonthView, type SlotActions } from '../components/month-view.tsx';
import { TimeGridView } from '../components/time-grid-view.tsx';
import {
  CALENDAR_VIEWS,
  DEFAULT_CREATE_HOUR,
  STATUS_LABELS,
  TYPE_LABELS,
  canMove,
  indexEvents,
  movedTime,
  stepAnchor,
  visibleRange,
  type CalendarView,
} from '../lib/calendar-model.ts';
import { newEventValues } from '../lib/event-form.ts';
import { formatDateTime, formatDayRange, formatFullDay, formatMonthTitle } from '../lib/format.ts';
import {
  addDays,
  formatDateKey,
  isValidTimeZone,
  parseDateKey,
  zoneAbbreviation,
  zonedDate,
  zonedParts,
  type PlainDate,
} from '../lib/time-zone.ts';
import { LoadError } from '../../../components/ui/query-status.tsx';
import { ComposerHost, withComposer } from '../../composer/pages/composer-host.tsx';

const VIEW_LABELS: Record<CalendarView, string> = {
  month: 'Month',
  week: 'Week',
  day: 'Day',
  list: 'List',
};

function titleOf(view: CalendarView, anchor: PlainDate, days: PlainDate[]): string {
  if (view === 'month' || view === 'list') return formatMonthTitle(anchor);
  if (view === 'week') return formatDayRange(days[0]!, days[days.length - 1]!);
  return formatFullDay(anchor);
}

/** A phone shows the list: seven columns of a month are too narrow to read there. */
function defaultView(): CalendarView {
  return typeof window !== 'undefined' && window.matchMedia?.('(max-width: 639px)').matches
    ? 'list'
    : 'month';
}

/** The range drawn, kept as one object while view, date and zone stay, so cells keep their memo. */
function useVisibleRange(view: CalendarView, anchorKey: string, timeZone: string) {
  return useMemo(
    () => visibleRange(view, parseDateKey(anchorKey)!, timeZone),
    [view, anchorKey, timeZone],
  );
}

export default function CalendarPage() {
  useDocumentTitle('Calendar - Soci Gen Dashboard');
  const { user, businessProfile, subscription } = useAuth();
  const locked =
    subscription !== null && !hasFeature(subscription.plan, subscription.addons, 'calendar');
  if (locked) {
    return (
      <div className="grid gap-6">
        <PageHeader title="Content calendar" />
        <UpgradePrompt feature="calendar" areaLabel="Calendar" />
      </div>
    );
  }
  const timeZone = isValidTimeZone(businessProfile?.time_zone) ? businessProfile.time_zone : 'UTC';
  return <Calendar userId={user?.id ?? null} timeZone={timeZone} />;
}

function Calendar({ userId, timeZone }: { userId: string | null; timeZone: string }) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCalendar();
  const permissions = useCalendarPermissions();
  const [filters, setFilters] = useState<CalendarFilters>(NO_FILTERS);
  const [dialog, setDialog] = useState<EventDialogState | null>(null);

  const today = zonedDate(new Date(), timeZone);
  const view: CalendarView = (CALENDAR_VIEWS as readonly string[]).includes(
    params.get('view') ?? '',
  )
    ? (params.get('view') as CalendarView)
    : defaultView();
  const dateParam = params.get('date') ?? '';
  const anchorKey: string = parseDateKey(dateParam) ? dateParam : formatDateKey(today);
  const anchor = parseDateKey(anchorKey)!;

  const range = useVisibleRange(view, anchorKey, timeZone);
  const rangeQuery = useMemo(
    () => ({ start: range.start, end: range.end, filters }),
    [range, filters],
  );
  const query = useEventsInRange(userId, rangeQuery);
  useLiveStatus(userId);
  const index = useMemo(() => indexEvents(query.data ?? [], timeZone), [query.data, timeZone]);

  const go = useCallback(
    (next: { view?: CalendarView; date?: PlainDate }) => {
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

  // A link to one event (from the subscription feed) opens it.
  const linkedId = params.get('event');
  useEffect(() => {
    if (!linkedId) return;
    let cancelled = false;
    api
      .get<CalendarEvent>(calendarRoutes.event(linkedId))
      .then((event) => {
        if (cancelled) return;
        setDialog({ kind: 'edit', event });
        if (event.scheduled_for) go({ date: zonedDate(new Date(event.scheduled_for), timeZone) });
      })
      .catch((error: unknown) => toast.error(userMessageOf(error)))
      .finally(() =>
        setParams(
          (current) => {
            const p = new URLSearchParams(current);
            p.delete('event');
            return p;
          },
          { replace: true },
        ),
      );
    return () => {
      cancelled = true;
    };
  }, [linkedId, go, setParams, timeZone]);

  // Latest values for the stable callbacks below, so memoized cells do not re-render on each load.
  const currentKey = useMemo(() => rangeKey(userId ?? 'none', rangeQuery), [userId, rangeQuery]);
  const latest = useRef<{ data: CalendarEvent[] | undefined; key: readonly unknown[] }>({
    data: undefined,
    key: currentKey,
  });
  useLayoutEffect(() => {
    latest.current = { data: query.data, key: currentKey };
  }, [query.data, currentKey]);
  const focusAfterMove = useRef<string | null>(null);

  useEffect(() => {
    const id = focusAfterMove.current;
    if (!id) return;
    const chip = document.querySelector<HTMLElement>(`[data-event-id="${id}"]`);
    if (chip) {
      chip.focus();
      focusAfterMove.current = null;
    }
  });

  /** The toast's Undo: puts the event back where it was, with no further undo. */
  const undoMove = useCallback(
    async (event: CalendarEvent, from: string) => {
      try {
        await updateEvent(event.id, { scheduled_for: from });
        void invalidate();
        toast.success(`“${event.title}” is back at ${formatDateTime(new Date(from), timeZone)}`);
      } catch (error) {
        const field = Object.values(fieldErrorsOf(error))[0];
        toast.error(field ?? userMessageOf(error));
      }
    },
    [invalidate, timeZone],
  );

  const move = useCallback(
    async (event: CalendarEvent, to: Date): Promise<void> => {
      const from = event.scheduled_for!;
      if (to.toISOString() === new Date(from).toISOString()) return;
      if (event.status === 'scheduled' && to.getTime() <= Date.now()) {
        toast.error('Choose a time in the future', {
          description: 'A scheduled post cannot move into the past.',
        });
        return;
      }
      const key = latest.current.key;
      const before = queryClient.getQueryData<CalendarEvent[]>(key);
      queryClient.setQueryData<CalendarEvent[]>(key, (list) =>
        list?.map((e) => (e.id === event.id ? { ...e, scheduled_for: to.toISOString() } : e)),
      );
      try {
        const saved = await updateEvent(event.id, { scheduled_for: to.toISOString() });
        void invalidate();
        toast.success(`Moved “${event.title}” to ${formatDateTime(to, timeZone)}`, {
          action: { label: 'Undo', onClick: () => void undoMove(saved, from) },
          duration: 8000,
        });
      } catch (error) {
        queryClient.setQueryData(key, before);
        const field = Object.values(fieldErrorsOf(error))[0];
        toast.error(field ?? userMessageOf(error));
      }
    },
    [queryClient, invalidate, timeZone, undoMove],
  );

  const actions = useMemo<SlotActions>(
    () => ({
      canEdit: permissions.update,
      onOpen: (event) => setDialog({ kind: 'edit', event }),
      onCreate: (day, hour) => {
        if (!permissions.create) return;
        // A post is written in the composer (decision 085); a note from its "Add a note instead".
        setParams((current) =>
          withComposer(current, { date: day, hour: hour ?? DEFAULT_CREATE_HOUR }),
        );
      },
      onShowDay: (day) => go({ view: 'day', date: day }),
      onDrop: (eventId, day, hour) => {
        const event = latest.current.data?.find((e) => e.id === eventId);
        if (!event?.scheduled_for) return;
        if (!canMove(event)) {
          toast.error(`A ${STATUS_LABELS[event.status].toLowerCase()} post cannot be moved`);
          return;
        }
        void move(event, movedTime(event.scheduled_for, { day, hour }, timeZone));
      },
      onKeyboardMove: (event, days, hours) => {
        const p = zonedParts(new Date(event.scheduled_for!), timeZone);
        let hour = p.hour + hours;
        let day = addDays(p, days);
        if (hour < 0 || hour > 23) {
          day = addDays(day, hour < 0 ? -1 : 1);
          hour = (hour + 24) % 24;
        }
        focusAfterMove.current = event.id;
        void move(event, movedTime(event.scheduled_for!, { day, hour }, timeZone));
      },
    }),
    [permissions.update, permissions.create, go, move, timeZone, setParams],
  );

  const label = titleOf(view, anchor, range.days);
  const zoneName = `${timeZone} (${zoneAbbreviation(range.start, timeZone)})`;

  return (
    <div className="grid gap-5">
      <PageHeader
        title="Content calendar"
        description={
          <>
            Plan, move and review your posts. Times are in your business time zone,{' '}
            <strong className="font-medium text-foreground">{zoneName}</strong>.
          </>
        }
        actions={
          <>
            <FeedDialog />
            {permissions.create ? (
              <Button
                onClick={() =>
                  setParams((current) =>
                    withComposer(
                      current,
                      view === 'day'
                        ? {
                            date: anchor,
                            hour: Math.min(23, zonedParts(new Date(), timeZone).hour + 1),
                          }
                        : {},
                    ),
                  )
                }
              >
                <Plus aria-hidden className="size-4" /> New post
              </Button>
            ) : null}
          </>
        }
      />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" onClick={() => go({ date: today })}>
            Today
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Previous ${view === 'list' ? 'month' : view}`}
            onClick={() => go({ date: stepAnchor(view, anchor, -1) })}
          >
            <ChevronLeft aria-hidden className="size-5" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Next ${view === 'list' ? 'month' : view}`}
            onClick={() => go({ date: stepAnchor(view, anchor, 1) })}
          >
            <ChevronRight aria-hidden className="size-5" />
          </Button>
          <h2 className="text-lg font-semibold text-foreground" aria-live="polite">
            {label}
          </h2>
          {query.isFetching ? <Spinner size="sm" label="Loading the calendar" /> : null}
        </div>
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
              onClick={() => go({ view: v })}
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
      </div>

      <FilterBar filters={filters} onChange={setFilters} />

      {query.isError ? (
        <LoadError
          title="The calendar could not be loaded"
          error={query.error}
          retrying={query.isFetching}
          onRetry={query.refetch}
        />
      ) : null}

      <div aria-busy={query.isPending} className={cn(query.isPending ? 'opacity-60' : '')}>
        {view === 'month' ? (
          <MonthView
            days={range.days}
            month={anchor.month}
            today={today}
            byDay={index.byDay}
            timeZone={timeZone}
            label={label}
            actions={actions}
          />
        ) : view === 'list' ? (
          <ListView
            days={range.days}
            byDay={index.byDay}
            timeZone={timeZone}
            onOpen={actions.onOpen}
          />
        ) : (
          <TimeGridView
            days={range.days}
            today={today}
            byHour={index.byHour}
            timeZone={timeZone}
            label={label}
            actions={actions}
          />
        )}
      </div>

      <div className="grid gap-2">
        <CalendarLegend />
        {permissions.update && view !== 'list' ? (
          <p id={MOVE_HINT_ID} className="text-xs text-muted-foreground">
            Drag a draft or scheduled post to move it, or focus it and press Alt with the arrow keys
            {view === 'month'
              ? ' (left and right: a day; up and down: a week)'
              : ' (up and down: an hour)'}
            .
          </p>
        ) : null}
      </div>

      <EventDialog
        state={dialog}
        onClose={() => setDialog(null)}
        timeZone={timeZone}
        permissions={permissions}
        onChanged={() => void invalidate()}
        onOpenEvent={(event) => setDialog({ kind: 'edit', event })}
        onOpenComposer={(event) => {
          setDialog(null);
          setParams((current) => withComposer(current, { eventId: event.id }));
        }}
      />
      <ComposerHost
        timeZone={timeZone}
        userId={userId}
        onQuickNote={(at) =>
          setDialog({
            kind: 'create',
            values: { ...newEventValues(today, DEFAULT_CREATE_HOUR), ...at, type: 'note' },
          })
        }
      />
    </div>
  );
}

const selectClasses = cn(inputClasses, 'h-9 w-auto min-w-36 pr-8');

function FilterBar({
  filters,
  onChange,
}: {
  filters: CalendarFilters;
  onChange(filters: CalendarFilters): void;
}) {
  const active =
    filters.platform !== null ||
    filters.status !== null ||
    filters.type !== null ||
    filters.accountIds.length > 0;
  return (
    <form
      aria-label="Filters"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="calendar-filter-platform">Platform</Label>
        <select
          id="calendar-filter-platform"
          className={selectClasses}
          value={filters.platform ?? ''}
          onChange={(e) =>
            onChange({
              ...filters,
              platform: (PLATFORMS as readonly string[]).includes(e.target.value)
                ? (e.target.value as CalendarFilters['platform'])
                : null,
            })
          }
        >
          <option value="">All platforms</option>
          {PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {PLATFORM_STYLES[p].label}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="calendar-filter-status">Status</Label>
        <select
          id="calendar-filter-status"
          className={selectClasses}
          value={filters.status ?? ''}
          onChange={(e) =>
            onChange({
              ...filters,
              status: (EVENT_STATUSES as readonly string[]).includes(e.target.value)
                ? (e.target.value as CalendarFilters['status'])
                : null,
            })
          }
        >
          <option value="">All statuses</option>
          {EVENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="calendar-filter-type">Type</Label>
        <select
          id="calendar-filter-type"
          className={selectClasses}
          value={filters.type ?? ''}
          onChange={(e) =>
            onChange({
              ...filters,
              type: (EVENT_TYPES as readonly string[]).includes(e.target.value)
                ? (e.target.value as CalendarFilters['type'])
                : null,
            })
          }
        >
          <option value="">All types</option>
          {EVENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <AccountFilter
        value={filters.accountIds}
        onChange={(accountIds) => onChange({ ...filters, accountIds })}
      />
      {active ? (
        <Button variant="ghost" size="sm" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      ) : null}
    </form>
  );
}
