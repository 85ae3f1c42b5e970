import type { Subscription } from '#shared/contracts/account.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { subscriptionPaths } from '../../../lib/api-paths.ts';

export const subscriptionApi = {
  /** After the trial ended: the Free plan, active (dashboard and analytics). */
  continueOnFree: () => api.post<Subscription>(subscriptionPaths.continueOnFree),
};
