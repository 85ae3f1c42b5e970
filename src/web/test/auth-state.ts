import { vi } from 'vitest';
import type { AuthSession } from '#shared/contracts/auth.contract.ts';
import type { BusinessProfile, Subscription } from '#shared/contracts/account.contract.ts';
import type { AuthContextValue } from '../features/auth/auth-context.ts';

export const USER_ID = '00000000-0000-4000-8000-000000000001';

export function session(overrides: Partial<AuthSession> = {}): AuthSession {
  return {
    user: {
      id: USER_ID,
      email: 'owner@example.com',
      emailConfirmedAt: new Date(0).toISOString(),
      appMetadata: { provider: 'email' },
    },
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    expiresIn: 3600,
    ...overrides,
  };
}

export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: '00000000-0000-4000-8000-000000000002',
    user_id: USER_ID,
    plan: 'trial',
    status: 'active',
    trial_ends_at: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    addons: [],
    created_at: new Date(0).toISOString(),
    updated_at: new Date(0).toISOString(),
    ...overrides,
  };
}

export function businessProfile(overrides: Partial<BusinessProfile> = {}): BusinessProfile {
  return {
    user_id: USER_ID,
    business_name: 'Harbour Bakery',
    company_name: null,
    industry: null,
    website: null,
    description: null,
    brand_voice: null,
    target_audience: null,
    time_zone: 'UTC',
    default_platforms: [],
    posting_hours: [],
    logo_url: null,
    created_at: new Date(0).toISOString(),
    updated_at: new Date(0).toISOString(),
    ...overrides,
  };
}

/** A fixed auth state for components under test; actions are spies. */
export function authValue(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const current = overrides.session === undefined ? session() : overrides.session;
  return {
    status: 'initialised',
    user: current?.user ?? null,
    session: current,
    error: null,
    businessProfile: current ? businessProfile() : null,
    subscription: current ? subscription() : null,
    addons: [],
    accountStatus: current ? 'ready' : 'idle',
    lastEvent: null,
    signOutReason: null,
    signIn: vi.fn(),
    verifyMfa: vi.fn(),
    signUp: vi.fn(),
    signOut: vi.fn(),
    refreshSession: vi.fn(),
    reloadAccount: vi.fn(),
    notifyPasswordRecovery: vi.fn(),
    onAuthEvent: vi.fn(() => () => {}),
    ...overrides,
  };
}
