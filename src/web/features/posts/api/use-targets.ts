import { useQuery } from '@tanstack/react-query';
import type { PublishingState, SetTargetsInput } from '#shared/contracts/publishing.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { publishingPaths } from '../../../lib/api-paths.ts';
import { useUserId } from '../../auth/index.ts';
import { NO_USER, postKeys } from './keys.ts';

// Where a post goes: one target per account, with its format, media and first comment
// (GET and PUT /api/calendar-events/{id}/targets, docs/decisions/080).

export function getTargets(eventId: string, signal?: AbortSignal): Promise<PublishingState> {
  return api.get<PublishingState>(publishingPaths.targets(eventId), signal ? { signal } : {});
}

export function setTargets(eventId: string, input: SetTargetsInput): Promise<PublishingState> {
  return api.put<PublishingState>(publishingPaths.targets(eventId), input);
}

/** Where a saved post goes, read fresh each time it is asked for ("Publish now" names them). */
export function usePostTargets(eventId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: postKeys.targets(userId ?? NO_USER, eventId),
    queryFn: ({ signal }) => getTargets(eventId, signal),
    gcTime: 0,
    meta: { handlesErrors: true },
  });
}
