// The contract's limits and merge fields as plain values, so the e-mail pages need no zod
// (email-marketing.contract.ts holds the same; rules.test.ts keeps them equal).

export const EMAIL_LIMITS = {
  nameLength: 120,
  subjectLength: 200,
  preheaderLength: 200,
  bodyLength: 50_000,
  pageSize: 50,
} as const;

export const MERGE_FIELD_NAMES = ['firstName', 'name', 'email', 'location'] as const;

/** The longest address the contract's `addSuppressionInputSchema` takes. */
export const EMAIL_ADDRESS_MAX = 254;
