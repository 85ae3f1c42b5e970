import { describe, expect, it } from 'vitest';
import { plannedAt, startValues, withComposer } from './composer-host.tsx';

// A new post starts at the next full hour in the business's time zone, never in the past.
describe('startValues', () => {
  const none = new URLSearchParams();

  it('starts at the next full hour of the same day', () => {
    const values = startValues(none, 'UTC', new Date('2026-11-25T10:10:00Z'));
    expect(values).toMatchObject({ date: '2026-11-25', time: '11:00' });
  });

  it('starts at midnight of the next day after 23:00', () => {
    const values = startValues(none, 'UTC', new Date('2026-11-25T23:45:00Z'));
    expect(values).toMatchObject({ date: '2026-11-26', time: '00:00' });
  });

  it('reads the hour and the day in the business time zone', () => {
    // 22:30 UTC is 23:30 in Paris: the next full hour there is midnight of the 26th.
    const values = startValues(none, 'Europe/Paris', new Date('2026-11-25T22:30:00Z'));
    expect(values).toMatchObject({ date: '2026-11-26', time: '00:00' });
  });

  it('keeps the slot a person chose', () => {
    const params = new URLSearchParams({ date: '2026-12-01', time: '09:30' });
    expect(startValues(params, 'UTC', new Date('2026-11-25T23:45:00Z'))).toMatchObject({
      date: '2026-12-01',
      time: '09:30',
    });
  });
});

// A saved post opened at a date and time: an idea of the calendar's tray planned on a day
// (docs/decisions/078).
describe('a saved post planned by its address', () => {
  const id = '00000000-0000-4000-8000-000000000007';

  it('carries the date and time with the post, and both are read back', () => {
    const params = withComposer(new URLSearchParams('view=month'), {
      eventId: id,
      date: { year: 2026, month: 12, day: 3 },
      time: '10:15',
    });
    expect(params.toString()).toBe(`view=month&compose=${id}&date=2026-12-03&time=10%3A15`);
    expect(plannedAt(params)).toEqual({ date: '2026-12-03', time: '10:15' });
  });

  it('opens a post without a planned time when only the calendar’s date is in the address', () => {
    const params = withComposer(new URLSearchParams('date=2026-12-03&time=09:00'), { eventId: id });
    expect(params.get('time')).toBeNull();
    expect(plannedAt(params)).toBeNull();
    expect(plannedAt(new URLSearchParams('date=2026-12-03&time=25:00'))).toBeNull();
  });
});
