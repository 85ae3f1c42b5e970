import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import type { Delivery, SavePostInput } from '#shared/contracts/posts.contract.ts';

// Duplicate: a copy of a post as a draft, with its text, time and the accounts, formats, media
// and first comment of each of its deliveries whose account still exists. It is not published
// until someone schedules it.

export function duplicateBody(
  event: Pick<CalendarEvent, 'title' | 'content' | 'type' | 'platforms' | 'scheduled_for'>,
  deliveries: readonly Delivery[],
): SavePostInput {
  const seen = new Set<string>();
  const targets = deliveries.flatMap((d) => {
    if (d.connection_id === null || seen.has(d.connection_id)) return [];
    seen.add(d.connection_id);
    return [
      {
        connection_id: d.connection_id,
        format: d.format,
        media_ids: [...d.media_ids],
        first_comment: d.first_comment,
      },
    ];
  });
  return {
    post: {
      title: event.title,
      content: event.content,
      type: event.type,
      platforms: event.platforms.filter(
        (p): p is 'facebook' | 'instagram' => p === 'facebook' || p === 'instagram',
      ),
      scheduled_for: event.scheduled_for,
    },
    targets,
    intent: 'draft',
  };
}
