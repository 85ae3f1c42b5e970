import { describe, expect, it } from 'vitest';
import {
  currentPeriod,
  latestSendDate,
  nextSendAt,
  reportPeriod,
  scheduledPeriod,
} from './reports.schedule.ts';

// When scheduled analytics reports go and what they cover (docs/decisions/092): Monday or the 1st
// at 08:00 in the business's time zone; the 7 days before, or the previous calendar month.

const at = (iso: string) => new Date(iso);

describe('the next sending time', () => {
  it('weekly: next Monday at 08:00, today when it is Monday before 08:00', () => {
    // Wednesday 25 November 2026.
    expect(nextSendAt('weekly', 'UTC', at('2026-11-25T12:00:00Z')).toISOString()).toBe(
      '2026-11-30T08:00:00.000Z',
    );
    expect(nextSendAt('weekly', 'UTC', at('2026-11-30T07:59:00Z')).toISOString()).toBe(
      '2026-11-30T08:00:00.000Z',
    );
    expect(nextSendAt('weekly', 'UTC', at('2026-11-30T08:00:00Z')).toISOString()).toBe(
      '2026-12-07T08:00:00.000Z',
    );
  });

  it('in the business time zone, across a change of offset', () => {
    expect(nextSendAt('weekly', 'America/New_York', at('2026-11-25T12:00:00Z')).toISOString()).toBe(
      '2026-11-30T13:00:00.000Z',
    );
    // Berlin moves to summer time on Sunday 28 March 2027: Monday 08:00 is 06:00 UTC.
    expect(nextSendAt('weekly', 'Europe/Berlin', at('2027-03-26T12:00:00Z')).toISOString()).toBe(
      '2027-03-29T06:00:00.000Z',
    );
    // Already Monday 30 November, 09:00, in Auckland.
    expect(nextSendAt('weekly', 'Pacific/Auckland', at('2026-11-29T20:00:00Z')).toISOString()).toBe(
      '2026-12-06T19:00:00.000Z',
    );
  });

  it('monthly: the 1st of next month at 08:00', () => {
    expect(nextSendAt('monthly', 'UTC', at('2026-11-28T12:00:00Z')).toISOString()).toBe(
      '2026-12-01T08:00:00.000Z',
    );
    expect(nextSendAt('monthly', 'UTC', at('2026-12-15T00:00:00Z')).toISOString()).toBe(
      '2027-01-01T08:00:00.000Z',
    );
    expect(nextSendAt('monthly', 'UTC', at('2026-12-01T07:00:00Z')).toISOString()).toBe(
      '2026-12-01T08:00:00.000Z',
    );
    expect(nextSendAt('monthly', 'Europe/Lisbon', at('2027-06-10T00:00:00Z')).toISOString()).toBe(
      '2027-07-01T07:00:00.000Z',
    );
  });
});

describe('the period sent', () => {
  it('weekly: the 7 days ending the day before sending', () => {
    expect(reportPeriod('weekly', { year: 2026, month: 11, day: 30 })).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
    expect(reportPeriod('weekly', { year: 2027, month: 1, day: 4 })).toEqual({
      from: '2026-12-28',
      to: '2027-01-03',
    });
  });

  it('monthly: the previous calendar month', () => {
    expect(reportPeriod('monthly', { year: 2026, month: 12, day: 1 })).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(reportPeriod('monthly', { year: 2027, month: 1, day: 1 })).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(reportPeriod('monthly', { year: 2028, month: 3, day: 1 })).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });

  it('a late run still sends the period of the send that was due', () => {
    // Due Monday 30 November 08:00; run on Wednesday.
    expect(scheduledPeriod('weekly', 'UTC', at('2026-12-02T10:00:00Z'))).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
    // Monday before 08:00: last week's send.
    expect(latestSendDate('weekly', 'UTC', at('2026-11-30T07:00:00Z'))).toEqual({
      year: 2026,
      month: 11,
      day: 23,
    });
    expect(scheduledPeriod('monthly', 'UTC', at('2026-12-09T10:00:00Z'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('"send now": the period of a report sent today', () => {
    expect(currentPeriod('weekly', 'UTC', at('2026-11-25T12:00:00Z'))).toEqual({
      from: '2026-11-18',
      to: '2026-11-24',
    });
    expect(currentPeriod('monthly', 'UTC', at('2026-11-25T12:00:00Z'))).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });
});
