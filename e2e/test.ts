import { createHash } from 'node:crypto';
import { test as base } from '@playwright/test';

export { expect, type Page } from '@playwright/test';

// Every test is a different visitor: the server limits sign-ups and sign-ins per client address
// (as it should), and one address for the whole suite would trip those limits halfway through.
// The browser-test server trusts X-Forwarded-For (TRUST_PROXY=1 in playwright.config.ts), so
// each test sends an address of its own, derived from its id.
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const bytes = createHash('sha256').update(testInfo.testId).digest();
    const address = `10.${bytes[0]}.${bytes[1]}.${(bytes[2]! % 250) + 1}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
});
