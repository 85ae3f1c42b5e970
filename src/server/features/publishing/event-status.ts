import type { Tx } from '#server/platform/db/client.ts';
import type { EventStatus } from '#shared/contracts/calendar.contract.ts';
import * as repo from './publishing.repository.ts';

// An event's status follows its deliveries (docs/decisions/080). The claim and settle statements
// use the SQL form of the same rule, `app.event_status_for` (docs/decisions/083); a test compares
// the two.

/** The event follows its posts (docs/decisions/080). */
export function eventStatusFor(statuses: readonly repo.PostStatus[]): EventStatus | null {
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

/** Brings the event's status in line with its posts; returns it, or null when they say nothing. */
export async function refreshEventStatus(
  tx: Tx,
  userId: string,
  eventId: string,
  now: Date,
): Promise<EventStatus | null> {
  const status = eventStatusFor(await repo.statusesOfEvent(tx, userId, eventId));
  if (status) await repo.setEventStatus(tx, userId, eventId, status, now);
  return status;
}
