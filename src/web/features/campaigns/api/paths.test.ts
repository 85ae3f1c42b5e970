import { describe, expect, it } from 'vitest';
import { campaignsRoutes } from '#shared/contracts/campaigns.contract.ts';
import { campaignPath, campaignPaths } from './paths.ts';

// paths.ts copies the contract's paths so the campaign pages' chunk stays free of zod; this keeps
// them equal.
describe('campaignPaths', () => {
  it('names exactly the contract’s routes, with the same paths', () => {
    expect(campaignPaths).toEqual(campaignsRoutes);
  });

  it('fills in the campaign and the post', () => {
    expect(campaignPath('regenerate', 'c1', 'p 1')).toBe(
      '/api/campaigns/c1/posts/p%201/regenerate',
    );
    expect(campaignPath('csv', 'c1')).toBe('/api/campaigns/c1/plan.csv');
  });
});
