import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EmailCampaign,
  EmailCampaignInput,
} from '#shared/contracts/email-marketing.contract.ts';
import { useUserId } from '../../../auth/index.ts';
import { emailApi } from './email-api.ts';
import { emailKeys } from './keys.ts';

// The e-mail pages' writes. An answer that is the e-mail replaces the cached one; every write
// makes the lists stale.

function useCache() {
  const client = useQueryClient();
  const userId = useUserId() ?? 'anonymous';
  return {
    userId,
    client,
    store: (campaign: EmailCampaign) => {
      client.setQueryData<EmailCampaign>(emailKeys.email(userId, campaign.id), campaign);
      void client.invalidateQueries({ queryKey: emailKeys.lists(userId) });
    },
  };
}

/** Saves a new draft, or the draft named by `id` with the version it was read at. */
export function useSaveEmail(id: string | undefined) {
  const { store } = useCache();
  return useMutation({
    mutationFn: ({ input, version }: { input: EmailCampaignInput; version: number | null }) =>
      id && version !== null ? emailApi.update(id, { ...input, version }) : emailApi.create(input),
    onSuccess: store,
  });
}

/**
 * Deletes a draft. Its cached copy is left to expire: the page showing it leaves at once, and
 * removing it first would make that page read it again and find nothing.
 */
export function useDeleteEmail() {
  const { client, userId } = useCache();
  return useMutation({
    mutationFn: (id: string) => emailApi.remove(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: emailKeys.lists(userId) }),
  });
}

/** Sends now (`sendAt` null) or schedules. */
export function useSendEmail() {
  const { store } = useCache();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: string; sendAt: string | null; version: number }) =>
      emailApi.send(id, input),
    onSuccess: store,
  });
}

/** Scheduled: back to a draft; being sent: stops. */
export function useCancelEmail(id: string) {
  const { store } = useCache();
  return useMutation({ mutationFn: () => emailApi.cancel(id), onSuccess: store });
}

/** A test to the signed-in person's own address; answers where it went. */
export function useSendTestEmail() {
  return useMutation({ mutationFn: (id: string) => emailApi.test(id) });
}

export function useAddSuppression() {
  const { client, userId } = useCache();
  return useMutation({
    mutationFn: (email: string) => emailApi.addSuppression(email),
    onSuccess: () => void client.invalidateQueries({ queryKey: emailKeys.all(userId) }),
  });
}

export function useRemoveSuppression() {
  const { client, userId } = useCache();
  return useMutation({
    mutationFn: (email: string) => emailApi.removeSuppression(email),
    onSuccess: () => void client.invalidateQueries({ queryKey: emailKeys.all(userId) }),
  });
}
