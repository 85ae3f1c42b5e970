import { describe, expect, it } from 'vitest';
import type { ImportMapping } from '#shared/contracts/audience-import.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { decodeCsvFile, readCsvTable, suggestMapping } from './contacts-import-file.ts';
import { planImport, readRow } from './contacts-import.ts';
import type { ExistingContact } from './contacts-import.repository.ts';

// The contacts import's reading and planning (docs/decisions/101-contacts-import.md), without
// the database: the file's encoding, the mapping a header suggests, each field's rules, and how
// rows fold into contacts.

const b64 = (bytes: Buffer) => bytes.toString('base64');
const FULL: ImportMapping = [
  'name',
  'email',
  'phone',
  'tags',
  'location',
  'consent',
  'consentSource',
];
const header = ['Name', 'E-mail', 'Phone', 'Tags', 'City', 'Consent', 'Consent source'];
const read = (cells: string[], mapping: ImportMapping = FULL, row = 2) =>
  readRow({ header }, mapping, { row, cells });

function fieldErrorsOf(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error.record.details?.['fieldErrors'];
    throw error;
  }
  throw new Error('did not throw');
}

describe('decodeCsvFile', () => {
  it('reads UTF-8 with or without a byte order mark', () => {
    expect(decodeCsvFile(b64(Buffer.from('Name\nZoë\n')))).toBe('Name\nZoë\n');
    const withBom = decodeCsvFile(b64(Buffer.from('\uFEFFName\nZoë\n')));
    expect(readCsvTable(withBom).header).toEqual(['Name']);
  });

  it('reads a file without UTF-8 sequences as Windows-1252', () => {
    expect(decodeCsvFile(b64(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80])))).toBe('Café €');
  });

  it('keeps the UTF-8 reading of a mixed file, with replacement characters', () => {
    const mixed = Buffer.concat([Buffer.from('Zoë\n'), Buffer.from([0x4a, 0xe9, 0x0a])]);
    expect(decodeCsvFile(b64(mixed))).toBe('Zoë\nJ\uFFFD\n');
  });

  it('reads UTF-16 with its byte order mark, as Excel saves "Unicode text"', () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Name\tCity\nZoë\tKöln\n', 'utf16le'),
    ]);
    const table = readCsvTable(decodeCsvFile(b64(utf16)));
    expect(table).toEqual({ header: ['Name', 'City'], rows: [{ row: 2, cells: ['Zoë', 'Köln'] }] });
  });

  it('refuses binary and empty files', () => {
    expect(
      fieldErrorsOf(() => decodeCsvFile(b64(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0])))),
    ).toEqual({
      csv: 'This file is not a CSV: it holds binary data. Save it as CSV and try again.',
    });
    expect(fieldErrorsOf(() => decodeCsvFile(''))).toEqual({ csv: 'The file is empty' });
  });
});

describe('readCsvTable', () => {
  it('numbers rows as a spreadsheet does and names blank headers', () => {
    expect(readCsvTable('Name,\n"A\nB",x\n\nC,y\n')).toEqual({
      header: ['Name', 'Column 2'],
      rows: [
        { row: 2, cells: ['A\nB', 'x'] },
        { row: 3, cells: ['C', 'y'] },
      ],
    });
  });

  it('refuses a file with only blank lines as having no header', () => {
    expect(fieldErrorsOf(() => readCsvTable('\n\n'))).toEqual({
      csv: 'The file has no header row',
    });
  });
});

describe('suggestMapping', () => {
  it('guesses the fields from common English headers, each from one column', () => {
    expect(
      suggestMapping([
        'Full name',
        'Email address',
        'Mobile',
        'Labels',
        'Location',
        'Marketing consent',
        'Consent source',
        'Company name',
        'E-mail',
      ]),
    ).toEqual([
      'name',
      'email',
      'phone',
      'tags',
      'location',
      'consent',
      'consentSource',
      null,
      null,
    ]);
    expect(suggestMapping(['email', 'phone number', 'city', 'opt-in', 'notes'])).toEqual([
      'email',
      'phone',
      'location',
      'consent',
      null,
    ]);
  });
});

describe('readRow', () => {
  it('reads each field, lower-casing the e-mail and the tags', () => {
    expect(
      read([
        '  Ann  ',
        'Ann@Example.COM',
        '+44 20 7946 0000',
        'VIP; local,vip',
        'Leeds',
        'Y',
        'Form',
      ]),
    ).toEqual({
      row: 2,
      errors: [],
      values: {
        name: 'Ann',
        email: 'ann@example.com',
        phone: '+44 20 7946 0000',
        tags: ['vip', 'local'],
        location: 'Leeds',
        consent: true,
        consentSource: 'Form',
      },
    });
  });

  it('names a contact by its e-mail when the name is empty', () => {
    expect(read(['', 'pat.doe@example.com', '', '', '', '', '']).values?.name).toBe('pat.doe');
    expect(read(['', '', '', '', '', '', '']).errors).toEqual([
      { row: 2, column: 'Name', message: 'A name or an e-mail is needed' },
    ]);
    expect(read(['x'], [null]).errors).toEqual([
      { row: 2, column: null, message: 'A name or an e-mail is needed' },
    ]);
  });

  it('reads consent words in any case and refuses others', () => {
    for (const word of ['yes', 'TRUE', '1', 'y']) {
      expect(read(['A', '', '', '', '', word, 'Shop']).values?.consent).toBe(true);
    }
    for (const word of ['No', 'false', '0', 'n', '']) {
      expect(read(['A', '', '', '', '', word, 'Shop']).values).toMatchObject({
        consent: false,
        consentSource: null,
      });
    }
    expect(read(['A', '', '', '', '', 'maybe', '']).errors).toEqual([
      { row: 2, column: 'Consent', message: 'Use yes or no' },
    ]);
    expect(read(['A', '', '', '', '', 'yes', ' ']).errors).toEqual([
      { row: 2, column: 'Consent source', message: 'Say where the consent was given' },
    ]);
    expect(read(['A', 'yes'], ['name', 'consent']).errors).toEqual([
      { row: 2, column: 'E-mail', message: 'Say where the consent was given' },
    ]);
  });

  it('refuses too many or too long tags, long text and extra cells', () => {
    const many = Array.from({ length: 31 }, (_, i) => `t${i}`).join(';');
    expect(read(['A', '', '', many, '', '', '']).errors[0]?.message).toBe('At most 30 tags');
    expect(read(['A', '', '', 'x'.repeat(41), '', '', '']).errors[0]?.message).toBe(
      'A tag has at most 40 characters',
    );
    expect(read(['A', '', '', '', 'x'.repeat(101), '', '']).errors[0]?.message).toBe(
      'At most 100 characters',
    );
    expect(read(['A', '', '', '', '', '', '', '', 'extra']).errors[0]?.message).toBe(
      'This row has more cells than the header has columns',
    );
    expect(read(['A', '', '', '', '', '', '', '']).errors).toEqual([]);
  });

  it('refuses a row with unreadable bytes in a mapped cell only', () => {
    expect(read(['J\uFFFDs', '', '', '', '', '', '']).errors).toEqual([
      { row: 2, column: null, message: 'This row is not valid UTF-8 text' },
    ]);
    expect(read(['Jo', 'x\uFFFD'], ['name', null]).errors).toEqual([]);
  });
});

describe('planImport', () => {
  const existing = (over: Partial<ExistingContact> = {}): ExistingContact => ({
    id: 'c-1',
    email: 'ann@example.com',
    phone: null,
    location: 'York',
    tags: ['vip'],
    consent: false,
    ...over,
  });
  let n = 0;
  const newId = () => `new-${(n += 1)}`;

  it('refuses the row that would give a contact more than 30 tags, and only that row', () => {
    const tags = Array.from({ length: 29 }, (_, i) => `t${i}`);
    const rows = [
      read(['Ann', 'ann@example.com', '', 'a', '', '', ''], FULL, 2),
      read(['Ann', 'ann@example.com', '+1 555 0100', 'b', '', '', ''], FULL, 3),
      read(['Ann', 'ann@example.com', '', 'c', 'Leeds', '', ''], FULL, 4),
    ];
    const plan = planImport(rows, new Map([['ann@example.com', existing({ tags })]]), newId);
    expect(plan.rows.map((r) => r.action)).toEqual(['update', 'invalid', 'invalid']);
    expect(plan.errors).toEqual([
      { row: 3, column: null, message: 'This contact would have more than 30 tags' },
      { row: 4, column: null, message: 'This contact would have more than 30 tags' },
    ]);
    expect(plan.updates).toEqual([
      {
        id: 'c-1',
        phone: null,
        location: 'York',
        tags: [...tags, 'a'],
        consent: false,
        consentSource: null,
      },
    ]);
    expect(plan.totals).toEqual({
      rows: 3,
      valid: 1,
      invalid: 2,
      created: 0,
      updated: 1,
      duplicates: 0,
    });
  });

  it('makes one contact per row without e-mail and one per new e-mail', () => {
    const rows = [
      read(['Pat', '', '', '', '', '', ''], FULL, 2),
      read(['Pat', '', '', '', '', '', ''], FULL, 3),
      read(['Quinn', 'q@example.com', '', '', '', 'no', ''], FULL, 4),
      read(['Q', 'Q@example.com', '', 'x', '', 'yes', 'Stall'], FULL, 5),
    ];
    const plan = planImport(rows, new Map(), newId);
    expect(plan.totals).toMatchObject({ created: 3, duplicates: 1, valid: 4 });
    expect(plan.creates.at(-1)).toMatchObject({
      name: 'Quinn',
      email: 'q@example.com',
      tags: ['x'],
      consent: true,
      consentSource: 'Stall',
    });
    expect(plan.activities.at(-1)).toMatchObject({ rows: [4, 5], created: true });
  });
});
