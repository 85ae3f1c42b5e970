import { describe, expect, it } from 'vitest';
import { billingRoutes } from '#shared/contracts/billing.contract.ts';
import { billingPaths } from './paths.ts';

// paths.ts copies the contract's paths so the dashboard's chunk stays free of zod; this keeps
// them equal.
describe('billingPaths', () => {
  it('matches the billing contract', () => {
    for (const [name, path] of Object.entries(billingPaths)) {
      expect(path).toBe(billingRoutes[name as keyof typeof billingRoutes]);
    }
  });
});
