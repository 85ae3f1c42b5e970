import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Campaign,
  CampaignResult,
  CreateCampaignInput,
  PostEdit,
  UpdateCampaignInput,
} from '#shared/contracts/campaigns.contract.ts';
import { useUserId } from '../../auth/index.ts';
import { postKeys } from '../../posts/index.ts';
import { campaignsApi, resultOf, type CampaignAnswer, type NewPost } from './campaigns-api.ts';
import { campaignKeys } from './keys.ts';

// The campaign pages' writes. Each answer carries the campaign as it now is: it replaces the
// cached one (so the next change names the new version), and the lists are read again. A launch,
// pause, resume or cancel changes the calendar too, so the posts' lists are made stale.

function useCampaignWrite<V>(
  call: (vars: V) => Promise<CampaignAnswer>,
  options: { calendar?: boolean } = {},
) {
  const client = useQueryClient();
  const userId = useUserId() ?? 'anonymous';
  return useMutation({
    mutationFn: async (vars: V): Promise<CampaignResult> => resultOf(await call(vars)),
    onSuccess: (result) => {
      client.setQueryData<Campaign>(
        campaignKeys.campaign(userId, result.campaign.id),
        result.campaign,
      );
      void client.invalidateQueries({ queryKey: campaignKeys.lists(userId) });
      if (options.calendar) void client.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}

export const useCreateCampaign = () =>
  useCampaignWrite((input: CreateCampaignInput) => campaignsApi.create(input));

/** A step's fields (and the step the wizard is on) on the version they were made on. */
export const useUpdateCampaign = () =>
  useCampaignWrite(({ id, input }: { id: string; input: UpdateCampaignInput }) =>
    campaignsApi.update(id, input),
  );

export const usePlanCampaign = (id: string) =>
  useCampaignWrite((version: number) => campaignsApi.plan(id, version));

export type PostChange =
  | { kind: 'update'; key: string; version: number; changes: PostEdit }
  | { kind: 'remove'; key: string; version: number }
  | { kind: 'regenerate'; key: string; version: number }
  | { kind: 'add'; version: number; post: NewPost };

/** One planned post changed, removed, written again by the planner, or added by hand. */
export const useChangePost = (id: string) =>
  useCampaignWrite((change: PostChange) => {
    switch (change.kind) {
      case 'update':
        return campaignsApi.updatePost(id, change.key, change.version, change.changes);
      case 'remove':
        return campaignsApi.removePost(id, change.key, change.version);
      case 'regenerate':
        return campaignsApi.regeneratePost(id, change.key, change.version);
      case 'add':
        return campaignsApi.addPost(id, change.version, change.post);
    }
  });

export const useLaunchCampaign = (id: string) =>
  useCampaignWrite((version: number) => campaignsApi.launch(id, version), { calendar: true });

export type LifecycleAction = 'pause' | 'resume' | 'cancel';

export const useLifecycleAction = (id: string) =>
  useCampaignWrite(
    ({ action, version }: { action: LifecycleAction; version: number }) =>
      campaignsApi[action](id, version),
    { calendar: true },
  );

export const useDuplicateCampaign = (id: string) =>
  useCampaignWrite((_: void) => campaignsApi.duplicate(id));
