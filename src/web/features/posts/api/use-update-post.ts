import { useMutation } from '@tanstack/react-query';
import type { CalendarEvent, UpdateEventInput } from '#shared/contracts/calendar.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { calendarPaths } from '../../../lib/api-paths.ts';
import { useInvalidatePosts } from './use-invalidate-posts.ts';

export function updatePost(id: string, changes: UpdateEventInput): Promise<CalendarEvent> {
  return api.patch<CalendarEvent>(calendarPaths.event(id), changes);
}

/** Changes from the quick dialog. The caller shows errors next to the fields. */
export function useUpdatePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateEventInput }) =>
      updatePost(id, changes),
    onSuccess: invalidate,
  });
}
