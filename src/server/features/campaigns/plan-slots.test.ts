import { describe, expect, it } from 'vitest';
import type { Cadence } from '#shared/contracts/campaign-plan.contract.ts';
import { plannedPostSchema } from '#shared/contracts/campaign-plan.contract.ts';
import { localDateOf } from '../queue/wall-clock.ts';
import {
  defaultCadence,
  isoWithOffset,
  planSlots,
  timesByWeekday,
  type SlotInput,
} from './plan-slots.ts';

// The cadence as concrete times: a weekly spread per account, wall-clock times across a change
// of offset, nothing sooner than 15 minutes from now, and the same answer for the same input.

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const MON_WED_FRI: Cadence = { postsPerWeek: 3, weekdays: [1, 3, 5], times: ['09:00'] };

function input(overrides: Partial<SlotInput> = {}): SlotInput {
  return {
    cadence: MON_WED_FRI,
    // Monday 2 March 2026 to Sunday 15 March: two whole weeks.
    startsOn: '2026-03-02',
    endsOn: '2026-03-15',
    connectionIds: [A, B],
    timeZone: 'Europe/Lisbon',
    now: new Date('2026-02-20T12:00:00Z'),
    ...overrides,
  };
}

const weekday = (iso: string) => new Date(`${iso.slice(0, 10)}T12:00:00Z`).getUTCDay();

describe('planSlots', () => {
  it('gives each account its posts per week on the chosen weekdays and times', () => {
    const { slots, notices } = planSlots(input());
    expect(notices).toEqual([]);
    expect(slots).toHaveLength(12);
    for (const id of [A, B]) {
      const mine = slots.filter((s) => s.connectionId === id);
      expect(mine.map((s) => s.scheduledFor)).toEqual([
        '2026-03-02T09:00:00+00:00',
        '2026-03-04T09:00:00+00:00',
        '2026-03-06T09:00:00+00:00',
        '2026-03-09T09:00:00+00:00',
        '2026-03-11T09:00:00+00:00',
        '2026-03-13T09:00:00+00:00',
      ]);
      expect(mine.map((s) => s.week)).toEqual([0, 0, 0, 1, 1, 1]);
    }
    // In time order, the brief's accounts in order at the same time.
    expect(slots.slice(0, 2).map((s) => s.connectionId)).toEqual([A, B]);
    for (const slot of slots) {
      expect(plannedPostSchema.shape.scheduledFor.safeParse(slot.scheduledFor).success).toBe(true);
      expect(Date.parse(slot.scheduledFor)).toBe(slot.at.getTime());
    }
  });

  it('spreads fewer posts than times over the week, not on its first days', () => {
    const { slots } = planSlots(
      input({
        cadence: { postsPerWeek: 2, weekdays: [1, 2, 3, 4, 5], times: ['09:00', '17:30'] },
        connectionIds: [A],
        endsOn: '2026-03-08',
      }),
    );
    // Ten times a week, two posts: the first and the sixth (Monday 09:00, Wednesday 17:30).
    expect(slots.map((s) => s.scheduledFor)).toEqual([
      '2026-03-02T09:00:00+00:00',
      '2026-03-04T17:30:00+00:00',
    ]);
  });

  it('gives a short last week its share and says when the times cannot hold the cadence', () => {
    const short = planSlots(
      input({
        cadence: { postsPerWeek: 7, weekdays: [0, 1, 2, 3, 4, 5, 6], times: ['10:00'] },
        connectionIds: [A],
        endsOn: '2026-03-10', // a week and two days
      }),
    );
    expect(short.slots.filter((s) => s.week === 0)).toHaveLength(7);
    expect(short.slots.filter((s) => s.week === 1)).toHaveLength(2);

    const few = planSlots(
      input({
        cadence: { postsPerWeek: 5, weekdays: [2], times: ['12:00'] },
        connectionIds: [A],
      }),
    );
    expect(few.slots).toHaveLength(2);
    expect(few.notices).toEqual([expect.stringContaining('hold 1 post a week, not 5')]);
  });

  it('keeps wall-clock times across a change to summer time, in the business time zone', () => {
    // London moves its clocks forward on Sunday 29 March 2026, 01:00 → 02:00.
    const { slots } = planSlots(
      input({
        cadence: { postsPerWeek: 1, weekdays: [1], times: ['09:00'] },
        startsOn: '2026-03-23',
        endsOn: '2026-04-05',
        connectionIds: [A],
        timeZone: 'Europe/London',
      }),
    );
    expect(slots.map((s) => [s.at.toISOString(), s.scheduledFor])).toEqual([
      ['2026-03-23T09:00:00.000Z', '2026-03-23T09:00:00+00:00'],
      ['2026-03-30T08:00:00.000Z', '2026-03-30T09:00:00+01:00'],
    ]);
    // A time the clocks skip moves forward by the gap.
    const gap = planSlots(
      input({
        cadence: { postsPerWeek: 1, weekdays: [0], times: ['01:30'] },
        startsOn: '2026-03-29',
        endsOn: '2026-03-29',
        connectionIds: [A],
        timeZone: 'Europe/London',
      }),
    );
    expect(gap.slots.map((s) => s.scheduledFor)).toEqual(['2026-03-29T02:30:00+01:00']);
    // Far from UTC: the weekday is the business's, not the server's.
    const auckland = planSlots(
      input({
        cadence: { postsPerWeek: 1, weekdays: [1], times: ['07:00'] },
        startsOn: '2026-03-02',
        endsOn: '2026-03-08',
        connectionIds: [A],
        timeZone: 'Pacific/Auckland',
      }),
    );
    expect(auckland.slots.map((s) => [s.at.toISOString(), s.scheduledFor])).toEqual([
      ['2026-03-01T18:00:00.000Z', '2026-03-02T07:00:00+13:00'],
    ]);
  });

  it('never plans a time sooner than 15 minutes from now, and says so', () => {
    // Wednesday 4 March 2026, 08:50 in Lisbon: Monday has passed, 09:00 is ten minutes away.
    const now = new Date('2026-03-04T08:50:00Z');
    const { slots, notices } = planSlots(input({ now, connectionIds: [A] }));
    expect(slots.every((s) => s.at.getTime() >= now.getTime() + 15 * 60_000)).toBe(true);
    expect(slots.map((s) => s.scheduledFor)).toEqual([
      '2026-03-06T09:00:00+00:00',
      '2026-03-09T09:00:00+00:00',
      '2026-03-11T09:00:00+00:00',
      '2026-03-13T09:00:00+00:00',
    ]);
    expect(notices).toEqual([expect.stringContaining('15 minutes')]);
    const over = planSlots(input({ now: new Date('2026-04-01T00:00:00Z') }));
    expect(over.slots).toEqual([]);
  });

  it('stays between the first and the last day, both included', () => {
    const { slots } = planSlots(
      input({
        cadence: { postsPerWeek: 21, weekdays: [0, 1, 2, 3, 4, 5, 6], times: ['00:00', '23:59'] },
        startsOn: '2026-03-02',
        endsOn: '2026-03-04',
        connectionIds: [A],
        timeZone: 'America/New_York',
      }),
    );
    const days = slots.map((s) => localDateOf(s.at, 'America/New_York'));
    expect(days[0]).toEqual({ year: 2026, month: 3, day: 2 });
    expect(days.at(-1)).toEqual({ year: 2026, month: 3, day: 4 });
    expect(slots).toHaveLength(6);
  });

  it('is deterministic', () => {
    const one = planSlots(
      input({ cadence: { postsPerWeek: 4, weekdays: [1, 2, 4, 6], times: ['08:15', '19:00'] } }),
    );
    const two = planSlots(
      input({ cadence: { postsPerWeek: 4, weekdays: [1, 2, 4, 6], times: ['08:15', '19:00'] } }),
    );
    expect(two).toEqual(one);
    expect(one.slots.length).toBeGreaterThan(0);
  });

  it('takes the times of the business’s posting hours when the cadence leaves them to the default', () => {
    const postingHours = [
      { day: 1, start: '08:00', end: '12:00' },
      { day: 3, start: '14:00', end: '18:00' },
    ];
    const cadence: Cadence = { postsPerWeek: 3, weekdays: [1, 3, 5], times: [] };
    expect([...timesByWeekday(cadence, postingHours)]).toEqual([
      [1, [480]],
      [3, [840]],
      // Friday has no posting hours of its own: the starts of the others.
      [5, [480, 840]],
    ]);
    const { slots } = planSlots(
      input({ cadence, postingHours, connectionIds: [A], endsOn: '2026-03-08' }),
    );
    expect(slots.map((s) => s.scheduledFor)).toEqual([
      '2026-03-02T08:00:00+00:00',
      '2026-03-04T14:00:00+00:00',
      '2026-03-06T08:00:00+00:00',
    ]);
    expect(slots.map((s) => weekday(s.scheduledFor))).toEqual([1, 3, 5]);
    const none = planSlots(input({ cadence, connectionIds: [A], endsOn: '2026-03-02' }));
    expect(none.slots.map((s) => s.scheduledFor)).toEqual(['2026-03-02T09:00:00+00:00']);
  });
});

describe('defaultCadence', () => {
  it('starts from the posting hours, the best times inside them, or a stated default', () => {
    const hours = [
      { day: 2, start: '09:00', end: '17:00' },
      { day: 4, start: '10:00', end: '16:00' },
    ];
    expect(defaultCadence(hours)).toEqual({
      postsPerWeek: 3,
      weekdays: [2, 4],
      times: ['09:00', '10:00'],
    });
    expect(
      defaultCadence(hours, [
        { day: 2, time: '11:00' },
        { day: 6, time: '20:00' },
      ]),
    ).toEqual({
      postsPerWeek: 2,
      weekdays: [2, 4],
      times: ['11:00'],
    });
    expect(defaultCadence([], [{ day: 5, time: '10:00' }])).toEqual({
      postsPerWeek: 1,
      weekdays: [5],
      times: ['10:00'],
    });
    expect(defaultCadence([])).toEqual({
      postsPerWeek: 3,
      weekdays: [1, 2, 3, 4, 5],
      times: ['09:00', '12:30', '18:00'],
    });
  });
});

describe('isoWithOffset', () => {
  it('writes the instant as the business’s clock shows it', () => {
    const at = new Date('2026-07-01T16:30:00Z');
    expect(isoWithOffset(at, 'America/Los_Angeles')).toBe('2026-07-01T09:30:00-07:00');
    expect(isoWithOffset(at, 'Asia/Kolkata')).toBe('2026-07-01T22:00:00+05:30');
    expect(isoWithOffset(at, 'Not/AZone')).toBe('2026-07-01T16:30:00+00:00');
  });
});
