// CSV as RFC 4180 writes it, read for the contacts import (docs/decisions/101-contacts-import.md):
// fields separated by a delimiter, records by CRLF, LF or a lone CR; a field in double quotes may
// hold the delimiter, line breaks and doubled quotes (""). Spreadsheets in some countries write
// semicolons and some exports tabs, so the delimiter is the one the header line uses most.
// A quote inside an unquoted field is kept as text (5" screen), as spreadsheets write it; a quoted
// field that is never closed, or text after a closing quote, is broken quoting and answered with
// the line it starts on, since nothing after it can be read with confidence.

export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

export interface CsvRecord {
  /** The line of the file the record starts on, from 1. */
  line: number;
  cells: string[];
}

export type CsvParseResult =
  | {
      ok: true;
      delimiter: CsvDelimiter;
      records: CsvRecord[];
      /** More than `maxRecords` records: reading stopped there. */
      truncated: boolean;
    }
  | { ok: false; line: number; message: string };

const BOM = '\uFEFF';

/** The delimiter the first line uses most outside quotes; a comma when it uses none. */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(CSV_DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = text.startsWith(BOM) ? 1 : 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch as CsvDelimiter)) {
      counts.set(ch as CsvDelimiter, counts.get(ch as CsvDelimiter)! + 1);
    }
  }
  let best: CsvDelimiter = ',';
  for (const d of CSV_DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/**
 * The records of `text`. A line with nothing on it is no record; a final line break ends the
 * last record rather than starting one. Reading stops after `maxRecords` records (header
 * included), so a file of a million rows is refused without reading it all.
 */
export function parseCsv(
  text: string,
  options: { delimiter?: CsvDelimiter; maxRecords?: number } = {},
): CsvParseResult {
  const delimiter = options.delimiter ?? detectDelimiter(text);
  const maxRecords = options.maxRecords ?? Number.POSITIVE_INFINITY;
  const records: CsvRecord[] = [];
  const length = text.length;
  let i = text.startsWith(BOM) ? 1 : 0;
  let line = 1;

  while (i < length) {
    const recordLine = line;
    const cells: string[] = [];
    let endOfRecord = false;
    while (!endOfRecord) {
      let cell = '';
      if (text[i] === '"') {
        const openedOn = line;
        i += 1;
        let closed = false;
        while (i < length) {
          const quote = text.indexOf('"', i);
          if (quote === -1) break;
          const chunk = text.slice(i, quote);
          line += countLineBreaks(chunk);
          cell += chunk;
          if (text[quote + 1] === '"') {
            cell += '"';
            i = quote + 2;
            continue;
          }
          i = quote + 1;
          closed = true;
          break;
        }
        if (!closed) {
          return {
            ok: false,
            line: openedOn,
            message: `Line ${openedOn}: a quoted field is not closed`,
          };
        }
        const next = text[i];
        if (i < length && next !== delimiter && next !== '\n' && next !== '\r') {
          return {
            ok: false,
            line,
            message: `Line ${line}: text follows the closing quote of a field`,
          };
        }
      } else {
        const start = i;
        while (i < length) {
          const ch = text[i];
          if (ch === delimiter || ch === '\n' || ch === '\r') break;
          i += 1;
        }
        cell = text.slice(start, i);
      }
      cells.push(cell);
      if (i >= length) {
        endOfRecord = true;
      } else if (text[i] === delimiter) {
        i += 1;
        // A delimiter at the very end of the file leaves one empty field after it.
        if (i >= length) {
          cells.push('');
          endOfRecord = true;
        }
      } else {
        i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line += 1;
        endOfRecord = true;
      }
    }
    if (cells.length === 1 && cells[0] === '') continue;
    records.push({ line: recordLine, cells });
    if (records.length > maxRecords) return { ok: true, delimiter, records, truncated: true };
  }
  return { ok: true, delimiter, records, truncated: false };
}

function countLineBreaks(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '\n') n += 1;
    else if (ch === '\r' && text[i + 1] !== '\n') n += 1;
  }
  return n;
}
