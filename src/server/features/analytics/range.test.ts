import { describe, expect, it } from 'vitest';
import { AppError } from '#shared/errors/index.ts';
import { resolveRange } from './range.ts';

const now = new Date('2026-11-28T10:00:00Z');

function refusal(fn: () => unknown): Record<string, string> {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).record.details?.fieldErrors as Record<string, string>;
  }
  throw new Error('not refused');
}

describe('resolveRange', () => {
  it('ends a preset yesterday in the business time zone and compares the same length before', () => {
    expect(resolveRange({ account: 'all', range: '7' }, 'UTC', now)).toEqual({
      from: '2026-11-21',
      to: '2026-11-27',
      days: 7,
      previousFrom: '2026-11-14',
      previousTo: '2026-11-20',
      timeZone: 'UTC',
    });
    // Already the 29th in Auckland.
    const nz = resolveRange(
      { account: 'all', range: '28' },
      'Pacific/Auckland',
      new Date('2026-11-28T12:00:00Z'),
    );
    expect(nz.to).toBe('2026-11-28');
    expect(nz.days).toBe(28);
    expect(nz.previousTo).toBe('2026-10-31');
  });

  it('defaults to 28 days', () => {
    expect(resolveRange({ account: 'all' }, 'UTC', now).days).toBe(28);
  });

  it('takes a custom range inclusive, including a single day and across a month end', () => {
    const r = resolveRange({ account: 'all', from: '2026-10-30', to: '2026-11-02' }, 'UTC', now);
    expect(r).toMatchObject({ days: 4, previousFrom: '2026-10-26', previousTo: '2026-10-29' });
    const one = resolveRange({ account: 'all', from: '2026-11-01', to: '2026-11-01' }, 'UTC', now);
    expect(one).toMatchObject({ days: 1, previousFrom: '2026-10-31', previousTo: '2026-10-31' });
  });

  it('refuses reversed, future, impossible, half-given and over-a-year ranges with the field named', () => {
    expect(
      refusal(() =>
        resolveRange({ account: 'all', from: '2026-11-10', to: '2026-11-01' }, 'UTC', now),
      ),
    ).toHaveProperty('to');
    expect(
      refusal(() =>
        resolveRange({ account: 'all', from: '2026-11-01', to: '2026-11-29' }, 'UTC', now),
      ).to,
    ).toMatch(/future/);
    expect(
      refusal(() =>
        resolveRange({ account: 'all', from: '2026-02-30', to: '2026-03-01' }, 'UTC', now),
      ),
    ).toHaveProperty('from');
    expect(
      refusal(() => resolveRange({ account: 'all', from: '2026-11-01' }, 'UTC', now)),
    ).toHaveProperty('to');
    expect(
      refusal(() =>
        resolveRange({ account: 'all', from: '2025-11-01', to: '2026-11-27' }, 'UTC', now),
      ).from,
    ).toMatch(/year/);
    // 366 days is the longest allowed.
    expect(
      resolveRange({ account: 'all', from: '2025-11-27', to: '2026-11-27' }, 'UTC', now).days,
    ).toBe(366);
  });
});
