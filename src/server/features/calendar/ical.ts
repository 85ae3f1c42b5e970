// A small RFC 5545 writer: just what a read-only subscription feed needs. Every time is written
// in UTC ("Z" form), so no VTIMEZONE is needed and calendar apps show it in their own zone.

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon and comma escaped; any newline becomes "\n". */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 5545 §3.1: lines longer than 75 octets are split, each continuation starting with one
 * space (which counts towards its 75). Splits fall between characters, never inside a UTF-8
 * sequence, so every line stays valid UTF-8.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= MAX_LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let currentOctets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const octets = encoder.encode(char).length;
    if (currentOctets + octets > limit) {
      parts.push(current);
      current = ' ';
      currentOctets = 1;
      limit = MAX_LINE_OCTETS;
    }
    current += char;
    currentOctets += octets;
  }
  parts.push(current);
  return parts.join(CRLF);
}

/** 2026-03-29T01:00:00.000Z → 20260329T010000Z (RFC 5545 §3.3.5, form #2: UTC). */
export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export interface IcalEvent {
  uid: string;
  start: Date;
  durationMinutes: number;
  summary: string;
  description?: string | undefined;
  status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
  lastModified: Date;
  url?: string | undefined;
  categories?: readonly string[] | undefined;
}

export interface IcalCalendar {
  name: string;
  /** When this copy of the calendar was made: the DTSTAMP of every event (RFC 5545 §3.8.7.2). */
  stamp: Date;
  events: readonly IcalEvent[];
}

export function renderCalendar(calendar: IcalCalendar): string {
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Soci Gen//Content calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    // Calendar apps poll a subscription on their own schedule; this asks for about hourly.
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  const stamp = formatUtc(calendar.stamp);
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${formatUtc(event.start)}`,
      `DURATION:PT${Math.max(1, Math.round(event.durationMinutes))}M`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.categories && event.categories.length > 0) {
      lines.push(`CATEGORIES:${event.categories.map(escapeText).join(',')}`);
    }
    if (event.url) lines.push(`URL:${event.url}`);
    lines.push(
      `STATUS:${event.status}`,
      `LAST-MODIFIED:${formatUtc(event.lastModified)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
