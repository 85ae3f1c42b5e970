// The calendar address that opens a saved event in its quick view (calendar-page.tsx reads
// ?event=, loads the event and goes to its day). The composer has its own: composerLinkFor.

export function calendarLinkFor(eventId: string): string {
  return `/dashboard/calendar?event=${encodeURIComponent(eventId)}`;
}
