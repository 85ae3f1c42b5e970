import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { Post } from '#shared/contracts/posts.contract.ts';
import {
  formatDateKey,
  formatTimeKey,
  parseDateKey,
  parseTimeKey,
  zonedDate,
  zonedParts,
  type PlainDate,
} from '../../../../lib/zoned-time.ts';
import { useAuth } from '../../../auth/index.ts';
import { newComposerValues, type ComposerValues } from '../../lib/composer-model.ts';
import { COMPOSE_PARAM, EVENT_PARAM } from '../../lib/links.ts';
import { usePostPermissions } from '../../lib/use-post-permissions.ts';
import type { ComposerPrefill } from './composer-props.ts';

// The composer lives on the calendar page (the routes of docs/product/routes.md are binding) and is
// opened by its address: ?compose=new (with &date=YYYY-MM-DD&time=HH:MM from a clicked slot) or
// ?compose=<event id>. Links from elsewhere (AI content, the home page) open it the same way.
// A saved post opened with &date=&time= (an idea of the calendar's tray planned on a day,
// docs/decisions/078) starts at that date and time, an unsaved change until it is saved.

// Its own chunk: the calendar draws without it, and fetches it once it is on screen so the
// composer opens at once.
const loadComposer = () =>
  import('./composer-dialog.tsx').then((m) => ({ default: m.ComposerDialog }));
const ComposerDialog = lazy(loadComposer);

/** Fetches the composer's chunk ahead (what the calendar does once it is on screen). */
export function preloadComposer(): Promise<unknown> {
  return loadComposer();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The search parameters that open the composer: on a post (planned at a date and time, when
 * given), or new at a slot (an hour, or a time "HH:MM" typed elsewhere).
 */
export function withComposer(
  current: URLSearchParams,
  target:
    | { eventId: string; date?: PlainDate; time?: string }
    | { date?: PlainDate; hour?: number; time?: string },
): URLSearchParams {
  const p = new URLSearchParams(current);
  p.delete(EVENT_PARAM);
  if ('eventId' in target) {
    p.set(COMPOSE_PARAM, target.eventId);
    if (target.date && target.time !== undefined && parseTimeKey(target.time)) {
      p.set('date', formatDateKey(target.date));
      p.set('time', target.time);
    } else p.delete('time');
    return p;
  }
  p.set(COMPOSE_PARAM, 'new');
  if (target.date) p.set('date', formatDateKey(target.date));
  if (target.time !== undefined && parseTimeKey(target.time)) p.set('time', target.time);
  else if (target.hour !== undefined) p.set('time', formatTimeKey(target.hour, 0));
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

/** The date and time a saved post is planned at by its address (both, or none). */
export function plannedAt(params: URLSearchParams): { date: string; time: string } | null {
  const date = parseDateKey(params.get('date') ?? '');
  const time = params.get('time') ?? '';
  return date && parseTimeKey(time) ? { date: formatDateKey(date), time } : null;
}

export function ComposerHost({
  timeZone,
  userId,
  onQuickNote,
  prefill,
  onClosed,
}: {
  timeZone: string;
  userId: string | null;
  /** Opens the calendar's quick dialog for a note at this date and time. */
  onQuickNote?: (start: Pick<ComposerValues, 'date' | 'time'>) => void;
  /** What was typed for the new post before it reached the composer (the quick dialog). */
  prefill?: ComposerPrefill | null;
  /** The composer closed (saved, or not). */
  onClosed?: () => void;
}) {
  const [params, setParams] = useSearchParams();
  const permissions = usePostPermissions();
  const { businessProfile } = useAuth();
  const compose = params.get(COMPOSE_PARAM);
  useEffect(() => {
    void loadComposer();
  }, []);

  const close = useCallback(
    (date?: PlainDate) => {
      setParams(
        (current) => {
          const p = new URLSearchParams(current);
          p.delete(COMPOSE_PARAM);
          p.delete('time');
          if (date) p.set('date', formatDateKey(date));
          return p;
        },
        { replace: true },
      );
      onClosed?.();
    },
    [setParams, onClosed],
  );

  const onSaved = useCallback(
    (post: Post) => {
      // The calendar shows where the post now is (the save read the lists again).
      close(post.scheduled_for ? zonedDate(new Date(post.scheduled_for), timeZone) : undefined);
    },
    [close, timeZone],
  );

  if (!compose || !userId || !(compose === 'new' || UUID.test(compose))) return null;
  // What the person may do decides what the composer offers: it opens once that is known.
  if (!permissions.known) return null;
  const eventId = compose === 'new' ? null : compose.toLowerCase();
  const planAt = eventId === null ? null : plannedAt(params);
  return (
    <Suspense fallback={null}>
      <ComposerDialog
        key={compose}
        eventId={eventId}
        start={startValues(params, timeZone)}
        prefill={eventId === null ? prefill : null}
        planAt={planAt}
        defaultPlatforms={businessProfile?.default_platforms ?? []}
        timeZone={timeZone}
        userId={userId}
        permissions={permissions}
        onClose={() => close()}
        onSaved={onSaved}
        onOpenPost={(id) =>
          setParams((current) => withComposer(current, { eventId: id }), { replace: true })
        }
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
