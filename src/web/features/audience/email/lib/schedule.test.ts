import { describe, expect, it } from 'vitest';
import { defaultSchedule, scheduleOf, sendAtOf } from './schedule.ts';

// The schedule dialog's times are wall-clock times of the business time zone.

const NOW = new Date('2026-03-28T23:30:00.000Z');

describe('the send time', () => {
  it('defaults to 09:00 tomorrow in the business time zone', () => {
    // 23:30 on the 28th in Lisbon (UTC+0 until the clocks go forward), already the 29th in Tokyo.
    expect(defaultSchedule('Europe/Lisbon', NOW)).toEqual({ date: '2026-03-29', time: '09:00' });
    expect(defaultSchedule('Asia/Tokyo', NOW)).toEqual({ date: '2026-03-30', time: '09:00' });
  });

  it('is the zone’s wall-clock time as an instant, and must be in the future', () => {
    expect(sendAtOf({ date: '2026-07-01', time: '09:00' }, 'Europe/Lisbon', NOW)).toEqual({
      ok: true,
      sendAt: '2026-07-01T08:00:00.000Z',
    });
    expect(sendAtOf({ date: '2026-03-28', time: '09:00' }, 'UTC', NOW)).toEqual({
      ok: false,
      error: 'Choose a time in the future',
    });
    expect(sendAtOf({ date: '', time: '09:00' }, 'UTC', NOW)).toEqual({
      ok: false,
      error: 'Choose a date and time',
    });
  });

  it('reads a chosen time back in the zone', () => {
    expect(scheduleOf(new Date('2026-07-01T08:00:00.000Z'), 'Europe/Lisbon')).toEqual({
      date: '2026-07-01',
      time: '09:00',
    });
  });
});
