import { describe, expect, it } from 'vitest';
import { describeWindow, quotaOverflows, QUOTA_WINDOW_MS } from './quota-window.ts';

// Every rolling 24-hour window of an Instagram account's schedule, the campaign's posts and
// those already on the calendar together, against the account's limit.

const H = 3_600_000;
const T0 = Date.parse('2026-12-01T00:00:00Z');
const at = (hours: number) => T0 + hours * H;
const planned = (...hours: number[]) => hours.map((h, i) => ({ key: `p${i + 1}`, at: at(h) }));

describe('quotaOverflows', () => {
  it('names nothing while every 24 hours stay within the limit', () => {
    expect(
      quotaOverflows([
        { connectionId: 'ig', limit: 2, existing: [at(0)], planned: planned(24, 30, 48) },
      ]),
    ).toEqual([]);
  });

  it('names the planned posts past the limit, after the ones already scheduled', () => {
    const found = quotaOverflows([
      { connectionId: 'ig', limit: 3, existing: [at(1), at(2)], planned: planned(3, 4, 5) },
    ]);
    expect(found.map((o) => o.key)).toEqual(['p2', 'p3']);
    expect(found[0]).toMatchObject({ connectionId: 'ig', limit: 3, at: at(4), from: at(1) });
    expect(found[0]!.until - found[0]!.from).toBe(QUOTA_WINDOW_MS);
  });

  it('counts a window as 24 hours: a post exactly a day later is in the next one', () => {
    expect(
      quotaOverflows([{ connectionId: 'ig', limit: 1, existing: [at(0)], planned: planned(24) }]),
    ).toEqual([]);
    expect(
      quotaOverflows([
        { connectionId: 'ig', limit: 1, existing: [at(0)], planned: planned(23.99) },
      ]).map((o) => o.key),
    ).toEqual(['p1']);
  });

  it('names a planned post that would push a post already scheduled after it past the limit', () => {
    // The campaign's post at 10:00 leaves the scheduled one at 11:00 one too many.
    const found = quotaOverflows([
      { connectionId: 'ig', limit: 1, existing: [at(11)], planned: planned(10) },
    ]);
    expect(found.map((o) => o.key)).toEqual(['p1']);
  });

  it('names the fewest posts: one overflow frees every window it was in', () => {
    // Limit 2 with posts every 8 hours: each 24 hours hold 3; dropping every third keeps 2.
    const found = quotaOverflows([
      { connectionId: 'ig', limit: 2, existing: [], planned: planned(0, 8, 16, 24, 32, 40, 48) },
    ]);
    expect(found.map((o) => o.key)).toEqual(['p3', 'p6']);
  });

  it('names nothing for an account its own posts already fill, nor one whose limit is unknown', () => {
    expect(
      quotaOverflows([
        { connectionId: 'ig', limit: 1, existing: [at(0), at(1)], planned: planned(30) },
        { connectionId: 'other', limit: null, existing: [at(0)], planned: planned(0, 0, 0) },
      ]),
    ).toEqual([]);
  });

  it('keeps accounts apart', () => {
    const found = quotaOverflows([
      { connectionId: 'a', limit: 1, existing: [], planned: [{ key: 'a1', at: at(1) }] },
      {
        connectionId: 'b',
        limit: 1,
        existing: [],
        planned: [
          { key: 'b1', at: at(1) },
          { key: 'b2', at: at(2) },
        ],
      },
    ]);
    expect(found.map((o) => [o.connectionId, o.key])).toEqual([['b', 'b2']]);
  });
});

describe('describeWindow', () => {
  it('names the window in UTC', () => {
    expect(describeWindow(at(9), at(33))).toBe('Dec 1, 09:00 – Dec 2, 09:00 UTC');
  });
});
