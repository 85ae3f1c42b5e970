import { useMutation } from '@tanstack/react-query';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { calendarPaths } from '../../../lib/api-paths.ts';
import { saveComposer, type ComposerApi, type SaveRequest } from '../lib/save-sequence.ts';
import { createPost } from './use-create-post.ts';
import { publishNow } from './use-publish-now.ts';
import { setTargets } from './use-targets.ts';
import { useInvalidatePosts } from './use-invalidate-posts.ts';
import { updatePost } from './use-update-post.ts';

// The composer's save: the event as a draft, its targets, then scheduled or published, in the
// order of save-sequence.ts (docs/decisions/085).

export function schedulePost(eventId: string, scheduledFor: string): Promise<CalendarEvent> {
  return api.post<CalendarEvent>(calendarPaths.schedule(eventId), {
    scheduled_for: scheduledFor,
  });
}

export const composerApi: ComposerApi = {
  createEvent: createPost,
  updateEvent: updatePost,
  setTargets,
  scheduleEvent: schedulePost,
  publishNow,
};

/**
 * Runs the save sequence. It never rejects: the outcome says what was saved and why the rest
 * was refused. Once the event exists (saved now, or in an attempt that failed later), the lists
 * are read again.
 */
export function useSavePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: (request: SaveRequest) => saveComposer(composerApi, request),
    onSuccess: (outcome) => {
      if (outcome.eventId) invalidate();
    },
  });
}
