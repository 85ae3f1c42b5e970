// Addresses that open a post. Both are on the calendar page (the routes of docs/product/routes.md
// are binding): ?compose=new or ?compose=<event id> opens the composer (docs/decisions/085);
// ?event=<id> opens the event's quick view, and the calendar goes to its day.

export const COMPOSE_PARAM = 'compose';
export const EVENT_PARAM = 'event';

/** The calendar address that opens the composer on a saved post. */
export function composerLinkFor(eventId: string): string {
  return `/dashboard/calendar?${COMPOSE_PARAM}=${encodeURIComponent(eventId)}`;
}

/** The calendar address that opens a saved event in its quick view. */
export function calendarLinkFor(eventId: string): string {
  return `/dashboard/calendar?${EVENT_PARAM}=${encodeURIComponent(eventId)}`;
}
