import { AppError } from '#shared/errors/index.ts';
import {
  IMPORT_LIMITS,
  type ImportField,
  type ImportMapping,
} from '#shared/contracts/audience-import.contract.ts';
import { validationError } from '#server/platform/validation.ts';
import { parseCsv, type CsvRecord } from './csv-parse.ts';

// The file of a contacts import (docs/decisions/101-contacts-import.md): its bytes read as text,
// its header, and the mapping its column names suggest. The browser sends the bytes as they are,
// so the encoding is decided here, once: UTF-8 (with or without a byte order mark); a file with
// no UTF-8 sequence at all but bytes UTF-8 cannot hold is an older spreadsheet's Windows-1252;
// a file that mixes both keeps the UTF-8 reading, and its rows with unreadable bytes (U+FFFD)
// are refused one by one rather than stored garbled. UTF-16 with its byte order mark (Excel's
// "Unicode text") is read too.

export const REPLACEMENT = '\uFFFD';
const MB = Math.round(IMPORT_LIMITS.maxBytes / 1024 / 1024);
const TOO_LARGE = `The file is larger than ${MB} MB. Split it into smaller files.`;
const NOT_CSV = 'This file is not a CSV: it holds binary data. Save it as CSV and try again.';

export function fileTooLarge(technicalMessage: string): AppError {
  return AppError.from('PAYLOAD_TOO_LARGE', {
    technicalMessage,
    userMessage: TOO_LARGE,
    details: { fieldErrors: { csv: TOO_LARGE } },
  });
}

/** A UTF-8 sequence of two to four bytes, read over the bytes as Latin-1 characters. */
const UTF8_SEQUENCE = /[\xC2-\xDF][\x80-\xBF]|[\xE0-\xEF][\x80-\xBF]{2}|[\xF0-\xF4][\x80-\xBF]{3}/;

/**
 * Windows-1252's characters for bytes 0x80–0x9F (the rest is Latin-1): written out because
 * Node's TextDecoder reads this encoding as Latin-1 and would make € a control character.
 * The five bytes Windows-1252 leaves undefined keep their Latin-1 reading.
 */
const CP1252_HIGH = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8DŽ\x8F\x90‘’“”•–—˜™š›œ\x9DžŸ';

function decodeWindows1252(bytes: Buffer): string {
  const latin = bytes.toString('latin1');
  return latin.replace(/[\x80-\x9F]/g, (ch) => CP1252_HIGH[ch.charCodeAt(0) - 0x80]!);
}

/** C0 control characters no text file holds (tab, line ends and form feed are text). */
function controlShare(bytes: Uint8Array): number {
  const sample = bytes.subarray(0, 8192);
  let controls = 0;
  for (const b of sample) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) controls += 1;
  }
  return sample.length === 0 ? 0 : controls / sample.length;
}

/** The file's text from its base64 bytes; a file too large, empty or binary is refused. */
export function decodeCsvFile(base64: string): string {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > IMPORT_LIMITS.maxBytes) {
    throw fileTooLarge(`CSV import of ${bytes.length} bytes`);
  }
  // Excel's "Unicode text" is UTF-16 with a byte order mark; its NUL bytes are not binary data.
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return checkedText(new TextDecoder('utf-16le').decode(bytes));
  if (bytes.includes(0) || controlShare(bytes) > 0.01) {
    throw validationError({ csv: NOT_CSV }, 'CSV import: binary bytes');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = UTF8_SEQUENCE.test(bytes.toString('latin1'))
      ? new TextDecoder('utf-8').decode(bytes)
      : decodeWindows1252(bytes);
  }
  return checkedText(text);
}

function checkedText(text: string): string {
  if (text.includes('\0')) throw validationError({ csv: NOT_CSV }, 'CSV import: NUL in text');
  if (text.replace(/^\uFEFF/, '').trim() === '') {
    throw validationError({ csv: 'The file is empty' }, 'CSV import: empty file');
  }
  return text;
}

export interface CsvTable {
  header: string[];
  /** The rows after the header, each with its number as a spreadsheet shows it. */
  rows: Array<{ row: number; cells: string[] }>;
}

/**
 * The header and rows of the text; broken quoting, too many rows or columns are refused with
 * what to do about them. A row's number is its place in the file with the header as row 1.
 */
export function readCsvTable(text: string): CsvTable {
  const parsed = parseCsv(text, { maxRecords: IMPORT_LIMITS.maxRows + 1 });
  if (!parsed.ok) {
    throw validationError({ csv: `${parsed.message}. Check its quotes.` }, parsed.message);
  }
  if (parsed.truncated) {
    const rows = IMPORT_LIMITS.maxRows.toLocaleString('en-GB');
    throw validationError(
      { csv: `At most ${rows} rows in one file. Split it into smaller files.` },
      'CSV import: too many rows',
    );
  }
  const [head, ...records] = parsed.records;
  if (!head) throw validationError({ csv: 'The file has no header row' });
  if (head.cells.length > IMPORT_LIMITS.maxColumns) {
    throw validationError(
      { csv: `At most ${IMPORT_LIMITS.maxColumns} columns in one file` },
      'CSV import: too many columns',
    );
  }
  const header = head.cells.map((cell, i) => cell.trim() || `Column ${i + 1}`);
  return {
    header,
    rows: records.map((record: CsvRecord, i) => ({ row: i + 2, cells: record.cells })),
  };
}

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The field a column's header names, in English as spreadsheets and shops export them. */
function fieldOfHeader(name: string): ImportField | null {
  const n = normalise(name);
  const consentLike = n.includes('consent') || n.includes('optin') || n.includes('optedin');
  if (consentLike && /source|origin|where|from|how/.test(n)) return 'consentSource';
  if (consentLike || n === 'subscribed' || n.includes('acceptsmarketing')) return 'consent';
  if (n.includes('email') || n === 'mail' || n === 'mailaddress') return 'email';
  if (n.includes('phone') || ['mobile', 'tel', 'cell', 'whatsapp'].includes(n)) return 'phone';
  if (['tags', 'tag', 'labels', 'label', 'groups', 'group', 'categories'].includes(n)) {
    return 'tags';
  }
  if (['city', 'location', 'town', 'region', 'country', 'place', 'area', 'address'].includes(n)) {
    return 'location';
  }
  if (/company|business|user|file/.test(n)) return null;
  if (n.endsWith('name') || ['customer', 'contact', 'person'].includes(n)) return 'name';
  return null;
}

/** Each field from the first column whose header names it; other columns are ignored. */
export function suggestMapping(header: readonly string[]): ImportMapping {
  const taken = new Set<ImportField>();
  return header.map((name) => {
    const field = fieldOfHeader(name);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}
