import type { PostStatus as EventStatus } from '#shared/contracts/posts.contract.ts';
import type { LiveStatusMessage } from '#shared/contracts/publishing.contract.ts';
import { notifyAfterCommit, notifyCommitted } from '#server/platform/bus.ts';
import type { Database, Tx } from '#server/platform/db/client.ts';
import type { DeliveryRow } from './deliveries.repository.ts';

// Status changes of posts and their deliveries, queued while the change is written and told to
// every process once it commits (docs/decisions/081); the live stream
// (publishing/live-stream.ts) passes them to the business's open calendars. Saving a post and
// the publishing worker both tell them.

/** How much of a reason or link travels; the calendar reads the whole row when it refetches. */
const MAX_TEXT = 500;
/** A notice stays well inside one notification (8000 bytes, escaped inside a batch). */
const MAX_NOTICE_BYTES = 3000;

/** The bus message: the business it belongs to, and what the browser receives. */
export interface LiveStatusNotice {
  tenantId: string;
  message: LiveStatusMessage;
}

export function encodeNotice(notice: LiveStatusNotice): string {
  const text = JSON.stringify({ t: notice.tenantId, m: notice.message });
  if (Buffer.byteLength(text) <= MAX_NOTICE_BYTES || !notice.message.delivery) return text;
  // Long texts in several-byte characters: the browser refetches the row for the details.
  return JSON.stringify({
    t: notice.tenantId,
    m: {
      ...notice.message,
      delivery: { ...notice.message.delivery, permalink: null, last_error: null },
    },
  });
}

export function decodeNotice(payload: string): LiveStatusNotice | null {
  try {
    const parsed = JSON.parse(payload) as { t?: unknown; m?: unknown };
    if (typeof parsed.t !== 'string' || typeof parsed.m !== 'object' || parsed.m === null) {
      return null;
    }
    return { tenantId: parsed.t, message: parsed.m as LiveStatusMessage };
  } catch {
    return null;
  }
}

const clip = (text: string | null): string | null =>
  text === null || text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT - 1)}…`;

/** An event's own change: created, its status moved, or deleted (status null). */
export async function announceEvent(
  tx: Tx,
  tenantId: string,
  eventId: string,
  status: EventStatus | null,
  now: Date = new Date(),
): Promise<void> {
  notifyAfterCommit(
    tx,
    'publishing-status',
    encodeNotice({
      tenantId,
      message: { event_id: eventId, status, delivery: null, at: now.toISOString() },
    }),
  );
}

/** The notice of a delivery's change, with its event's status after it. */
function deliveryNotice(
  tenantId: string,
  post: DeliveryRow,
  status: EventStatus | null,
  now: Date,
): string {
  return encodeNotice({
    tenantId,
    message: {
      event_id: post.calendarEventId,
      status,
      delivery: {
        id: post.id,
        platform: post.platform,
        status: post.status,
        permalink: clip(post.permalink),
        last_error: clip(post.lastError),
      },
      at: now.toISOString(),
    },
  });
}

/**
 * A delivery's change in the transaction `tx`, with its event's status after it (the caller
 * brought the event in line with its posts: refreshEventStatus).
 */
export function announceDelivery(
  tx: Tx,
  tenantId: string,
  post: DeliveryRow,
  eventStatus: EventStatus | null,
  now: Date,
): void {
  notifyAfterCommit(tx, 'publishing-status', deliveryNotice(tenantId, post, eventStatus, now));
}

/** The same for a change a one-statement step of the worker has committed. */
export function announceCommittedDelivery(
  database: Database,
  tenantId: string,
  post: DeliveryRow,
  eventStatus: EventStatus | null,
  now: Date,
): void {
  notifyCommitted(database, 'publishing-status', deliveryNotice(tenantId, post, eventStatus, now));
}
