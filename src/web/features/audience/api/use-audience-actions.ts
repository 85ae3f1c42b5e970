import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactDetail, Segment } from '#shared/contracts/audience.contract.ts';
import { useUserId } from '../../auth/index.ts';
import { audienceApi, type ContactChanges, type SegmentInput } from './audience-api.ts';
import { audienceKeys } from './keys.ts';

// The audience pages' writes. A contact's change replaces the cached contact; every write makes
// the lists and the segments' counts stale, since a segment stays live as contacts change.

function useInvalidate() {
  const client = useQueryClient();
  const userId = useUserId() ?? 'anonymous';
  return {
    client,
    userId,
    lists: () => {
      void client.invalidateQueries({ queryKey: audienceKeys.contactLists(userId) });
      void client.invalidateQueries({ queryKey: audienceKeys.segments(userId) });
    },
  };
}

export function useUpdateContact(id: string) {
  const { client, userId, lists } = useInvalidate();
  return useMutation({
    mutationFn: (changes: ContactChanges) => audienceApi.update(id, changes),
    onSuccess: (contact) => {
      if (contact && typeof contact === 'object' && 'identities' in contact) {
        client.setQueryData<ContactDetail>(audienceKeys.contact(userId, id), contact);
      } else {
        void client.invalidateQueries({ queryKey: audienceKeys.contact(userId, id) });
      }
      lists();
    },
  });
}

export function useMergeContact(id: string) {
  const { client, userId, lists } = useInvalidate();
  return useMutation({
    mutationFn: (otherId: string) => audienceApi.merge(id, otherId),
    onSuccess: (_answer, otherId) => {
      void client.invalidateQueries({ queryKey: audienceKeys.contact(userId, id) });
      client.removeQueries({ queryKey: audienceKeys.contact(userId, otherId) });
      lists();
    },
  });
}

export function useSplitContact(id: string) {
  const { client, userId, lists } = useInvalidate();
  return useMutation({
    mutationFn: (identityId: string) => audienceApi.split(id, identityId),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: audienceKeys.contact(userId, id) });
      lists();
    },
  });
}

export function useDeleteContact(id: string) {
  const { client, userId, lists } = useInvalidate();
  return useMutation({
    mutationFn: () => audienceApi.remove(id),
    onSuccess: () => {
      client.removeQueries({ queryKey: audienceKeys.contact(userId, id) });
      lists();
    },
  });
}

/** "Refresh from the inbox": contacts made and brought up to date from the conversations. */
export function useRefreshContacts() {
  const { lists } = useInvalidate();
  return useMutation({ mutationFn: () => audienceApi.refresh(), onSuccess: lists });
}

/** Saves a new segment, or the one named by `id`. */
export function useSaveSegment(id: string | undefined) {
  const { client, userId, lists } = useInvalidate();
  return useMutation({
    mutationFn: (input: SegmentInput) =>
      id ? audienceApi.updateSegment(id, input) : audienceApi.createSegment(input),
    onSuccess: (segment: Segment) => {
      client.setQueryData<Segment>(audienceKeys.segment(userId, segment.id), segment);
      lists();
    },
  });
}

export function useDeleteSegment() {
  const { client, userId, lists } = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => audienceApi.deleteSegment(id),
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: audienceKeys.segment(userId, id) });
      lists();
    },
  });
}
