import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationAction, SyncState } from '#shared/contracts/inbox.contract.ts';
import { useUserId } from '../../auth/index.ts';
import { inboxApi, type RuleBody } from './inbox-api.ts';
import { inboxKeys } from './keys.ts';

// The social monitor's configuration and reports: saved replies, moderation rules and their
// audit, each account's sync, the response times.

function useKeyUser(): string {
  return useUserId() ?? 'anonymous';
}

export function useSaveSavedReply() {
  const client = useQueryClient();
  const userId = useKeyUser();
  return useMutation({
    mutationFn: (vars: { id: string | null; title: string; body: string }) =>
      vars.id
        ? inboxApi.updateSavedReply(vars.id, { title: vars.title, body: vars.body })
        : inboxApi.createSavedReply({ title: vars.title, body: vars.body }),
    onSettled: () => client.invalidateQueries({ queryKey: inboxKeys.savedReplies(userId) }),
  });
}

export function useDeleteSavedReply() {
  const client = useQueryClient();
  const userId = useKeyUser();
  return useMutation({
    mutationFn: (id: string) => inboxApi.deleteSavedReply(id),
    onSettled: () => client.invalidateQueries({ queryKey: inboxKeys.savedReplies(userId) }),
  });
}

export function useRules() {
  const userId = useKeyUser();
  return useQuery({
    queryKey: inboxKeys.rules(userId),
    queryFn: ({ signal }) => inboxApi.rules(signal),
    meta: { handlesErrors: true },
  });
}

export function useSaveRule() {
  const client = useQueryClient();
  const userId = useKeyUser();
  return useMutation({
    mutationFn: (vars: { id: string | null; rule: RuleBody }) =>
      vars.id ? inboxApi.updateRule(vars.id, vars.rule) : inboxApi.createRule(vars.rule),
    onSettled: () => client.invalidateQueries({ queryKey: inboxKeys.rules(userId) }),
  });
}

export function useDeleteRule() {
  const client = useQueryClient();
  const userId = useKeyUser();
  return useMutation({
    mutationFn: (id: string) => inboxApi.deleteRule(id),
    onSettled: () => client.invalidateQueries({ queryKey: inboxKeys.rules(userId) }),
  });
}

export function useModerationActions() {
  const userId = useKeyUser();
  return useQuery({
    queryKey: inboxKeys.moderationActions(userId),
    queryFn: ({ signal }) => inboxApi.moderationActions(signal),
    meta: { handlesErrors: true },
  });
}

/** One-click undo of an automatic hide or flag, shown undone at once. */
export function useUndoModeration() {
  const client = useQueryClient();
  const userId = useKeyUser();
  const key = inboxKeys.moderationActions(userId);
  return useMutation<ModerationAction, Error, string, { before: ModerationAction[] | undefined }>({
    mutationFn: (id) => inboxApi.undoModeration(id),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<ModerationAction[]>(key);
      client.setQueryData<ModerationAction[]>(key, (list) =>
        list?.map((a) => (a.id === id ? { ...a, status: 'undone' } : a)),
      );
      return { before };
    },
    onError: (_e, _id, context) => client.setQueryData(key, context?.before),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: inboxKeys.live(userId) });
    },
  });
}

export function useSyncStates() {
  const userId = useKeyUser();
  return useQuery({
    queryKey: inboxKeys.sync(userId),
    queryFn: ({ signal }) => inboxApi.sync(signal),
    meta: { handlesErrors: true },
    // While an account syncs, its state is read again until it is done.
    refetchInterval: (query) => (query.state.data?.some((s) => s.syncing) ? 3000 : false),
  });
}

export function useSyncNow() {
  const client = useQueryClient();
  const userId = useKeyUser();
  return useMutation({
    mutationFn: (connectionId?: string) => inboxApi.syncNow(connectionId),
    onSuccess: (states: SyncState[]) => client.setQueryData(inboxKeys.sync(userId), states),
    onSettled: () => client.invalidateQueries({ queryKey: inboxKeys.live(userId) }),
  });
}

export function useResponseTimes(from: string, to: string, targetMinutes: number) {
  const userId = useKeyUser();
  return useQuery({
    queryKey: inboxKeys.responseTimes(userId, from, to, targetMinutes),
    queryFn: ({ signal }) => inboxApi.responseTimes({ from, to, targetMinutes }, signal),
    enabled: from !== '' && to !== '' && from <= to,
    meta: { handlesErrors: true },
  });
}
