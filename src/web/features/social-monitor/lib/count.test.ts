import { describe, expect, it } from 'vitest';
import { INBOX_LIMITS } from '#shared/contracts/inbox.contract.ts';
import { COUNT_CAP, formatCount } from './count.ts';

describe('formatCount', () => {
  it('copies the contract’s cap and shows what is above it as "99+"', () => {
    expect(COUNT_CAP).toBe(INBOX_LIMITS.countCap);
    expect(formatCount(99)).toBe('99');
    expect(formatCount(100)).toBe('99+');
  });
});
