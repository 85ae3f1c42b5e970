import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Contact } from '#shared/contracts/audience.contract.ts';
import type { Board, CrmMemberOption, Note, TimelinePage } from '#shared/contracts/crm.contract.ts';
import { hasFeature } from '#shared/plans.ts';
import { api } from '../../../lib/api-client.ts';
import { useAuth, useUserId } from '../../auth/index.ts';
import { audienceKeys } from './keys.ts';

// The CRM add-on's calls and reads (crm.contract.ts, docs/decisions/099-crm.md). The paths are
// written as plain strings, as paths.ts does for the audience, so the pages' chunk stays free of
// zod; crm-paths.test.ts keeps them equal to the contract. A contact's notes and timeline live
// under the contact's key, so what refreshes the contact refreshes them.

export const crmPaths = {
  notes: '/api/audience/contacts/{id}/notes',
  note: '/api/audience/contacts/{id}/notes/{noteId}',
  timeline: '/api/audience/contacts/{id}/timeline',
  stage: '/api/audience/contacts/{id}/stage',
  owner: '/api/audience/contacts/{id}/owner',
  board: '/api/audience/board',
  members: '/api/audience/members',
} as const;

const fill = (path: string, id: string, noteId = '') =>
  path.replace('{id}', encodeURIComponent(id)).replace('{noteId}', encodeURIComponent(noteId));
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const crmApi = {
  notes: (id: string, signal?: AbortSignal) =>
    api.get<Note[]>(fill(crmPaths.notes, id), withSignal(signal)),
  addNote: (id: string, body: string) => api.post<Note>(fill(crmPaths.notes, id), { body }),
  editNote: (id: string, noteId: string, body: string) =>
    api.patch<Note>(fill(crmPaths.note, id, noteId), { body }),
  deleteNote: (id: string, noteId: string) =>
    api.delete<{ id: string }>(fill(crmPaths.note, id, noteId)),
  timeline: (id: string, before: string | undefined, signal?: AbortSignal) =>
    api.get<TimelinePage>(fill(crmPaths.timeline, id), {
      query: { before },
      ...withSignal(signal),
    }),
  moveStage: (id: string, stage: Contact['stage']) =>
    api.post<Contact>(fill(crmPaths.stage, id), { stage }),
  setOwner: (id: string, ownerId: string | null) =>
    api.post<Contact>(fill(crmPaths.owner, id), { ownerId }),
  board: (signal?: AbortSignal) => api.get<Board>(crmPaths.board, withSignal(signal)),
  members: (signal?: AbortSignal) =>
    api.get<CrmMemberOption[]>(crmPaths.members, withSignal(signal)),
};

export const crmKeys = {
  board: (userId: string) => ['audience', userId, 'board'] as const,
  members: (userId: string) => ['audience', userId, 'members'] as const,
  notes: (userId: string, id: string) => [...audienceKeys.contact(userId, id), 'notes'] as const,
  timeline: (userId: string, id: string) =>
    [...audienceKeys.contact(userId, id), 'timeline'] as const,
};

/**
 * Whether the business has the CRM add-on (docs/product/roles-and-plans.md#features-by-plan), as
 * FeatureGate decides it: before the subscription is known nothing is locked, and the server
 * refuses anyway.
 */
export function useHasCrm(): boolean {
  const { subscription } = useAuth();
  return !subscription || hasFeature(subscription.plan, subscription.addons, 'crm');
}

export function useCrmUser(): string {
  return useUserId() ?? 'anonymous';
}

export function useBoard(enabled = true) {
  const userId = useCrmUser();
  return useQuery({
    queryKey: crmKeys.board(userId),
    queryFn: ({ signal }) => crmApi.board(signal),
    enabled,
    meta: { handlesErrors: true },
  });
}

export function useMembers(enabled = true) {
  const userId = useCrmUser();
  return useQuery({
    queryKey: crmKeys.members(userId),
    queryFn: ({ signal }) => crmApi.members(signal),
    enabled,
    staleTime: 60_000,
    meta: { handlesErrors: true },
  });
}

export function useNotes(id: string) {
  const userId = useCrmUser();
  return useQuery({
    queryKey: crmKeys.notes(userId, id),
    queryFn: ({ signal }) => crmApi.notes(id, signal),
    meta: { handlesErrors: true },
  });
}

/** Newest first; "Load more" asks for the page after the last one read. */
export function useTimeline(id: string) {
  const userId = useCrmUser();
  return useInfiniteQuery({
    queryKey: crmKeys.timeline(userId, id),
    queryFn: ({ pageParam, signal }) => crmApi.timeline(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    meta: { handlesErrors: true },
  });
}
