import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { zonedDate, type PlainDate } from '../../../lib/zoned-time.ts';
import { EVENT_PARAM, usePost } from '../../posts/index.ts';

/**
 * A link to one event (`?event=<id>`, from the subscription feed or elsewhere, calendarLinkFor)
 * opens it in the quick view and goes to its day; the parameter then leaves the address.
 */
export function useLinkedEvent(
  timeZone: string,
  open: (event: CalendarEvent) => void,
  go: (next: { date: PlainDate }) => void,
): void {
  const [params, setParams] = useSearchParams();
  const linkedId = params.get(EVENT_PARAM);
  const linked = usePost(linkedId);
  const { data, error } = linked;
  useEffect(() => {
    if (!linkedId || (!data && !error)) return;
    if (data) {
      open(data);
      if (data.scheduled_for) go({ date: zonedDate(new Date(data.scheduled_for), timeZone) });
    } else {
      toast.error(userMessageOf(error));
    }
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        p.delete(EVENT_PARAM);
        return p;
      },
      { replace: true },
    );
    // The link is handled once, when its answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkedId, data, error]);
}
