import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Actor } from '#shared/permissions.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import * as repo from './settings.repository.ts';
import * as settings from './settings.service.ts';
import { businessProfiles } from './settings.tables.ts';

let t: TestApp;
let owner: SignedInUser;
beforeAll(async () => {
  t = await getTestApp();
  owner = await createSignedInUser(t, { businessName: 'Rosa Bakery' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function ctxFor(userId: string, actor: Partial<Actor> = {}): ServiceContext {
  return {
    deps: t.runtime.deps,
    actor: { userId, tenantId: userId, tenantRole: 'owner', isAdmin: false, ...actor },
  };
}

function databaseFailure() {
  return Object.assign(new Error('canceling statement due to statement timeout'), {
    code: '57014',
  });
}

async function deleteBusinessProfile(userId: string) {
  await t.runtime.deps.database.unsafeDb
    .delete(businessProfiles)
    .where(eq(businessProfiles.userId, userId));
}

describe('business profile results (docs/product/services.md#business-profiles)', () => {
  it('reads, updates and creates with { success: true, data }', async () => {
    const { userId } = await createSignedInUser(t);
    const read = await settings.getBusinessProfile(ctxFor(userId), userId);
    expect(read).toEqual({ success: true, data: expect.objectContaining({ user_id: userId }) });
    const updated = await settings.updateBusinessProfile(ctxFor(userId), userId, {
      brand_voice: 'Warm',
    });
    expect(updated).toMatchObject({ success: true, data: { brand_voice: 'Warm' } });
  });

  it('creates by upsert: business_name, else company_name, else "Unknown Business"', async () => {
    const { userId } = await createSignedInUser(t);
    await deleteBusinessProfile(userId);
    const unnamed = await settings.createBusinessProfile(ctxFor(userId), userId, {
      industry: 'Retail',
    });
    expect(unnamed).toMatchObject({
      success: true,
      data: { user_id: userId, business_name: 'Unknown Business', industry: 'Retail' },
    });

    const fromCompany = await settings.createBusinessProfile(ctxFor(userId), userId, {
      company_name: 'Acme Ltd',
    });
    expect(fromCompany).toMatchObject({
      success: true,
      data: { business_name: 'Acme Ltd', company_name: 'Acme Ltd', industry: 'Retail' },
    });

    const named = await settings.createBusinessProfile(ctxFor(userId), userId, {
      business_name: 'Acme',
      company_name: 'Acme Ltd',
    });
    expect(named).toMatchObject({ success: true, data: { business_name: 'Acme' } });
    const rows = await t.runtime.deps.database.unsafeDb
      .select()
      .from(businessProfiles)
      .where(eq(businessProfiles.userId, userId));
    expect(rows).toHaveLength(1);
  });

  it.each([
    [
      'Failed to fetch business profile',
      'findBusinessProfile' as const,
      (ctx: ServiceContext, u: string) => settings.getBusinessProfile(ctx, u),
    ],
    [
      'Failed to update business profile',
      'updateBusinessProfile' as const,
      (ctx: ServiceContext, u: string) => settings.updateBusinessProfile(ctx, u, { industry: 'x' }),
    ],
    [
      'Failed to create business profile',
      'upsertBusinessProfile' as const,
      (ctx: ServiceContext, u: string) => settings.createBusinessProfile(ctx, u, {}),
    ],
  ])(
    'answers { success: false, error: "%s" } for a failure with no clearer message',
    async (text, fn, op) => {
      vi.spyOn(repo, fn).mockRejectedValue(databaseFailure());
      const result = await op(ctxFor(owner.userId), owner.userId);
      expect(result).toEqual({ success: false, error: text, code: 'BUSINESS_PROFILE_ERROR' });
    },
  );

  it("keeps the cause's clearer message: missing row, refused access, invalid user id", async () => {
    const { userId } = await createSignedInUser(t);
    await deleteBusinessProfile(userId);
    expect(await settings.getBusinessProfile(ctxFor(userId), userId)).toEqual({
      success: false,
      error: 'The requested resource could not be found.',
      code: 'NOT_FOUND',
    });
    expect(
      await settings.updateBusinessProfile(ctxFor(userId), userId, { industry: 'x' }),
    ).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await settings.getBusinessProfile(ctxFor(userId), owner.userId)).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
    });
    expect(
      await settings.updateBusinessProfile(ctxFor(userId, { tenantRole: 'staff' }), userId, {}),
    ).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
    });
    expect(await settings.createBusinessProfile(ctxFor(userId), '', {})).toEqual({
      success: false,
      error: 'Invalid user ID provided',
      code: 'VALIDATION_ERROR',
    });
    vi.spyOn(repo, 'findBusinessProfile').mockRejectedValue(
      Object.assign(new Error('permission denied: row-level security policy'), { code: '42501' }),
    );
    expect(await settings.getBusinessProfile(ctxFor(owner.userId), owner.userId)).toEqual({
      success: false,
      error: 'Access denied. Please check your permissions.',
      code: 'FORBIDDEN',
    });
  });
});
