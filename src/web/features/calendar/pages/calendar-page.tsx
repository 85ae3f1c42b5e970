import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { hasFeature } from '#shared/plans.ts';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { LoadError } from '../../../components/ui/query-status.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDayRange, formatFullDay, formatMonthTitle } from '../../../lib/date-format.ts';
import {
  isValidTimeZone,
  parseDateKey,
  zoneAbbreviation,
  type PlainDate,
} from '../../../lib/zoned-time.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuth } from '../../auth/index.ts';
import {
  ComposerHost,
  EventDialog,
  newEventValues,
  opensInComposer,
  useLiveStatus,
  usePostPermissions,
  withComposer,
  type ComposerPrefill,
  type EventDialogState,
  type EventFormValues,
} from '../../posts/index.ts';
import { UpgradePrompt } from '../../subscription/index.ts';
import {
  NO_FILTERS,
  rangeKey,
  useEventsInRange,
  type CalendarFilters,
} from '../api/use-events-in-range.ts';
import { CalendarToolbar } from '../components/calendar-toolbar.tsx';
import { MOVE_HINT_ID } from '../components/event-chip.tsx';
import { FeedDialog } from '../components/feed-dialog.tsx';
import { FilterBar } from '../components/filter-bar.tsx';
import { CalendarLegend } from '../components/legend.tsx';
import { ListView } from '../components/list-view.tsx';
import { QueueView } from '../components/queue/queue-view.tsx';
import { GridView } from '../components/grid/grid-view.tsx';
import { IdeasTray } from '../components/ideas/ideas-tray.tsx';
import { useRangeCampaigns, useRangeCovers } from '../api/use-planning.ts';
import { CampaignsContext } from '../lib/campaigns-context.ts';
import { CoversContext } from '../lib/covers-context.ts';
import { useIdeasTray } from '../lib/use-ideas.ts';
import { MonthView } from '../components/month-view.tsx';
import { TimeGridView } from '../components/time-grid-view.tsx';
import {
  DEFAULT_CREATE_HOUR,
  indexEvents,
  newPostStart,
  type CalendarView,
} from '../lib/calendar-model.ts';
import { useCalendarMoves } from '../lib/use-calendar-moves.ts';
import { useCalendarNavigation } from '../lib/use-calendar-navigation.ts';
import { useLinkedEvent } from '../lib/use-linked-event.ts';

function titleOf(view: CalendarView, anchor: PlainDate, days: PlainDate[]): string {
  if (view === 'month' || view === 'list') return formatMonthTitle(anchor);
  if (view === 'week') return formatDayRange(days[0]!, days[days.length - 1]!);
  return formatFullDay(anchor);
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
  const [, setParams] = useSearchParams();
  const permissions = usePostPermissions();
  const [filters, setFilters] = useState<CalendarFilters>(NO_FILTERS);
  const [dialog, setDialog] = useState<EventDialogState | null>(null);
  // What the quick dialog hands to the composer for a post to schedule.
  const [prefill, setPrefill] = useState<ComposerPrefill | null>(null);
  const { today, view, queue, grid, anchor, range, go } = useCalendarNavigation(timeZone);

  const rangeQuery = useMemo(
    () => ({ start: range.start, end: range.end, filters }),
    [range, filters],
  );
  const query = useEventsInRange(userId, rangeQuery);
  useLiveStatus(userId);
  const index = useMemo(() => indexEvents(query.data ?? [], timeZone), [query.data, timeZone]);
  // Chips show their post's first medium; ideas wait beside the month and week views (078).
  const covers = useRangeCovers(userId, range.start, range.end);
  // Posts launched from a campaign wear its colour, and the filter offers its campaigns (095).
  const campaigns = useRangeCampaigns(userId, range.start, range.end);
  const campaignChoices = useMemo(() => {
    const byId = new Map<string, string>();
    for (const mark of campaigns.values()) byId.set(mark.campaign_id, mark.name);
    return [...byId].map(([id, name]) => ({ id, name }));
  }, [campaigns]);
  const tray = useIdeasTray(
    userId,
    timeZone,
    permissions.create && !queue && !grid && (view === 'month' || view === 'week'),
  );

  // A post that can still change opens in the composer; notes, campaigns and posts on their way
  // out or out open in the quick dialog (docs/decisions/087).
  const openEvent = useCallback(
    (event: CalendarEvent) => {
      if (!opensInComposer(event)) {
        setDialog({ kind: 'edit', event });
        return;
      }
      setDialog(null);
      setParams((current) => withComposer(current, { eventId: event.id }));
    },
    [setParams],
  );
  const continueInComposer = useCallback(
    (values: EventFormValues) => {
      setDialog(null);
      setPrefill({ title: values.title, content: values.content, platforms: values.platforms });
      const date = parseDateKey(values.date);
      setParams((current) =>
        withComposer(current, date ? { date, time: values.time } : { time: values.time }),
      );
    },
    [setParams],
  );
  useLinkedEvent(
    timeZone,
    useCallback((event: CalendarEvent) => setDialog({ kind: 'edit', event }), []),
  );

  const rangeQueryKey = useMemo(
    () => rangeKey(userId ?? 'anonymous', rangeQuery),
    [userId, rangeQuery],
  );
  // A post is written in the composer (decision 085); a note from its "Add a note instead".
  const composeAt = useCallback(
    (day: PlainDate, hour: number) =>
      setParams((current) => withComposer(current, { date: day, hour })),
    [setParams],
  );
  const showDay = useCallback((day: PlainDate) => go({ view: 'day', date: day }), [go]);
  const actions = useCalendarMoves({
    timeZone,
    data: query.data,
    queryKey: rangeQueryKey,
    canCreate: permissions.create,
    canEdit: permissions.update,
    onOpen: openEvent,
    onCreate: composeAt,
    onShowDay: showDay,
    onDropIdea: tray.enabled ? tray.planDropped : undefined,
  });

  const label = titleOf(view, anchor, range.days);
  const zoneName = `${timeZone} (${zoneAbbreviation(range.start, timeZone)})`;
  const newPostAt = newPostStart(view, anchor, timeZone);

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
              <Button onClick={() => setParams((current) => withComposer(current, newPostAt))}>
                <Plus aria-hidden className="size-4" /> New post
              </Button>
            ) : null}
          </>
        }
      />

      <CalendarToolbar
        view={view}
        anchor={anchor}
        today={today}
        label={label}
        loading={query.isFetching}
        go={go}
        queue={queue}
        grid={grid}
      />

      {queue ? (
        <QueueView
          userId={userId}
          timeZone={timeZone}
          canEdit={permissions.update}
          onOpenPost={(id) => setParams((current) => withComposer(current, { eventId: id }))}
        />
      ) : grid ? (
        <GridView
          userId={userId}
          timeZone={timeZone}
          canEdit={permissions.update}
          onOpenPost={(id) => setParams((current) => withComposer(current, { eventId: id }))}
        />
      ) : (
        <FilterBar filters={filters} onChange={setFilters} campaigns={campaignChoices} />
      )}

      {!queue && !grid && query.isError ? (
        <LoadError
          title="The calendar could not be loaded"
          error={query.error}
          retrying={query.isFetching}
          onRetry={query.refetch}
        />
      ) : null}

      <div className="flex items-start gap-4" hidden={queue || grid}>
        <CampaignsContext value={campaigns}>
          <CoversContext value={covers}>
            <div
              aria-busy={query.isPending}
              className={cn('min-w-0 flex-1', query.isPending ? 'opacity-60' : '')}
            >
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
          </CoversContext>
        </CampaignsContext>
        {tray.enabled ? <IdeasTray tray={tray} timeZone={timeZone} /> : null}
      </div>

      {/* Room below for the ideas button a phone shows over the page. */}
      <div className={cn('grid gap-2', tray.enabled ? 'max-lg:pb-14' : '')} hidden={queue || grid}>
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
        onOpenEvent={openEvent}
        onContinueInComposer={continueInComposer}
      />
      <ComposerHost
        timeZone={timeZone}
        userId={userId}
        prefill={prefill}
        onClosed={() => setPrefill(null)}
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
