import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { canMove, choosableStatuses } from '../../posts/index.ts';
import {
  indexEvents,
  movedTime,
  newPostStart,
  stepAnchor,
  visibleRange,
} from './calendar-model.ts';
import { formatDateKey, zonedParts } from '../../../lib/zoned-time.ts';

const LONDON = 'Europe/London';
const NEW_YORK = 'America/New_York';

function event(id: string, scheduledFor: string, status: CalendarEvent['status'] = 'scheduled') {
  return {
    id,
    user_id: '00000000-0000-4000-8000-000000000001',
    title: id,
    content: null,
    platforms: [],
    type: 'post',
    status,
    scheduled_for: scheduledFor,
    created_at: scheduledFor,
    updated_at: scheduledFor,
  } satisfies CalendarEvent;
}

describe('visibleRange', () => {
  it('draws six Monday-first weeks for a month, bounded at local midnights', () => {
    const range = visibleRange('month', { year: 2026, month: 3, day: 17 }, LONDON);
    expect(range.days).toHaveLength(42);
    expect(formatDateKey(range.days[0]!)).toBe('2026-02-23');
    expect(formatDateKey(range.days[41]!)).toBe('2026-04-05');
    expect(range.start.toISOString()).toBe('2026-02-23T00:00:00.000Z');
    // 6 April is in BST: midnight there is 23:00 UTC the day before.
    expect(range.end.toISOString()).toBe('2026-04-05T23:00:00.000Z');
  });

  it('makes the DST week 167 hours long in London and 169 in New York', () => {
    const london = visibleRange('week', { year: 2026, month: 3, day: 29 }, LONDON);
    expect((london.end.getTime() - london.start.getTime()) / 3_600_000).toBe(167);
    const ny = visibleRange('week', { year: 2026, month: 11, day: 1 }, NEW_YORK);
    expect(ny.days.map(formatDateKey)).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
    ]);
    expect((ny.end.getTime() - ny.start.getTime()) / 3_600_000).toBe(169);
  });

  it('lists a whole month in the list view and steps by view', () => {
    expect(visibleRange('list', { year: 2026, month: 2, day: 10 }, LONDON).days).toHaveLength(28);
    expect(stepAnchor('month', { year: 2026, month: 1, day: 31 }, 1)).toEqual({
      year: 2026,
      month: 2,
      day: 1,
    });
    expect(stepAnchor('week', { year: 2026, month: 3, day: 29 }, -1)).toEqual({
      year: 2026,
      month: 3,
      day: 22,
    });
  });
});

describe('indexEvents', () => {
  it('puts events on the day and hour of the business time zone, in time order', () => {
    const index = indexEvents(
      [
        event('late', '2026-11-01T03:30:00Z'),
        event('early', '2026-10-31T13:00:00Z'),
        // The repeated 01:30 of New York's autumn change: both in the 01 hour.
        event('edt', '2026-11-01T05:30:00Z'),
        event('est', '2026-11-01T06:30:00Z'),
      ],
      NEW_YORK,
    );
    expect(index.byDay.get('2026-10-31')?.map((e) => e.id)).toEqual(['early', 'late']);
    expect(index.byHour.get('2026-11-01T01')?.map((e) => e.id)).toEqual(['edt', 'est']);
  });
});

describe('moving events', () => {
  it('keeps the wall-clock time when moving across the spring change', () => {
    // 09:00 GMT on Friday 27 March → Monday 30 March: 09:00 BST (08:00 UTC).
    const moved = movedTime(
      '2026-03-27T09:00:00Z',
      { day: { year: 2026, month: 3, day: 30 } },
      LONDON,
    );
    expect(moved.toISOString()).toBe('2026-03-30T08:00:00.000Z');
    expect(zonedParts(moved, LONDON)).toMatchObject({ hour: 9, minute: 0 });
  });

  it('moves to an hour slot keeping the minutes, and out of the gap hour', () => {
    const moved = movedTime(
      '2026-03-27T09:45:00Z',
      { day: { year: 2026, month: 3, day: 29 }, hour: 1 },
      LONDON,
    );
    // 01:45 does not exist on 29 March in London: it becomes 02:45 BST.
    expect(zonedParts(moved, LONDON)).toMatchObject({ day: 29, hour: 2, minute: 45 });
  });

  it('follows the lifecycle: only drafts and scheduled posts move; notes are never scheduled', () => {
    expect(
      ['draft', 'scheduled', 'published', 'publishing', 'failed', 'cancelled'].map((s) =>
        canMove({ status: s as CalendarEvent['status'] }),
      ),
    ).toEqual([true, true, false, false, false, false]);
    expect(choosableStatuses('note')).not.toContain('scheduled');
    expect(choosableStatuses('post')).toContain('scheduled');
  });
});

describe('newPostStart', () => {
  const now = new Date('2026-11-25T23:30:00Z');

  it('leaves the start to the composer outside a day view and on today', () => {
    expect(newPostStart('week', { year: 2026, month: 12, day: 3 }, 'UTC', now)).toEqual({});
    expect(newPostStart('day', { year: 2026, month: 11, day: 25 }, 'UTC', now)).toEqual({});
  });

  it('starts on the day shown at the next hour, never past 23:00', () => {
    expect(newPostStart('day', { year: 2026, month: 12, day: 3 }, 'UTC', now)).toEqual({
      date: { year: 2026, month: 12, day: 3 },
      hour: 23,
    });
  });
});
