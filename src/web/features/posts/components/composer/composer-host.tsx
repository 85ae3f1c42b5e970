import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import {
  formatDateKey,
  formatTimeKey,
  parseDateKey,
  parseTimeKey,
  zonedDate,
  zonedParts,
  type PlainDate,
} from '../../../../lib/zoned-time.ts';
import { newComposerValues, type ComposerValues } from '../../lib/composer-model.ts';
import { COMPOSE_PARAM, EVENT_PARAM } from '../../lib/links.ts';
import { usePostPermissions } from '../../lib/use-post-permissions.ts';

// The composer lives on the calendar page (the seed's routes are binding) and is opened by its
// address: ?compose=new (with &date=YYYY-MM-DD&time=HH:MM from a clicked slot) or
// ?compose=<event id>. Links from elsewhere (AI content, the home page) open it the same way.

// Its own chunk: the calendar draws without it, and fetches it once it is on screen so the
// composer opens at once.
const loadComposer = () =>
  import('./composer-dialog.tsx').then((m) => ({ default: m.ComposerDialog }));
const ComposerDialog = lazy(loadComposer);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The search parameters that open the composer: on a post, or new at a slot. */
export function withComposer(
  current: URLSearchParams,
  target: { eventId: string } | { date?: PlainDate; hour?: number },
): URLSearchParams {
  const p = new URLSearchParams(current);
  p.delete(EVENT_PARAM);
  if ('eventId' in target) {
    p.set(COMPOSE_PARAM, target.eventId);
    p.delete('time');
    return p;
  }
  p.set(COMPOSE_PARAM, 'new');
  if (target.date) p.set('date', formatDateKey(target.date));
  if (target.hour !== undefined) p.set('time', formatTimeKey(target.hour, 0));
  else p.delete('time');
  return p;
}

/**
 * Where a new post starts: the slot's date and time, or the next full hour in the business's
 * time zone (after 23:00 that is midnight of the next day, never an hour already past).
 */
export function startValues(params: URLSearchParams, timeZone: string, now = new Date()) {
  const time = parseTimeKey(params.get('time') ?? '');
  const date = parseDateKey(params.get('date') ?? '');
  if (time) return newComposerValues(date ?? zonedDate(now, timeZone), time.hour, time.minute);
  const inAnHour = new Date(now.getTime() + 3_600_000);
  return newComposerValues(zonedDate(inAnHour, timeZone), zonedParts(inAnHour, timeZone).hour);
}

export function ComposerHost({
  timeZone,
  userId,
  onQuickNote,
}: {
  timeZone: string;
  userId: string | null;
  /** Opens the calendar's quick dialog for a note at this date and time. */
  onQuickNote?: (start: Pick<ComposerValues, 'date' | 'time'>) => void;
}) {
  const [params, setParams] = useSearchParams();
  const permissions = usePostPermissions();
  // A new post keeps its composer open when it gets its id (the address changes to the id).
  const [renamed, setRenamed] = useState<{ from: string; to: string } | null>(null);
  const compose = params.get(COMPOSE_PARAM);
  useEffect(() => {
    void loadComposer();
  }, []);

  const close = useCallback(
    (date?: PlainDate) =>
      setParams(
        (current) => {
          const p = new URLSearchParams(current);
          p.delete(COMPOSE_PARAM);
          p.delete('time');
          if (date) p.set('date', formatDateKey(date));
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );

  const onSaved = useCallback(
    (event: CalendarEvent) => {
      // The calendar shows where the post now is (the save read the lists again).
      close(event.scheduled_for ? zonedDate(new Date(event.scheduled_for), timeZone) : undefined);
    },
    [close, timeZone],
  );

  if (!compose || !userId || !(compose === 'new' || UUID.test(compose))) return null;
  // What the person may do decides what the composer offers: it opens once that is known.
  if (!permissions.known) return null;
  const eventId = compose === 'new' ? null : compose.toLowerCase();
  const key = renamed?.to === compose ? renamed.from : compose;
  return (
    <Suspense fallback={null}>
      <ComposerDialog
        key={key}
        eventId={eventId}
        start={startValues(params, timeZone)}
        timeZone={timeZone}
        userId={userId}
        permissions={permissions}
        onClose={() => close()}
        onSaved={onSaved}
        onCreated={(id) => {
          setRenamed({ from: compose, to: id });
          setParams(
            (current) => {
              const p = new URLSearchParams(current);
              p.set(COMPOSE_PARAM, id);
              p.delete('time');
              return p;
            },
            { replace: true },
          );
        }}
        onQuickNote={
          onQuickNote
            ? (at) => {
                close();
                onQuickNote(at);
              }
            : undefined
        }
      />
    </Suspense>
  );
}
