import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, formatUtc, renderCalendar } from './ical.ts';

const octets = (s: string) => new TextEncoder().encode(s).length;

describe('escapeText (RFC 5545 §3.3.11)', () => {
  it('escapes backslash, semicolon and comma, and turns every newline into \\n', () => {
    expect(escapeText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeText('one\r\ntwo\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    // The backslash is escaped first, so an escape is never doubled.
    expect(escapeText('\\,')).toBe('\\\\\\,');
  });
});

describe('foldLine (RFC 5545 §3.1)', () => {
  it('leaves lines of 75 octets alone', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it('splits longer lines at 75 octets, continuations starting with a space', () => {
    const line = `DESCRIPTION:${'abcdefghij'.repeat(20)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBe(3);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(octets(parts[0]!)).toBe(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    // Unfolding (remove CRLF + one space) gives the line back.
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('never splits a multi-byte character', () => {
    const line = `SUMMARY:${'é🥐'.repeat(40)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      // A split inside a UTF-8 sequence would show as a replacement character on decoding.
      expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(part))).toBe(
        part,
      );
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});

describe('renderCalendar', () => {
  it('writes a VCALENDAR with UTC times, CRLF endings and escaped text', () => {
    const text = renderCalendar({
      name: 'Harbour Bakery, Leith',
      stamp: new Date('2026-03-20T10:00:00Z'),
      events: [
        {
          uid: 'abc@example.com',
          start: new Date('2026-03-29T00:30:00Z'),
          durationMinutes: 30,
          summary: 'Croissants; fresh, today',
          description: 'Line one\nLine two',
          status: 'CONFIRMED',
          lastModified: new Date('2026-03-19T08:15:00Z'),
          categories: ['Instagram', 'Facebook'],
        },
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    const lines = text.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'X-WR-CALNAME:Harbour Bakery\\, Leith',
        'BEGIN:VEVENT',
        'UID:abc@example.com',
        'DTSTAMP:20260320T100000Z',
        'DTSTART:20260329T003000Z',
        'DURATION:PT30M',
        'SUMMARY:Croissants\\; fresh\\, today',
        'DESCRIPTION:Line one\\nLine two',
        'CATEGORIES:Instagram,Facebook',
        'STATUS:CONFIRMED',
        'LAST-MODIFIED:20260319T081500Z',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    );
    expect(formatUtc(new Date('2026-11-01T06:00:00.123Z'))).toBe('20261101T060000Z');
  });
});
