import { describe, expect, it } from 'vitest';
import type { ConnectionRow } from '../platforms/platforms.repository.ts';
import type { BusyPost, Member } from './queue.repository.ts';
import { nextSlot, type AccountState } from './queue-state.ts';
import {
  busiestDay,
  defaultSlots,
  minuteOfTime,
  placeInOrder,
  quotaAllows,
  slotInstants,
  type WeeklySlot,
} from './slots.ts';

// Where the queue puts a post (docs/decisions/077): posting times are wall-clock times in the
// business time zone (docs/decisions/071: a skipped time moves forward by the gap, a repeated
// one is the earlier), the next free one is not taken by another post of the account, is no
// sooner than the lead time, and keeps Instagram's rolling 24-hour quota.

const LONDON = 'Europe/London';
const NEW_YORK = 'America/New_York';
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
const at = (s: string) => new Date(s);

function everyDay(time: string): WeeklySlot[] {
  return [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, minuteOfDay: minuteOfTime(time) }));
}

function state(
  slots: WeeklySlot[],
  options: { busy?: BusyPost[]; members?: Member[]; paused?: boolean } = {},
): AccountState {
  return {
    connection: { id: 'c', platform: 'instagram' } as ConnectionRow,
    row: null,
    source: 'default',
    slots,
    paused: options.paused ?? false,
    members: options.members ?? [],
    busy: options.busy ?? [],
  };
}

const busy = (when: string, status = 'scheduled'): BusyPost => ({
  eventId: when,
  title: 'Other post',
  status,
  at: at(when),
});

describe('default posting times', () => {
  it('are 09:00, 12:30 and 18:00 every day when the business has no posting hours', () => {
    const { source, slots } = defaultSlots([]);
    expect(source).toBe('default');
    expect(slots).toHaveLength(21);
    expect(slots.filter((s) => s.weekday === 3).map((s) => s.minuteOfDay)).toEqual([
      540, 750, 1080,
    ]);
  });

  it('are the start of each of the business’s posting hours, each once', () => {
    expect(
      defaultSlots([
        { day: 3, start: '17:15' },
        { day: 1, start: '08:00' },
        { day: 1, start: '08:00' },
      ]),
    ).toEqual({
      source: 'posting_hours',
      slots: [
        { weekday: 1, minuteOfDay: 480 },
        { weekday: 3, minuteOfDay: 1035 },
      ],
    });
  });
});

describe('posting times as instants', () => {
  it('keep the wall-clock time across the spring change (London, 29 March 2026)', () => {
    const times = slotInstants(
      everyDay('09:00'),
      LONDON,
      at('2026-03-28T00:00:00Z'),
      at('2026-03-31T00:00:00Z'),
    );
    // 09:00 GMT, then 09:00 BST (08:00 UTC).
    expect(times.map(iso)).toEqual([
      '2026-03-28T09:00:00.000Z',
      '2026-03-29T08:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
    ]);
  });

  it('move a time the clocks skip forward by the gap, and take the earlier of a repeated one', () => {
    const sunday = [{ weekday: 0, minuteOfDay: minuteOfTime('01:30') }];
    // 01:30 does not exist on 29 March: 02:30 BST.
    expect(
      slotInstants(sunday, LONDON, at('2026-03-28T12:00Z'), at('2026-03-30T00:00Z')).map(iso),
    ).toEqual(['2026-03-29T01:30:00.000Z']);
    // 01:30 happens twice on 25 October: the first, still BST.
    expect(
      slotInstants(sunday, LONDON, at('2026-10-24T12:00Z'), at('2026-10-26T00:00Z')).map(iso),
    ).toEqual(['2026-10-25T00:30:00.000Z']);
  });

  it('read in New York across its autumn change (1 November 2026)', () => {
    const times = slotInstants(
      everyDay('12:30'),
      NEW_YORK,
      at('2026-10-31T00:00Z'),
      at('2026-11-02T00:00Z'),
    );
    expect(times.map(iso)).toEqual(['2026-10-31T16:30:00.000Z', '2026-11-01T17:30:00.000Z']);
  });
});

describe('the next free posting time', () => {
  const slots = everyDay('09:00');

  it('is the first posting time after the lead time, across a change of offset', () => {
    expect(iso(nextSlot(state(slots), LONDON, at('2026-03-28T20:00Z')))).toBe(
      '2026-03-29T08:00:00.000Z',
    );
    // Four minutes before it: inside the lead time, so the day after.
    expect(iso(nextSlot(state(slots), LONDON, at('2026-03-29T07:56Z')))).toBe(
      '2026-03-30T08:00:00.000Z',
    );
  });

  it('is never one another post of the account already holds', () => {
    const held = state(slots, { busy: [busy('2026-03-29T08:00:00Z')] });
    expect(iso(nextSlot(held, LONDON, at('2026-03-28T20:00Z')))).toBe('2026-03-30T08:00:00.000Z');
    // A post that went out (or failed) holds nothing.
    const gone = state(slots, { busy: [busy('2026-03-29T08:00:00Z', 'published')] });
    expect(iso(nextSlot(gone, LONDON, at('2026-03-28T20:00Z')))).toBe('2026-03-29T08:00:00.000Z');
  });

  it('keeps Instagram’s 24-hour quota, for the post placed and for the ones after it', () => {
    const now = at('2026-03-28T20:00Z');
    // Two posts out in the hour before: a third at 08:00 would be over a quota of 2.
    const before = state(slots, {
      busy: [busy('2026-03-29T07:00:00Z'), busy('2026-03-29T07:30:00Z', 'published')],
    });
    expect(iso(nextSlot(before, LONDON, now, 2))).toBe('2026-03-30T08:00:00.000Z');
    expect(iso(nextSlot(before, LONDON, now, 3))).toBe('2026-03-29T08:00:00.000Z');
    // Two later that day: the second of them would be the third in its 24 hours, and so would
    // a post the morning after.
    const after = state(slots, {
      busy: [busy('2026-03-29T20:00:00Z'), busy('2026-03-29T21:00:00Z')],
    });
    expect(iso(nextSlot(after, LONDON, now, 2))).toBe('2026-03-31T08:00:00.000Z');
    expect(quotaAllows(at('2026-03-30T08:00Z').getTime(), [], 0)).toBe(false);
    expect(quotaAllows(at('2026-03-30T08:00Z').getTime(), [], null)).toBe(true);
  });

  it('comes after the last post of a paused queue, so a post added keeps its place', () => {
    const member: Member = {
      eventId: 'm',
      connectionId: 'c',
      slotAt: at('2026-04-02T08:00:00Z'),
      status: 'draft',
      title: 'Queued',
    };
    const paused = state(slots, { members: [member], paused: true });
    expect(iso(nextSlot(paused, LONDON, at('2026-03-28T20:00Z')))).toBe('2026-04-03T08:00:00.000Z');
  });

  it('is none without posting times', () => {
    expect(nextSlot(state([]), LONDON, at('2026-03-28T20:00Z'))).toBeNull();
  });
});

describe('placing several posts', () => {
  it('takes the free times in order and says when there are not enough', () => {
    const candidates = slotInstants(
      everyDay('09:00'),
      'UTC',
      at('2026-06-01T00:00Z'),
      at('2026-06-05T00:00Z'),
    );
    const occupancy = {
      taken: new Set([Math.floor(at('2026-06-02T09:00Z').getTime() / 60_000)]),
      quotaTimes: [],
      quotaTotal: null,
    };
    expect(placeInOrder(3, candidates, occupancy)?.map(iso)).toEqual([
      '2026-06-01T09:00:00.000Z',
      '2026-06-03T09:00:00.000Z',
      '2026-06-04T09:00:00.000Z',
    ]);
    expect(placeInOrder(4, candidates, occupancy)).toBeNull();
  });

  it('measures the busiest 24 hours of a week of posting times', () => {
    expect(busiestDay(everyDay('09:00'))).toBe(1);
    expect(
      busiestDay([
        { weekday: 1, minuteOfDay: minuteOfTime('23:00') },
        { weekday: 2, minuteOfDay: minuteOfTime('00:30') },
        { weekday: 2, minuteOfDay: minuteOfTime('22:00') },
        { weekday: 5, minuteOfDay: minuteOfTime('10:00') },
      ]),
    ).toBe(3);
    // Saturday night to Sunday morning wraps around the week.
    expect(
      busiestDay([
        { weekday: 6, minuteOfDay: minuteOfTime('23:00') },
        { weekday: 0, minuteOfDay: minuteOfTime('01:00') },
      ]),
    ).toBe(2);
  });
});
