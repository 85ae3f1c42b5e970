import { eq } from 'drizzle-orm';
import { TRIAL_DAYS } from '#shared/plans.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { profiles } from '../profile/profile.tables.ts';
import { businessProfiles } from '../settings/settings.tables.ts';
import { resolveBusinessName } from '../settings/business-name.ts';
import { subscription } from '../subscription/subscription.tables.ts';

const DAY_MS = 86_400_000;

/**
 * A new account's tenant rows: profile, business profile and a trial subscription (seed §9
 * default plan "trial"; PRODUCT.md: 14 days of Premium). Runs inside the sign-up transaction,
 * already switched to the new user's tenant scope, so row-level security checks every insert.
 */
export async function provisionAccount(
  tx: Tx,
  input: {
    userId: string;
    fullName?: string | undefined;
    businessName?: string | undefined;
    now: Date;
  },
): Promise<void> {
  await tx
    .insert(profiles)
    .values({ id: input.userId, fullName: input.fullName || null, settings: { status: 'active' } });
  await tx.insert(businessProfiles).values({
    userId: input.userId,
    businessName: resolveBusinessName({ business_name: input.businessName }),
  });
  await tx.insert(subscription).values({
    userId: input.userId,
    plan: 'trial',
    status: 'active',
    trialEndsAt: new Date(input.now.getTime() + TRIAL_DAYS * DAY_MS),
  });
}

/**
 * A second sign-up of an address nobody has confirmed: the names given now replace those of the
 * first sign-up, which may have been a stranger's (docs/decisions/026). Same scope as
 * provisionAccount; the trial keeps its dates.
 */
export async function reprovisionAccount(
  tx: Tx,
  input: {
    userId: string;
    fullName?: string | undefined;
    businessName?: string | undefined;
    now: Date;
  },
): Promise<void> {
  await tx
    .update(profiles)
    .set({ fullName: input.fullName || null, updatedAt: input.now })
    .where(eq(profiles.id, input.userId));
  await tx
    .update(businessProfiles)
    .set({
      businessName: resolveBusinessName({ business_name: input.businessName }),
      updatedAt: input.now,
    })
    .where(eq(businessProfiles.userId, input.userId));
}
