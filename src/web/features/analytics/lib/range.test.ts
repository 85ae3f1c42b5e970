import { describe, expect, it } from 'vitest';
import { customRangeError } from './range.ts';
import { exportHref, paramsFrom } from './query-state.ts';

const NOW = new Date('2026-03-29T23:30:00Z');

describe('a custom range', () => {
  it('needs both dates, in order, not after today in the business zone, at most 366 days', () => {
    expect(customRangeError('', '2026-03-01', 'UTC', NOW)).toBe('Enter both dates.');
    expect(customRangeError('2026-03-02', '2026-03-01', 'UTC', NOW)).toBe(
      'The start date must be on or before the end date.',
    );
    expect(customRangeError('2026-03-01', '2026-03-30', 'UTC', NOW)).toBe(
      'The end date cannot be in the future.',
    );
    // 23:30 UTC is already 00:30 on the 30th in Berlin: the business's day counts.
    expect(customRangeError('2026-03-01', '2026-03-30', 'Europe/Berlin', NOW)).toBeNull();
    expect(customRangeError('2025-03-28', '2026-03-29', 'UTC', NOW)).toBe(
      'Choose at most 366 days.',
    );
    expect(customRangeError('2025-03-29', '2026-03-29', 'UTC', NOW)).toBeNull();
  });
});

describe('the address', () => {
  it('reads a preset or two dates, and the order of the posts', () => {
    expect(paramsFrom(new URLSearchParams(''))).toEqual({
      account: 'all',
      range: '28',
      sort: 'interactions',
      dir: 'desc',
      page: 1,
    });
    expect(
      paramsFrom(new URLSearchParams('from=2026-01-01&to=2026-01-31&sort=reach&dir=asc&page=3')),
    ).toEqual({
      account: 'all',
      from: '2026-01-01',
      to: '2026-01-31',
      sort: 'reach',
      dir: 'asc',
      page: 3,
    });
    expect(paramsFrom(new URLSearchParams('range=12&sort=nope&page=-1'))).toMatchObject({
      range: '28',
      sort: 'interactions',
      page: 1,
    });
  });

  it('builds each export from the same query', () => {
    const params = paramsFrom(new URLSearchParams('from=2026-01-01&to=2026-01-31&sort=reach'));
    expect(exportHref('summary', params)).toBe(
      '/api/analytics/export/summary?account=all&from=2026-01-01&to=2026-01-31',
    );
    expect(exportHref('posts', params)).toBe(
      '/api/analytics/export/posts?account=all&from=2026-01-01&to=2026-01-31&sort=reach&dir=desc',
    );
    expect(exportHref('demographics', params)).toBe(
      '/api/analytics/export/demographics?account=all',
    );
  });
});
