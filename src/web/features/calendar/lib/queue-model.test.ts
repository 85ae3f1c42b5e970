import { describe, expect, it } from 'vitest';
import type { AccountQueue } from '#shared/contracts/queue.contract.ts';
import { dayLabel, moveTo, queueDays, timesOf } from './queue-model.ts';

// The queue view's model (docs/decisions/077): posting times grouped by their day in the
// business time zone, and the order a move asks for.

describe('moveTo', () => {
  it('puts a post at a place, clamped, and says when nothing changes', () => {
    expect(moveTo(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(moveTo(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveTo(['a', 'b', 'c'], 'a', 9)).toEqual(['b', 'c', 'a']);
    expect(moveTo(['a', 'b', 'c'], 'b', 1)).toBeNull();
    expect(moveTo(['a', 'b', 'c'], 'x', 0)).toBeNull();
  });
});

describe('queueDays', () => {
  it('groups the time line by the day each time falls on in the business zone', () => {
    const account = {
      posts: [],
      timeline: [
        // 23:30 UTC on 28 March is still the 28th in London; on the 29th it is the 30th (BST).
        { at: '2026-03-28T23:30:00.000Z', kind: 'empty', post_id: null, title: null },
        { at: '2026-03-29T08:00:00.000Z', kind: 'empty', post_id: null, title: null },
        { at: '2026-03-29T23:30:00.000Z', kind: 'empty', post_id: null, title: null },
      ],
    } as unknown as AccountQueue;
    const days = queueDays(account, 'Europe/London', new Date('2026-03-28T12:00:00Z'));
    expect(days.map((d) => [d.key, d.label, d.rows.length])).toEqual([
      ['2026-03-28', 'Today', 1],
      ['2026-03-29', 'Tomorrow', 1],
      [
        '2026-03-30',
        dayLabel({ year: 2026, month: 3, day: 30 }, { year: 2026, month: 3, day: 28 }),
        1,
      ],
    ]);
    expect(days[2]!.label).toMatch(/Monday/);
  });

  it('lists a weekday’s times in order', () => {
    expect(
      timesOf(
        [
          { weekday: 1, time: '18:00' },
          { weekday: 2, time: '07:00' },
          { weekday: 1, time: '09:00' },
        ],
        1,
      ),
    ).toEqual(['09:00', '18:00']);
  });
});
