import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { formatDateKey, zonedDate } from '../../../lib/zoned-time.ts';
import { EVENT_PARAM, opensInComposer, usePost, withComposer } from '../../posts/index.ts';

/**
 * A link to one event (`?event=<id>`, from the subscription feed, the home page or elsewhere,
 * calendarLinkFor) opens it where the calendar opens it — a post that can still change in the
 * composer, anything else in the quick view — and goes to its day; the parameter then leaves the
 * address. The address changes once: changes asked for in one go would replace each other.
 */
export function useLinkedEvent(timeZone: string, openQuickView: (event: CalendarEvent) => void) {
  const [params, setParams] = useSearchParams();
  const linkedId = params.get(EVENT_PARAM);
  const linked = usePost(linkedId);
  const { data, error } = linked;
  useEffect(() => {
    if (!linkedId || (!data && !error)) return;
    if (error) toast.error(userMessageOf(error));
    if (data && !opensInComposer(data)) openQuickView(data);
    setParams(
      (current) => {
        const p =
          data && opensInComposer(data) ? withComposer(current, { eventId: data.id }) : current;
        p.delete(EVENT_PARAM);
        if (data?.scheduled_for) {
          p.set('date', formatDateKey(zonedDate(new Date(data.scheduled_for), timeZone)));
        }
        return p;
      },
      { replace: true },
    );
    // The link is handled once, when its answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkedId, data, error]);
}
