import { describe, expect, it } from 'vitest';
import * as contract from '#shared/contracts/analytics.contract.ts';
import * as local from './constants.ts';

describe("the page's copy of the contract's lists", () => {
  it('is equal to the contract', () => {
    expect(local.ANALYTICS_PRESETS).toEqual(contract.ANALYTICS_PRESETS);
    expect(local.POST_SORTS).toEqual(contract.POST_SORTS);
    expect(local.EXPORT_TABLES).toEqual(contract.EXPORT_TABLES);
    expect(local.ANALYTICS_LIMITS).toEqual(contract.ANALYTICS_LIMITS);
  });
});
