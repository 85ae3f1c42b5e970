import { describe, expect, it } from 'vitest';
import { accountRoutes } from '#shared/contracts/account.contract.ts';
import { authRoutes } from '#shared/contracts/auth.contract.ts';
import { calendarRoutes } from '#shared/contracts/calendar.contract.ts';
import { apiRoutes } from './routes.ts';

// routes.ts copies the contracts' paths so the root bundle stays free of zod; this keeps them equal.
describe('apiRoutes', () => {
  it('matches the shared contracts', () => {
    for (const [name, path] of Object.entries(apiRoutes.auth)) {
      expect(path).toBe(authRoutes[name as keyof typeof authRoutes]);
    }
    expect(apiRoutes.account).toEqual(accountRoutes);
    expect(apiRoutes.calendar.upcoming).toBe(calendarRoutes.upcoming);
  });
});
