import { describe, expect, it } from 'vitest';
import { accountLabel } from './account-label.ts';

describe('accountLabel', () => {
  it('names an Instagram account by @username and a Page by its name', () => {
    expect(accountLabel({ platform: 'instagram', username: 'rosabakery', name: 'Rosa' })).toBe(
      '@rosabakery',
    );
    expect(accountLabel({ platform: 'instagram', username: null, name: 'Rosa' })).toBe('Rosa');
    expect(accountLabel({ platform: 'facebook', username: 'rosa', name: 'Rosa Bakery' })).toBe(
      'Rosa Bakery',
    );
  });
});
