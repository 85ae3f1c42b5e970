// The contract's lists as plain values, so the list pages need no zod (audience.contract.ts and
// inbox.contract.ts hold the same names; lists.test.ts keeps them equal).

export const CONTACT_STAGES = ['new', 'lead', 'customer', 'regular', 'lost'] as const;
export const INBOX_PLATFORMS_LIST = ['facebook', 'instagram'] as const;
