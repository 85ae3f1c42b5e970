import { describe, expect, it } from 'vitest';
import { emailMarketingRoutes } from '#shared/contracts/email-marketing.contract.ts';
import { emailPath, emailPaths, suppressionPath } from './paths.ts';

// paths.ts copies the contract's paths so the e-mail pages' chunk stays free of zod; this keeps
// them equal.
describe('emailPaths', () => {
  it('names exactly the contract’s routes, with the same paths', () => {
    expect(emailPaths).toEqual(emailMarketingRoutes);
  });

  it('fills in the id and the address', () => {
    expect(emailPath('send', 'a b')).toBe('/api/audience/emails/a%20b/send');
    expect(suppressionPath('ann+news@example.com')).toBe(
      '/api/audience/suppressions/ann%2Bnews%40example.com',
    );
  });
});
