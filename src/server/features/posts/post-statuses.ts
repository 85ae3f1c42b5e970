import type { PostStatus } from '#shared/contracts/posts.contract.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { statusesOfEvent } from './deliveries.repository.ts';
import { setEventStatus } from './posts.repository.ts';

// What a post's status means and how it follows its deliveries. The statuses themselves are
// POST_STATUSES (src/shared/contracts/posts.contract.ts). The worker's claim and settle
// statements use the SQL form of eventStatusFor, `app.event_status_for` (docs/decisions/083); a
// test compares the two.

export type { PostStatus };

/**
 * A post on its way out or already out is what the platforms show: it cannot be edited or moved
 * (docs/product/entities.md#calendar-event-states, docs/decisions/074); it can still be deleted.
 */
export function isLocked(status: PostStatus): boolean {
  return status === 'publishing' || status === 'published';
}

/** The post follows its deliveries (docs/decisions/080); null when they say nothing. */
export function eventStatusFor(statuses: readonly PostStatus[]): PostStatus | null {
  const live = statuses.filter((s) => s !== 'cancelled' && s !== 'draft');
  if (statuses.length === 0) return null;
  if (live.length === 0) return statuses.every((s) => s === 'cancelled') ? 'cancelled' : null;
  if (live.every((s) => s === 'published')) return 'published';
  const started = live.some((s) => s !== 'scheduled');
  if (live.some((s) => s === 'scheduled' || s === 'publishing')) {
    return started ? 'publishing' : 'scheduled';
  }
  if (live.some((s) => s === 'unconfirmed')) return 'unconfirmed';
  return 'failed';
}

/** Brings the post's status in line with its deliveries; returns it, or null when they say nothing. */
export async function refreshEventStatus(
  tx: Tx,
  userId: string,
  eventId: string,
  now: Date,
): Promise<PostStatus | null> {
  const status = eventStatusFor(await statusesOfEvent(tx, userId, eventId));
  if (status) await setEventStatus(tx, userId, eventId, status, now);
  return status;
}
