// The plan catalogue: one source for the pricing page, feature gating in the browser and the
// server's enforcement. Numbers are configuration-like data, not scattered literals.

export const PLAN_IDS = ['free', 'trial', 'premium'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const DEFAULT_PLAN: PlanId = 'trial';
export const TRIAL_DAYS = 14;

export const SUBSCRIPTION_STATUSES = ['active', 'inactive'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const ADDON_IDS = ['crm', 'email'] as const;
export type AddonId = (typeof ADDON_IDS)[number];

/**
 * Areas of the dashboard that a plan or add-on can gate
 * (docs/product/roles-and-plans.md#features-by-plan).
 */
export const FEATURES = [
  'dashboard',
  'analytics',
  'ai-content',
  'campaigns',
  'calendar',
  'crm',
  'email-marketing',
] as const;
export type Feature = (typeof FEATURES)[number];

export interface PlanDefinition {
  id: PlanId;
  name: string;
  description: string;
  priceMonthly: number;
  priceYearly: number | null;
  limits: {
    connectedAccounts: number;
    staffSeats: number;
    aiGenerationsPerMonth: number;
    mediaStorageBytes: number;
    /** The largest single upload to the media library. */
    mediaMaxFileBytes: number;
  };
}

const GB = 1024 ** 3;
const MB = 1024 ** 2;

export const PLANS: Record<PlanId, PlanDefinition> = {
  free: {
    id: 'free',
    name: 'Free',
    description: 'Your dashboard and analytics, free for ever.',
    priceMonthly: 0,
    priceYearly: 0,
    limits: {
      connectedAccounts: 2,
      staffSeats: 0,
      aiGenerationsPerMonth: 0,
      mediaStorageBytes: 1 * GB,
      mediaMaxFileBytes: 100 * MB,
    },
  },
  trial: {
    id: 'trial',
    name: 'Trial',
    description: `Everything in Premium for ${TRIAL_DAYS} days. No card needed.`,
    priceMonthly: 0,
    priceYearly: null,
    limits: {
      connectedAccounts: 10,
      staffSeats: 5,
      aiGenerationsPerMonth: 100,
      mediaStorageBytes: 5 * GB,
      mediaMaxFileBytes: 1024 * MB,
    },
  },
  premium: {
    id: 'premium',
    name: 'Premium',
    description: 'Plan, create, schedule and publish with your whole team.',
    priceMonthly: 29,
    priceYearly: 290,
    limits: {
      connectedAccounts: 10,
      staffSeats: 5,
      aiGenerationsPerMonth: 500,
      mediaStorageBytes: 25 * GB,
      mediaMaxFileBytes: 1024 * MB,
    },
  },
};

export interface AddonDefinition {
  id: AddonId;
  name: string;
  description: string;
  priceMonthly: number;
  feature: Feature;
}

export const ADDONS: Record<AddonId, AddonDefinition> = {
  crm: {
    id: 'crm',
    name: 'CRM',
    description: 'Contacts, notes and stages for everyone who talks to your business.',
    priceMonthly: 9,
    feature: 'crm',
  },
  email: {
    id: 'email',
    name: 'Email marketing',
    description: 'Send e-mail campaigns to your audience segments.',
    priceMonthly: 9,
    feature: 'email-marketing',
  },
};

/**
 * docs/product/roles-and-plans.md#features-by-plan: dashboard and analytics always; ai-content,
 * campaigns and calendar when the plan is not free; crm and email-marketing with their add-ons.
 */
export function hasFeature(plan: PlanId, addons: readonly AddonId[], feature: Feature): boolean {
  switch (feature) {
    case 'dashboard':
    case 'analytics':
      return true;
    case 'ai-content':
    case 'campaigns':
    case 'calendar':
      return plan !== 'free';
    case 'crm':
      return addons.includes('crm');
    case 'email-marketing':
      return addons.includes('email');
  }
}

/** The add-on or plan that unlocks a feature, for upgrade prompts. */
export function unlockFor(
  feature: Feature,
): { kind: 'plan'; plan: PlanId } | { kind: 'addon'; addon: AddonId } | null {
  if (feature === 'crm') return { kind: 'addon', addon: 'crm' };
  if (feature === 'email-marketing') return { kind: 'addon', addon: 'email' };
  if (feature === 'dashboard' || feature === 'analytics') return null;
  return { kind: 'plan', plan: 'premium' };
}
