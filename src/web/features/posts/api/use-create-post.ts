import { useMutation } from '@tanstack/react-query';
import type { CalendarEvent, CreateEventInput } from '#shared/contracts/calendar.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { calendarPaths } from '../../../lib/api-paths.ts';
import { useInvalidatePosts } from './use-invalidate-posts.ts';

export function createPost(input: CreateEventInput): Promise<CalendarEvent> {
  return api.post<CalendarEvent>(calendarPaths.events, input);
}

/** A new event from the quick dialog, or a copy made by Duplicate. The caller shows errors. */
export function useCreatePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({ mutationFn: createPost, onSuccess: invalidate });
}
