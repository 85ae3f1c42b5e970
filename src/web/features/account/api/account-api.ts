import type { BusinessProfile, Profile, Subscription } from '#shared/contracts/account.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { accountPaths } from '../../../lib/routes.ts';

// Keys carry the user id so one user's cached data can never be shown to the next one.
export const accountKeys = {
  all: ['account'] as const,
  businessProfile: (userId: string) => ['account', userId, 'business-profile'] as const,
  subscription: (userId: string) => ['account', userId, 'subscription'] as const,
  profile: (userId: string) => ['account', userId, 'profile'] as const,
};

export const accountApi = {
  getBusinessProfile: (signal?: AbortSignal) =>
    api.get<BusinessProfile>(accountPaths.businessProfile, signal ? { signal } : {}),
  getSubscription: (signal?: AbortSignal) =>
    api.get<Subscription>(accountPaths.subscription, signal ? { signal } : {}),
  getProfile: (signal?: AbortSignal) =>
    api.get<Profile>(accountPaths.profile, signal ? { signal } : {}),
};
