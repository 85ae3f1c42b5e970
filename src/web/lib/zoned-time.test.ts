import { describe, expect, it } from 'vitest';
import {
  addDays,
  createZonedPartsReader,
  addMonths,
  dayLengthMinutes,
  formatDateKey,
  isValidTimeZone,
  offsetMinutes,
  parseDateKey,
  parseTimeKey,
  startOfDay,
  startOfWeek,
  weekdayIndex,
  zonedDate,
  zonedParts,
  zonedToUtc,
} from './zoned-time.ts';

const LONDON = 'Europe/London';
const NEW_YORK = 'America/New_York';
const iso = (d: Date) => d.toISOString();

describe('zonedToUtc and zonedParts', () => {
  it('round-trips ordinary times in several zones', () => {
    for (const zone of [LONDON, NEW_YORK, 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC']) {
      for (const wall of [
        { year: 2026, month: 1, day: 15, hour: 9, minute: 30 },
        { year: 2026, month: 7, day: 4, hour: 23, minute: 59 },
        { year: 2026, month: 12, day: 31, hour: 0, minute: 0 },
      ]) {
        const instant = zonedToUtc(wall, zone);
        const back = zonedParts(instant, zone);
        expect({ ...back, second: undefined }).toEqual({ ...wall, second: undefined });
      }
    }
  });

  it('knows the offsets either side of London’s spring change (29 March 2026)', () => {
    expect(offsetMinutes(new Date('2026-03-29T00:59:00Z'), LONDON)).toBe(0);
    expect(offsetMinutes(new Date('2026-03-29T01:00:00Z'), LONDON)).toBe(60);
    expect(iso(zonedToUtc({ year: 2026, month: 3, day: 29, hour: 0, minute: 30 }, LONDON))).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    expect(iso(zonedToUtc({ year: 2026, month: 3, day: 29, hour: 2, minute: 0 }, LONDON))).toBe(
      '2026-03-29T01:00:00.000Z',
    );
  });

  it('moves a time in the spring-forward gap forward by the gap (01:30 London → 02:30 BST)', () => {
    const instant = zonedToUtc({ year: 2026, month: 3, day: 29, hour: 1, minute: 30 }, LONDON);
    expect(iso(instant)).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedParts(instant, LONDON)).toMatchObject({ hour: 2, minute: 30 });
    // New York springs forward on 8 March 2026 at 02:00.
    const ny = zonedToUtc({ year: 2026, month: 3, day: 8, hour: 2, minute: 15 }, NEW_YORK);
    expect(iso(ny)).toBe('2026-03-08T07:15:00.000Z');
    expect(zonedParts(ny, NEW_YORK)).toMatchObject({ hour: 3, minute: 15 });
  });

  it('takes the earlier instant of a time that happens twice (autumn overlap)', () => {
    // New York, 1 November 2026: 01:30 EDT (05:30Z) and then 01:30 EST (06:30Z).
    const ny = zonedToUtc({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, NEW_YORK);
    expect(iso(ny)).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedParts(new Date('2026-11-01T06:30:00Z'), NEW_YORK)).toMatchObject({
      hour: 1,
      minute: 30,
    });
    // London, 25 October 2026: 01:30 BST (00:30Z) and 01:30 GMT (01:30Z).
    const london = zonedToUtc({ year: 2026, month: 10, day: 25, hour: 1, minute: 30 }, LONDON);
    expect(iso(london)).toBe('2026-10-25T00:30:00.000Z');
    // After the overlap, the later offset holds.
    expect(iso(zonedToUtc({ year: 2026, month: 11, day: 1, hour: 3, minute: 0 }, NEW_YORK))).toBe(
      '2026-11-01T08:00:00.000Z',
    );
  });

  it('handles zones with half-hour offsets and half-hour DST (Lord Howe)', () => {
    // Lord Howe moves from +10:30 to +11:00 at 02:00 on 4 October 2026.
    const zone = 'Australia/Lord_Howe';
    const gap = zonedToUtc({ year: 2026, month: 10, day: 4, hour: 2, minute: 15 }, zone);
    expect(zonedParts(gap, zone)).toMatchObject({ hour: 2, minute: 45 });
    expect(offsetMinutes(new Date('2026-07-01T00:00:00Z'), zone)).toBe(630);
  });
});

describe('days in a zone', () => {
  it('has 23-hour and 25-hour days at the changes, 24 otherwise', () => {
    expect(dayLengthMinutes({ year: 2026, month: 3, day: 29 }, LONDON)).toBe(23 * 60);
    expect(dayLengthMinutes({ year: 2026, month: 10, day: 25 }, LONDON)).toBe(25 * 60);
    expect(dayLengthMinutes({ year: 2026, month: 11, day: 1 }, NEW_YORK)).toBe(25 * 60);
    expect(dayLengthMinutes({ year: 2026, month: 3, day: 8 }, NEW_YORK)).toBe(23 * 60);
    expect(dayLengthMinutes({ year: 2026, month: 6, day: 1 }, NEW_YORK)).toBe(24 * 60);
  });

  it('finds midnight even where a change happens at midnight (Santiago, Chile)', () => {
    // Chile springs forward at 24:00 on Saturday 5 September 2026: that Sunday starts at 01:00.
    const start = startOfDay({ year: 2026, month: 9, day: 6 }, 'America/Santiago');
    expect(zonedDate(start, 'America/Santiago')).toEqual({ year: 2026, month: 9, day: 6 });
    expect(zonedParts(start, 'America/Santiago').hour).toBe(1);
  });

  it('puts an instant on the right day of the zone', () => {
    const instant = new Date('2026-11-01T03:30:00Z');
    expect(zonedDate(instant, NEW_YORK)).toEqual({ year: 2026, month: 10, day: 31 });
    expect(zonedDate(instant, LONDON)).toEqual({ year: 2026, month: 11, day: 1 });
  });
});

describe('plain dates', () => {
  it('adds days and months across month and year ends', () => {
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({
      year: 2027,
      month: 1,
      day: 1,
    });
    expect(addDays({ year: 2028, month: 3, day: 1 }, -1)).toEqual({
      year: 2028,
      month: 2,
      day: 29,
    });
    expect(addMonths({ year: 2026, month: 1, day: 31 }, 1)).toEqual({
      year: 2026,
      month: 2,
      day: 28,
    });
    expect(addMonths({ year: 2026, month: 1, day: 15 }, -1)).toEqual({
      year: 2025,
      month: 12,
      day: 15,
    });
  });

  it('starts weeks on Monday', () => {
    // 29 March 2026 is a Sunday.
    expect(weekdayIndex({ year: 2026, month: 3, day: 29 })).toBe(6);
    expect(startOfWeek({ year: 2026, month: 3, day: 29 })).toEqual({
      year: 2026,
      month: 3,
      day: 23,
    });
    expect(startOfWeek({ year: 2026, month: 3, day: 23 })).toEqual({
      year: 2026,
      month: 3,
      day: 23,
    });
  });

  it('parses and prints date and time keys, refusing impossible ones', () => {
    expect(formatDateKey({ year: 2026, month: 3, day: 9 })).toBe('2026-03-09');
    expect(parseDateKey('2026-02-29')).toBeNull();
    expect(parseDateKey('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseDateKey('nope')).toBeNull();
    expect(parseTimeKey('09:05')).toEqual({ hour: 9, minute: 5 });
    expect(parseTimeKey('24:00')).toBeNull();
  });

  it('knows which zone names are real', () => {
    expect(isValidTimeZone(LONDON)).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('createZonedPartsReader', () => {
  it('agrees with zonedParts minute by minute around DST changes and elsewhere', () => {
    for (const [zone, from] of [
      [LONDON, '2026-03-28T12:00:00Z'],
      [LONDON, '2026-10-24T12:00:00Z'],
      [NEW_YORK, '2026-10-31T12:00:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T00:00:00Z'],
      ['Asia/Kathmandu', '2026-06-01T00:00:00Z'],
    ] as const) {
      const read = createZonedPartsReader(zone);
      const start = new Date(from).getTime();
      // Every 7 minutes for two days: crosses the change and every quarter-hour boundary.
      for (let t = start; t < start + 2 * 86_400_000; t += 7 * 60_000) {
        const { second: _second, ...expected } = zonedParts(new Date(t), zone);
        expect(read(new Date(t))).toEqual(expected);
      }
    }
  });
});
