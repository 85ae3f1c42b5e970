import { eq } from 'drizzle-orm';
import type { BusinessProfile } from '#shared/contracts/account.contract.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { businessProfiles, type PostingHour } from './settings.tables.ts';

type BusinessProfileRow = typeof businessProfiles.$inferSelect;

export function toBusinessProfileDto(row: BusinessProfileRow): BusinessProfile {
  return {
    user_id: row.userId,
    business_name: row.businessName,
    company_name: row.companyName,
    industry: row.industry,
    website: row.website,
    description: row.description,
    brand_voice: row.brandVoice,
    target_audience: row.targetAudience,
    time_zone: row.timeZone,
    default_platforms: row.defaultPlatforms,
    posting_hours: row.postingHours,
    logo_url: row.logoUrl,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The writable columns, in the table's own (camelCase) names. */
export interface BusinessProfileFields {
  businessName?: string;
  companyName?: string | null;
  industry?: string | null;
  website?: string | null;
  description?: string | null;
  brandVoice?: string | null;
  targetAudience?: string | null;
  timeZone?: string;
  defaultPlatforms?: string[];
  postingHours?: PostingHour[];
  logoUrl?: string | null;
}

export async function findBusinessProfile(tx: Tx, userId: string): Promise<BusinessProfile | null> {
  const [row] = await tx
    .select()
    .from(businessProfiles)
    .where(eq(businessProfiles.userId, userId))
    .limit(1);
  return row ? toBusinessProfileDto(row) : null;
}

/**
 * docs/product/services.md#business-profiles update by user_id, returning the single row; null
 * when there is none.
 */
export async function updateBusinessProfile(
  tx: Tx,
  userId: string,
  fields: BusinessProfileFields,
  now: Date,
): Promise<BusinessProfile | null> {
  const [row] = await tx
    .update(businessProfiles)
    .set({ ...fields, updatedAt: now })
    .where(eq(businessProfiles.userId, userId))
    .returning();
  return row ? toBusinessProfileDto(row) : null;
}

/**
 * docs/product/services.md#business-profiles create by upsert: a second call for the same account
 * updates the supplied fields.
 */
export async function upsertBusinessProfile(
  tx: Tx,
  userId: string,
  fields: BusinessProfileFields & { businessName: string },
  now: Date,
): Promise<BusinessProfile> {
  const [row] = await tx
    .insert(businessProfiles)
    .values({ ...fields, userId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: businessProfiles.userId, set: { ...fields, updatedAt: now } })
    .returning();
  return toBusinessProfileDto(row!);
}
