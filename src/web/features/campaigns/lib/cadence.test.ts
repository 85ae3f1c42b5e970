import { describe, expect, it } from 'vitest';
import { cadenceFromBestTimes, defaultCadence } from './cadence.ts';

describe('defaultCadence', () => {
  it('takes the days and the start times of the posting hours', () => {
    expect(
      defaultCadence([
        { day: 4, start: '12:00', end: '14:00' },
        { day: 2, start: '09:00', end: '11:00' },
        { day: 4, start: '09:00', end: '10:00' },
      ]),
    ).toEqual({ postsPerWeek: 2, weekdays: [2, 4], times: ['09:00', '12:00'] });
  });

  it('posts three times a week at the posting hours without any', () => {
    expect(defaultCadence([])).toEqual({ postsPerWeek: 3, weekdays: [1, 3, 5], times: [] });
  });
});

describe('cadenceFromBestTimes', () => {
  it("takes analytics' best days and times, a post a day", () => {
    const at = '2026-12-01T09:00:00.000Z';
    expect(
      cadenceFromBestTimes([
        { day: 5, time: '18:30', next_at: at },
        { day: 2, time: '08:00', next_at: at },
        { day: 5, time: '08:00', next_at: at },
      ]),
    ).toEqual({ postsPerWeek: 2, weekdays: [2, 5], times: ['08:00', '18:30'] });
    expect(cadenceFromBestTimes([])).toBeNull();
  });
});
