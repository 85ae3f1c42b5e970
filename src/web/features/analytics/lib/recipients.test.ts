import { describe, expect, it } from 'vitest';
import { checkReport, parseRecipients } from './recipients.ts';

describe('report recipients', () => {
  it('splits on commas, semicolons, spaces and lines, once each', () => {
    expect(parseRecipients(' a@x.com, b@x.com;c@x.com\nd@x.com a@x.com ')).toEqual([
      'a@x.com',
      'b@x.com',
      'c@x.com',
      'd@x.com',
    ]);
  });

  it('says which address is wrong, and how many are allowed', () => {
    const base = { cadence: 'weekly', account: 'all' } as const;
    expect(checkReport({ ...base, recipients: '' })).toEqual({
      ok: false,
      error: 'Add at least one address',
    });
    expect(checkReport({ ...base, recipients: 'a@x.com, nope' })).toEqual({
      ok: false,
      error: 'Enter a valid email address: nope',
    });
    const eleven = Array.from({ length: 11 }, (_, i) => `p${i}@x.com`).join(',');
    expect(checkReport({ ...base, recipients: eleven })).toEqual({
      ok: false,
      error: 'At most 10 addresses',
    });
    expect(checkReport({ ...base, recipients: 'a@x.com' })).toEqual({
      ok: true,
      input: { ...base, recipients: ['a@x.com'], enabled: true },
    });
  });
});
