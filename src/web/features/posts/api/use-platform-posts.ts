import { useQuery } from '@tanstack/react-query';
import type { PlatformPost } from '#shared/contracts/calendar.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { calendarPaths } from '../../../lib/api-paths.ts';
import { useUserId } from '../../auth/index.ts';
import { NO_USER, postKeys } from './keys.ts';

/** One event's deliveries (platform_posts rows), as its quick view shows them. */
export function usePlatformPosts(eventId: string | null) {
  const userId = useUserId();
  return useQuery({
    queryKey: postKeys.deliveries(userId ?? NO_USER, eventId ?? 'none'),
    queryFn: ({ signal }) =>
      api.get<PlatformPost[]>(calendarPaths.platformPosts(eventId!), { signal }),
    enabled: eventId !== null,
    meta: { handlesErrors: true },
  });
}
