import { eq } from 'drizzle-orm';
import { isValidTimeZone } from '#shared/contracts/account.contract.ts';
import { TRIAL_DAYS } from '#shared/plans.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { profiles } from '../profile/profile.tables.ts';
import { businessProfiles } from '../settings/settings.tables.ts';
import { resolveBusinessName } from '#shared/business-name.ts';
import { subscription } from '../subscription/subscription.tables.ts';

const DAY_MS = 86_400_000;

export interface ProvisionInput {
  userId: string;
  fullName?: string | undefined;
  businessName?: string | undefined;
  /** The browser's time zone at sign-up; kept only when valid, else the column's UTC. */
  timeZone?: string | undefined;
  /**
   * False for a sign-up from a live invitation to the same address: the person joins that
   * business and gets none of their own, so no business profile and no trial
   * (docs/decisions/035). True otherwise.
   */
  withBusiness?: boolean;
  now: Date;
}

/**
 * A time zone this server knows, in the spelling its own Intl gives it ('utc' → 'UTC'), or
 * undefined (docs/decisions/036).
 */
export function knownTimeZone(value: string | undefined): string | undefined {
  const zone = value?.trim();
  if (!zone || !isValidTimeZone(zone)) return undefined;
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
}

/**
 * The business of a new account: its profile and a trial (default plan "trial",
 * docs/product/constants.md#accounts-and-plans).
 */
async function insertBusiness(tx: Tx, input: ProvisionInput): Promise<void> {
  const timeZone = knownTimeZone(input.timeZone);
  await tx.insert(businessProfiles).values({
    userId: input.userId,
    businessName: resolveBusinessName({ business_name: input.businessName }),
    ...(timeZone ? { timeZone } : {}),
  });
  await tx.insert(subscription).values({
    userId: input.userId,
    plan: 'trial',
    status: 'active',
    trialEndsAt: new Date(input.now.getTime() + TRIAL_DAYS * DAY_MS),
  });
}

/**
 * A new account's tenant rows: profile, business profile and a trial subscription (default plan
 * "trial", docs/product/constants.md#accounts-and-plans; 14 days of Premium,
 * docs/product/roles-and-plans.md#trial), or the profile alone for someone joining a business by
 * invitation. Runs inside the sign-up transaction, already switched to the new user's tenant scope,
 * so row-level security checks every insert.
 */
export async function provisionAccount(tx: Tx, input: ProvisionInput): Promise<void> {
  await tx
    .insert(profiles)
    .values({ id: input.userId, fullName: input.fullName || null, settings: { status: 'active' } });
  if (input.withBusiness !== false) await insertBusiness(tx, input);
}

/**
 * A second sign-up of an address nobody has confirmed: the names given now replace those of the
 * first sign-up, which may have been a stranger's (docs/decisions/026). Same scope as
 * provisionAccount; the trial keeps its dates. Whether the account has a business follows the
 * newest sign-up too (docs/decisions/035): an account first signed up from an invitation gets
 * its business and trial now; the other way round, the caller has already removed them
 * (auth.repository.ts unsafeRemoveUnconfirmedBusiness), and only the profile is updated here.
 */
export async function reprovisionAccount(tx: Tx, input: ProvisionInput): Promise<void> {
  await tx
    .update(profiles)
    .set({ fullName: input.fullName || null, updatedAt: input.now })
    .where(eq(profiles.id, input.userId));
  if (input.withBusiness === false) return;
  const timeZone = knownTimeZone(input.timeZone);
  const updated = await tx
    .update(businessProfiles)
    .set({
      businessName: resolveBusinessName({ business_name: input.businessName }),
      ...(timeZone ? { timeZone } : {}),
      updatedAt: input.now,
    })
    .where(eq(businessProfiles.userId, input.userId))
    .returning({ userId: businessProfiles.userId });
  if (updated.length === 0) await insertBusiness(tx, input);
}
