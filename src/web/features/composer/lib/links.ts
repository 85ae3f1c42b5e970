// Addresses that open the post composer, which lives on the calendar page (the seed's routes
// are binding): ?compose=new, or ?compose=<event id> for a saved post.

export const COMPOSE_PARAM = 'compose';

/** The calendar address that opens the composer on a saved post. */
export function composerLinkFor(eventId: string): string {
  return `/dashboard/calendar?${COMPOSE_PARAM}=${encodeURIComponent(eventId)}`;
}
