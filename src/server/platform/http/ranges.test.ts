import { describe, expect, it } from 'vitest';
import { parseRange, resolveRange, type RangeChoice } from './ranges.ts';

/** The header and the size in one step, as a file route uses the two. */
function chooseRange(header: string | null | undefined, size: number): RangeChoice {
  const spec = parseRange(header);
  return spec ? resolveRange(spec, size) : 'whole';
}

describe('parseRange', () => {
  it.each([
    ['bytes=0-499', { first: 0, last: 499 }],
    ['bytes=500-', { first: 500, last: null }],
    ['bytes=-500', { suffix: 500 }],
    ['bytes=0-0', { first: 0, last: 0 }],
    ['bytes=7-7', { first: 7, last: 7 }],
    ['bytes=-0', { suffix: 0 }],
    ['BYTES=1-2', { first: 1, last: 2 }],
    [' bytes=1-2 ', { first: 1, last: 2 }],
    ['bytes= 1-2', { first: 1, last: 2 }],
    // Empty list elements are ignored (RFC 9110 §5.6.1).
    ['bytes=1-2,', { first: 1, last: 2 }],
    ['bytes=, 1-2', { first: 1, last: 2 }],
    ['bytes=007-010', { first: 7, last: 10 }],
  ])('reads %j', (header, spec) => {
    expect(parseRange(header)).toEqual(spec);
  });

  it.each([
    [undefined],
    [null],
    [''],
    ['bytes'],
    ['bytes='],
    ['bytes=-'],
    ['bytes=a-b'],
    ['bytes=1-b'],
    ['bytes=0x10-20'],
    ['bytes=1.5-2'],
    ['bytes=+1-2'],
    ['bytes=--1'],
    ['bytes=1-2-3'],
    ['bytes=1 - 2'],
    ['bytes =1-2'],
    ['items=0-1'],
    ['0-1'],
    // last before first makes the spec invalid, not unsatisfiable (§14.1.1).
    ['bytes=5-1'],
  ])('ignores %j (the whole file is sent)', (header) => {
    expect(parseRange(header)).toBeNull();
  });

  it.each([['bytes=0-1,5-6'], ['bytes=0-1, 5-6'], ['bytes=-1,0-'], ['bytes=0-1,x']])(
    'answers several ranges %j with the whole file',
    (header) => {
      expect(parseRange(header)).toBeNull();
    },
  );
});

describe('resolveRange', () => {
  it('places a closed, an open-ended and a suffix range', () => {
    expect(resolveRange({ first: 10, last: 19 }, 100)).toEqual({ start: 10, end: 19 });
    expect(resolveRange({ first: 10, last: null }, 100)).toEqual({ start: 10, end: 99 });
    expect(resolveRange({ suffix: 30 }, 100)).toEqual({ start: 70, end: 99 });
    expect(resolveRange({ first: 0, last: 0 }, 100)).toEqual({ start: 0, end: 0 });
  });

  it('clamps an end past the file to its last byte, and a suffix longer than it to all of it', () => {
    expect(resolveRange({ first: 90, last: 500 }, 100)).toEqual({ start: 90, end: 99 });
    expect(resolveRange({ first: 99, last: 99 }, 100)).toEqual({ start: 99, end: 99 });
    expect(resolveRange({ suffix: 500 }, 100)).toEqual({ start: 0, end: 99 });
    expect(resolveRange({ first: 0, last: 1e21 }, 100)).toEqual({ start: 0, end: 99 });
  });

  it('refuses a start at or past the end and an empty suffix', () => {
    expect(resolveRange({ first: 100, last: null }, 100)).toBe('unsatisfiable');
    expect(resolveRange({ first: 100, last: 200 }, 100)).toBe('unsatisfiable');
    expect(resolveRange({ first: 1e21, last: null }, 100)).toBe('unsatisfiable');
    expect(resolveRange({ suffix: 0 }, 100)).toBe('unsatisfiable');
  });

  it('sends an empty file whole to a suffix range and refuses every other range on it', () => {
    expect(resolveRange({ suffix: 5 }, 0)).toBe('whole');
    expect(resolveRange({ suffix: 0 }, 0)).toBe('unsatisfiable');
    expect(resolveRange({ first: 0, last: 0 }, 0)).toBe('unsatisfiable');
    expect(resolveRange({ first: 0, last: null }, 0)).toBe('unsatisfiable');
  });
});

describe('chooseRange', () => {
  it.each([
    [undefined, 1000, 'whole'],
    ['bytes=0-1', 1000, { start: 0, end: 1 }],
    ['bytes=0-0', 1000, { start: 0, end: 0 }],
    ['bytes=500-', 1000, { start: 500, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=900-5000', 1000, { start: 900, end: 999 }],
    ['bytes=1000-', 1000, 'unsatisfiable'],
    ['bytes=5000-6000', 1000, 'unsatisfiable'],
    ['bytes=99999999999999999999999-', 1000, 'unsatisfiable'],
    ['bytes=0-99999999999999999999999', 1000, { start: 0, end: 999 }],
    ['bytes=0-1,3-4', 1000, 'whole'],
    ['bytes=x-1', 1000, 'whole'],
    ['bytes=0-0', 0, 'unsatisfiable'],
    ['bytes=-1', 0, 'whole'],
    ['bytes=-1', 1, { start: 0, end: 0 }],
  ])('%j on %d bytes → %j', (header, size, choice) => {
    expect(chooseRange(header, size)).toEqual(choice);
  });
});
