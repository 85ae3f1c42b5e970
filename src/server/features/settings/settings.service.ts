import type { z } from 'zod';
import {
  updateBusinessProfileInputSchema,
  type BusinessProfile,
  type UpdateBusinessProfileInput,
} from '#shared/contracts/account.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/validation.ts';
import { failure, success, type ServiceResult } from '#server/platform/result.ts';
import { requireHttpsInProduction } from '#server/platform/security/stored-urls.ts';
import { requireUserId, scopeForTenant } from '../profile/user-id.ts';
import { resolveBusinessName } from '#shared/business-name.ts';
import * as repo from './settings.repository.ts';
import {
  deleteAccountImages,
  processAccountImage,
  storeAccountImage,
} from '../account/account-images.ts';
import { enforceRateLimit } from '#server/platform/security/rate-limit.ts';
import { ACCOUNT_RATE_LIMITS } from '../account/account.service.ts';

// business_profiles (docs/product/services.md#business-profiles). These use cases keep the result
// shape given there: they never throw, and answer `{ success: false, error }` with the cause's own
// message where it is clearer than the fallback text, which the route turns into the error
// envelope.

export const FETCH_BUSINESS_PROFILE_FAILED = 'Failed to fetch business profile';
export const UPDATE_BUSINESS_PROFILE_FAILED = 'Failed to update business profile';
export const CREATE_BUSINESS_PROFILE_FAILED = 'Failed to create business profile';

export async function getBusinessProfile(
  ctx: ServiceContext,
  userId: string,
): Promise<ServiceResult<BusinessProfile>> {
  try {
    requireAccess(ctx.actor, 'read:business-profile');
    requireUserId(userId);
    const scope = scopeForTenant(ctx.actor, userId);
    const found = await withTenant(ctx.deps.database, scope, (tx) =>
      repo.findBusinessProfile(tx, userId),
    );
    return success(found ?? notFound(userId));
  } catch (error) {
    return failed(ctx, FETCH_BUSINESS_PROFILE_FAILED, error);
  }
}

/**
 * docs/product/services.md#business-profiles: update by user_id, returning the single row
 * (updated_at set).
 */
export async function updateBusinessProfile(
  ctx: ServiceContext,
  userId: string,
  changes: UpdateBusinessProfileInput,
): Promise<ServiceResult<BusinessProfile>> {
  try {
    requireAccess(ctx.actor, 'update:business-profile');
    requireUserId(userId);
    const scope = scopeForTenant(ctx.actor, userId);
    const fields = toFields(parseInput(ctx, changes));
    const updated = await withTenant(ctx.deps.database, scope, (tx) =>
      repo.updateBusinessProfile(tx, userId, fields, new Date()),
    );
    return success(updated ?? notFound(userId));
  } catch (error) {
    return failed(ctx, UPDATE_BUSINESS_PROFILE_FAILED, error);
  }
}

/**
 * docs/product/services.md#business-profiles: create by upsert with user_id and business_name —
 * falling back to company_name, then "Unknown Business" — plus the other supplied fields.
 */
export async function createBusinessProfile(
  ctx: ServiceContext,
  userId: string,
  input: UpdateBusinessProfileInput = {},
): Promise<ServiceResult<BusinessProfile>> {
  try {
    requireAccess(ctx.actor, 'update:business-profile');
    requireUserId(userId);
    const scope = scopeForTenant(ctx.actor, userId);
    const parsed = parseInput(ctx, input);
    const fields = { ...toFields(parsed), businessName: resolveBusinessName(parsed) };
    const created = await withTenant(ctx.deps.database, scope, (tx) =>
      repo.upsertBusinessProfile(tx, userId, fields, new Date()),
    );
    return success(created);
  } catch (error) {
    return failed(ctx, CREATE_BUSINESS_PROFILE_FAILED, error);
  }
}

/** The business logo: decoded, resized to fit 512 px and re-encoded; the row keeps its URL. */
export async function setBusinessLogo(
  ctx: ServiceContext,
  userId: string,
  upload: Buffer,
): Promise<ServiceResult<BusinessProfile>> {
  try {
    requireAccess(ctx.actor, 'update:business-profile');
    requireUserId(userId);
    const scope = scopeForTenant(ctx.actor, userId);
    await enforceRateLimit(ctx.deps.database, ACCOUNT_RATE_LIMITS.imageUpload, ctx.actor.userId);
    const image = await processAccountImage(upload, 'logo');
    const updated = await withTenant(ctx.deps.database, scope, async (tx) => {
      const url = await storeAccountImage(tx, userId, 'logo', image);
      return repo.updateBusinessProfile(tx, userId, { logoUrl: url }, new Date());
    });
    return success(updated ?? notFound(userId));
  } catch (error) {
    return failed(ctx, UPDATE_BUSINESS_PROFILE_FAILED, error);
  }
}

export async function removeBusinessLogo(
  ctx: ServiceContext,
  userId: string,
): Promise<ServiceResult<BusinessProfile>> {
  try {
    requireAccess(ctx.actor, 'update:business-profile');
    requireUserId(userId);
    const scope = scopeForTenant(ctx.actor, userId);
    const updated = await withTenant(ctx.deps.database, scope, async (tx) => {
      await deleteAccountImages(tx, userId, 'logo');
      return repo.updateBusinessProfile(tx, userId, { logoUrl: null }, new Date());
    });
    return success(updated ?? notFound(userId));
  } catch (error) {
    return failed(ctx, UPDATE_BUSINESS_PROFILE_FAILED, error);
  }
}

// ---------------------------------------------------------------------------------------------

type ParsedInput = z.output<typeof updateBusinessProfileInputSchema>;

function parseInput(ctx: ServiceContext, input: UpdateBusinessProfileInput): ParsedInput {
  const parsed = updateBusinessProfileInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  requireHttpsInProduction(ctx.deps.env, {
    website: parsed.data.website,
    logo_url: parsed.data.logo_url,
  });
  return parsed.data;
}

function toFields(input: ParsedInput): repo.BusinessProfileFields {
  const fields: repo.BusinessProfileFields = {};
  if (input.business_name !== undefined) fields.businessName = input.business_name;
  if (input.company_name !== undefined) fields.companyName = input.company_name;
  if (input.industry !== undefined) fields.industry = input.industry;
  // The form clears the website with an empty string; stored as "none".
  if (input.website !== undefined) fields.website = input.website || null;
  if (input.description !== undefined) fields.description = input.description;
  if (input.brand_voice !== undefined) fields.brandVoice = input.brand_voice;
  if (input.target_audience !== undefined) fields.targetAudience = input.target_audience;
  if (input.time_zone !== undefined) fields.timeZone = input.time_zone;
  if (input.default_platforms !== undefined) fields.defaultPlatforms = input.default_platforms;
  if (input.posting_hours !== undefined) fields.postingHours = input.posting_hours;
  if (input.logo_url !== undefined) fields.logoUrl = input.logo_url;
  return fields;
}

function failed<T>(ctx: ServiceContext, text: string, error: unknown): ServiceResult<T> {
  const result = failure<T>(text, error, 'BUSINESS_PROFILE_ERROR');
  if (!(error instanceof AppError)) {
    ctx.deps.logger.warn({ err: error, userId: ctx.actor.userId }, text);
  }
  return result;
}

function notFound(userId: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `No business profile for ${userId}` });
}
