import { describe, expect, it } from 'vitest';
import { CONTACT_STAGES as STAGES } from '#shared/contracts/audience.contract.ts';
import { INBOX_PLATFORMS } from '#shared/contracts/inbox.contract.ts';
import { CONTACT_STAGES, INBOX_PLATFORMS_LIST } from './lists.ts';

describe('the audience’s plain lists', () => {
  it('equal the contracts’', () => {
    expect(CONTACT_STAGES).toEqual(STAGES);
    expect([...INBOX_PLATFORMS_LIST].sort()).toEqual([...INBOX_PLATFORMS].sort());
  });
});
