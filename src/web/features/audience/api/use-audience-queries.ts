import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Segment } from '#shared/contracts/audience.contract.ts';
import { useUserId } from '../../auth/index.ts';
import { audienceApi } from './audience-api.ts';
import { audienceKeys, type ContactListParams } from './keys.ts';

// The audience pages' reads. Every page shows its own errors (`handlesErrors`).

function useKeyUser(): string {
  return useUserId() ?? 'anonymous';
}

export function useContacts(params: ContactListParams) {
  const userId = useKeyUser();
  return useQuery({
    queryKey: audienceKeys.contacts(userId, params),
    queryFn: ({ signal }) => audienceApi.contacts(params, signal),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

export function useContact(id: string) {
  const userId = useKeyUser();
  return useQuery({
    queryKey: audienceKeys.contact(userId, id),
    queryFn: ({ signal }) => audienceApi.contact(id, signal),
    meta: { handlesErrors: true },
  });
}

/** The saved segments with their live counts (a list, or a page of one). */
export function useSegments() {
  const userId = useKeyUser();
  return useQuery({
    queryKey: audienceKeys.segments(userId),
    queryFn: async ({ signal }): Promise<Segment[]> => {
      const answer = (await audienceApi.segments(signal)) as Segment[] | { items: Segment[] };
      return Array.isArray(answer) ? answer : answer.items;
    },
    meta: { handlesErrors: true },
  });
}

export function useSegment(id: string | undefined) {
  const userId = useKeyUser();
  return useQuery({
    queryKey: audienceKeys.segment(userId, id ?? 'new'),
    queryFn: ({ signal }) => audienceApi.segment(id!, signal),
    enabled: id !== undefined,
    // A segment being edited is never replaced under the person's changes by a background read.
    refetchOnWindowFocus: false,
    meta: { handlesErrors: true },
  });
}
