import type { CalendarEvent, EventStatus, EventType } from '#shared/contracts/calendar.contract.ts';

// A post's lifecycle (docs/decisions/074): draft → scheduled → publishing → published | failed,
// also unconfirmed and cancelled; a note is never published. The calendar, the quick view and
// the composer all ask these.

/** On its way out or out: the platforms show it, so the calendar does not change it. */
export function isLocked(event: Pick<CalendarEvent, 'status'>): boolean {
  return event.status === 'publishing' || event.status === 'published';
}

/**
 * The title of the notice on a post that can no longer be changed here, by what is happening to
 * it: on its way out, out, or out but not yet confirmed by the platform.
 */
export function lockedNoticeTitle(status: CalendarEvent['status']): string {
  if (status === 'published') return 'This post is published';
  if (status === 'unconfirmed') return 'This post is waiting for the platform to confirm it';
  return 'This post is on its way out';
}

/** Whether dragging (or Alt+arrow) may move it. */
export function canMove(event: Pick<CalendarEvent, 'status'>): boolean {
  return event.status === 'draft' || event.status === 'scheduled';
}

export function needsAttention(event: Pick<CalendarEvent, 'status'>): boolean {
  return event.status === 'failed' || event.status === 'unconfirmed';
}

/** The statuses a person may choose for an event of this type (a note is never published). */
export function choosableStatuses(type: EventType): Array<'draft' | 'scheduled' | 'cancelled'> {
  return type === 'note' ? ['draft', 'cancelled'] : ['draft', 'scheduled', 'cancelled'];
}

/** Posts are written in the composer; notes and campaigns stay in the calendar's quick dialog. */
export function isComposerPost(event: Pick<CalendarEvent, 'type'>): boolean {
  return event.type === 'post' || event.type === 'ai_generated';
}

/**
 * Where a post opens on the calendar: in the composer while it can still change (a draft,
 * scheduled, failed or cancelled post); on its way out, out, or waiting for the platform's answer,
 * in the quick view, with its links, reasons, Duplicate and Delete (docs/decisions/087).
 */
export function opensInComposer(event: Pick<CalendarEvent, 'type' | 'status'>): boolean {
  return isComposerPost(event) && !isLocked(event) && event.status !== 'unconfirmed';
}

export const STATUS_LABELS: Record<EventStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
  unconfirmed: 'Unconfirmed',
  cancelled: 'Cancelled',
};

export const TYPE_LABELS: Record<EventType, string> = {
  post: 'Post',
  ai_generated: 'AI-generated',
  campaign: 'Campaign',
  note: 'Note',
};
