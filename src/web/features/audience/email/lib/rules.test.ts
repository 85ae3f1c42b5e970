import { describe, expect, it } from 'vitest';
import {
  addSuppressionInputSchema,
  EMAIL_MARKETING_LIMITS,
  MERGE_FIELDS,
} from '#shared/contracts/email-marketing.contract.ts';
import { addressError } from '../components/add-suppression-form.tsx';
import { EMAIL_ADDRESS_MAX, EMAIL_LIMITS, MERGE_FIELD_NAMES } from './rules.ts';

describe('the e-mail pages’ plain values', () => {
  it('equal the contract’s', () => {
    expect(EMAIL_LIMITS).toEqual(EMAIL_MARKETING_LIMITS);
    expect(MERGE_FIELD_NAMES).toEqual(MERGE_FIELDS);
    const long = `${'a'.repeat(EMAIL_ADDRESS_MAX - 12)}@example.com`;
    expect(addSuppressionInputSchema.safeParse({ email: long }).success).toBe(true);
    expect(addSuppressionInputSchema.safeParse({ email: `a${long}` }).success).toBe(false);
  });

  it('check an address as the contract does, for the usual mistakes', () => {
    for (const email of ['ann@example.com', 'ben+news@shop.example.pt']) {
      expect(addressError(email)).toBeUndefined();
      expect(addSuppressionInputSchema.safeParse({ email }).success).toBe(true);
    }
    for (const email of ['', 'ann', 'ann@', '@example.com', 'ann@example', 'a b@example.com']) {
      expect(addressError(email)).toBe('Not a valid e-mail address');
      expect(addSuppressionInputSchema.safeParse({ email }).success).toBe(false);
    }
  });
});
