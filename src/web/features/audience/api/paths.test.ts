import { describe, expect, it } from 'vitest';
import { audienceRoutes } from '#shared/contracts/audience.contract.ts';
import { audiencePath, audiencePaths, contactsCsvUrl } from './paths.ts';

// paths.ts copies the contract's paths so the audience pages' chunk stays free of zod; this keeps
// them equal.
describe('audiencePaths', () => {
  it('names exactly the contract’s routes, with the same paths', () => {
    expect(audiencePaths).toEqual(audienceRoutes);
  });

  it('fills in the id and builds the CSV address', () => {
    expect(audiencePath('merge', 'a b')).toBe('/api/audience/contacts/a%20b/merge');
    expect(contactsCsvUrl({})).toBe('/api/audience/contacts.csv');
    expect(contactsCsvUrl({ q: 'ann', segmentId: 's1' })).toBe(
      '/api/audience/contacts.csv?q=ann&segmentId=s1',
    );
  });
});
