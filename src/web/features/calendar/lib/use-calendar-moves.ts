import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { addDays, zonedParts, type PlainDate } from '../../../lib/zoned-time.ts';
import { STATUS_LABELS, canMove, useReschedulePost } from '../../posts/index.ts';
import type { SlotActions } from '../components/month-view.tsx';
import { DEFAULT_CREATE_HOUR, movedTime } from './calendar-model.ts';

// Moving posts on the calendar (drag and drop, Alt+arrow keys, docs/decisions/074): the post
// moves on screen at once, the server is asked, and the move is undone on screen if it refuses.
// A toast offers to put it back.

interface MoveOptions {
  timeZone: string;
  /** The range list on screen and its key: moves patch it before the server answers. */
  data: CalendarEvent[] | undefined;
  queryKey: readonly unknown[];
  canCreate: boolean;
  canEdit: boolean;
  onOpen(event: CalendarEvent): void;
  onCreate(day: PlainDate, hour: number): void;
  onShowDay(day: PlainDate): void;
  /** An idea of the tray dropped on a day or an hour (docs/decisions/078). */
  onDropIdea?: SlotActions['onDropIdea'];
}

/** The calendar's slot and chip actions, stable while the range and permissions stay. */
export function useCalendarMoves(options: MoveOptions): SlotActions {
  const { timeZone, canCreate, canEdit, onOpen, onCreate, onShowDay, onDropIdea } = options;
  const queryClient = useQueryClient();
  const reschedule = useReschedulePost();
  const { mutateAsync } = reschedule;

  // Latest values for the stable callbacks below, so memoized cells do not re-render on each load.
  const latest = useRef({ data: options.data, key: options.queryKey });
  useLayoutEffect(() => {
    latest.current = { data: options.data, key: options.queryKey };
  }, [options.data, options.queryKey]);
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
        await mutateAsync({ id: event.id, scheduledFor: from });
        toast.success(`“${event.title}” is back at ${formatDateTime(new Date(from), timeZone)}`);
      } catch (error) {
        const field = Object.values(fieldErrorsOf(error))[0];
        toast.error(field ?? userMessageOf(error));
      }
    },
    [mutateAsync, timeZone],
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
        const saved = await mutateAsync({ id: event.id, scheduledFor: to.toISOString() });
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
    [queryClient, mutateAsync, timeZone, undoMove],
  );

  return useMemo<SlotActions>(
    () => ({
      canEdit,
      onOpen,
      onCreate: (day, hour) => {
        if (!canCreate) return;
        onCreate(day, hour ?? DEFAULT_CREATE_HOUR);
      },
      onShowDay,
      onDropIdea: canCreate ? onDropIdea : undefined,
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
    [canEdit, canCreate, onOpen, onCreate, onShowDay, onDropIdea, move, timeZone],
  );
}
