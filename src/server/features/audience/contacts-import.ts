import { AUDIENCE_LIMITS, updateContactInputSchema } from '#shared/contracts/audience.contract.ts';
import {
  IMPORT_LIMITS,
  type ImportedValues,
  type ImportField,
  type ImportMapping,
  type ImportPreview,
  type ImportRowError,
  type ImportTotals,
} from '#shared/contracts/audience-import.contract.ts';
import type {
  ContactUpdate,
  ExistingContact,
  ImportActivity,
  NewContact,
} from './contacts-import.repository.ts';
import { REPLACEMENT, type CsvTable } from './contacts-import-file.ts';

// The rows of a contacts import (docs/decisions/101-contacts-import.md): each row read through
// the mapping and checked as the contact form checks its fields, then a plan of what the import
// does against the business's contacts: a new contact, or an existing one matched by e-mail
// (case does not matter) brought up to date — empty fields filled, tags added, consent only ever
// given, with its source. Rows of the file with the same e-mail make or change one contact.
// Text that looks like a formula (=, +, -, @) is kept as typed: +44 is a phone number, and the
// CSV export neutralises such cells (analytics/csv.ts).

const phoneSchema = updateContactInputSchema.shape.phone;
const emailSchema = updateContactInputSchema.shape.email;

const CONSENT_WORDS: Record<string, boolean> = {
  yes: true,
  y: true,
  true: true,
  '1': true,
  no: false,
  n: false,
  false: false,
  '0': false,
};

export interface ReadRow {
  row: number;
  /** Null when the row has errors. */
  values: ImportedValues | null;
  errors: ImportRowError[];
}

/** One row through the mapping, with every problem it has. */
export function readRow(
  table: Pick<CsvTable, 'header'>,
  mapping: ImportMapping,
  row: { row: number; cells: string[] },
): ReadRow {
  const errors: ImportRowError[] = [];
  const columnOf: Partial<Record<ImportField, string>> = {};
  const cells: Partial<Record<ImportField, string>> = {};
  mapping.forEach((field, i) => {
    if (!field) return;
    columnOf[field] = table.header[i] ?? `Column ${i + 1}`;
    cells[field] = (row.cells[i] ?? '').trim();
  });
  const fail = (field: ImportField | null, message: string) =>
    errors.push({ row: row.row, column: field ? (columnOf[field] ?? null) : null, message });

  if (Object.values(cells).some((cell) => cell.includes(REPLACEMENT))) {
    fail(null, 'This row is not valid UTF-8 text');
    return { row: row.row, values: null, errors };
  }
  if (
    row.cells.length > table.header.length &&
    row.cells.slice(table.header.length).some((c) => c.trim())
  ) {
    fail(null, 'This row has more cells than the header has columns');
  }

  const email = cells.email ? cells.email.toLowerCase() : null;
  if (email !== null && !emailSchema.safeParse(email).success) {
    fail('email', 'Not a valid e-mail address');
  }
  let name = cells.name ?? '';
  if (!name && email) name = email.split('@')[0] ?? email;
  if (!name) fail(cells.name === undefined ? null : 'name', 'A name or an e-mail is needed');
  else if (name.length > IMPORT_LIMITS.nameLength) {
    fail('name', `At most ${IMPORT_LIMITS.nameLength} characters`);
  }

  const phone = cells.phone || null;
  if (phone !== null && !phoneSchema.safeParse(phone).success) {
    fail('phone', 'Not a valid phone number');
  }
  const location = cells.location || null;
  if (location && location.length > IMPORT_LIMITS.locationLength) {
    fail('location', `At most ${IMPORT_LIMITS.locationLength} characters`);
  }

  const tags = [
    ...new Set(
      (cells.tags ?? '')
        .split(/[;,]/)
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (tags.some((t) => t.length > AUDIENCE_LIMITS.tagLength)) {
    fail('tags', `A tag has at most ${AUDIENCE_LIMITS.tagLength} characters`);
  } else if (tags.length > AUDIENCE_LIMITS.tags) {
    fail('tags', `At most ${AUDIENCE_LIMITS.tags} tags`);
  }

  let consent = false;
  if (cells.consent) {
    const word = CONSENT_WORDS[cells.consent.toLowerCase()];
    if (word === undefined) fail('consent', 'Use yes or no');
    else consent = word;
  }
  const consentSource = consent ? cells.consentSource || null : null;
  if (consent && !consentSource) {
    fail(
      cells.consentSource === undefined ? 'consent' : 'consentSource',
      'Say where the consent was given',
    );
  } else if (consentSource && consentSource.length > IMPORT_LIMITS.consentSourceLength) {
    fail('consentSource', `At most ${IMPORT_LIMITS.consentSourceLength} characters`);
  }

  if (errors.length > 0) return { row: row.row, values: null, errors };
  return {
    row: row.row,
    values: { name, email, phone, tags, location, consent, consentSource },
    errors,
  };
}

export interface ImportPlan {
  rows: ImportPreview['rows'];
  errors: ImportRowError[];
  creates: NewContact[];
  updates: ContactUpdate[];
  activities: ImportActivity[];
  totals: ImportTotals;
}

interface Target {
  phone: string | null;
  location: string | null;
  tags: string[];
  consent: boolean;
  consentSource: string | null;
  activity: ImportActivity;
}

/**
 * Folds a valid row into its contact, unless the contact would then have too many tags: that
 * row becomes invalid and nothing of it is applied.
 */
function fold(target: Target, values: ImportedValues): string | null {
  const tags = [...new Set([...target.tags, ...values.tags])];
  if (tags.length > AUDIENCE_LIMITS.tags) {
    return `This contact would have more than ${AUDIENCE_LIMITS.tags} tags`;
  }
  target.tags = tags;
  target.phone ??= values.phone;
  target.location ??= values.location;
  if (!target.consent && values.consent) {
    target.consent = true;
    target.consentSource = values.consentSource;
  }
  return null;
}

/**
 * What the import does with each row, given the rows as read and the business's contacts with
 * the file's e-mails. `newId` names each contact to be made (the activity rows refer to it).
 */
export function planImport(
  read: readonly ReadRow[],
  existing: ReadonlyMap<string, ExistingContact>,
  newId: () => string = () => crypto.randomUUID(),
): ImportPlan {
  const rows: ImportPlan['rows'] = [];
  const errors: ImportRowError[] = [];
  const creates: Array<{ id: string; name: string; email: string | null; target: Target }> = [];
  const updates: Array<{ id: string; target: Target }> = [];
  const byEmail = new Map<string, Target>();
  let duplicates = 0;

  for (const r of read) {
    if (!r.values) {
      errors.push(...r.errors);
      rows.push({ row: r.row, action: 'invalid', values: null });
      continue;
    }
    const v = r.values;
    const known = v.email ? byEmail.get(v.email) : undefined;
    const match = v.email && !known ? existing.get(v.email) : undefined;
    let target: Target;
    let action: 'create' | 'update' | 'duplicate';
    if (known) {
      target = known;
      action = 'duplicate';
    } else if (match) {
      target = {
        phone: match.phone,
        location: match.location,
        tags: match.tags,
        consent: match.consent,
        consentSource: null,
        activity: { contactId: match.id, rows: [], created: false },
      };
      action = 'update';
    } else {
      target = {
        phone: null,
        location: null,
        tags: [],
        consent: false,
        consentSource: null,
        activity: { contactId: newId(), rows: [], created: true },
      };
      action = 'create';
    }
    const refused = fold(target, v);
    if (refused) {
      errors.push({ row: r.row, column: null, message: refused });
      rows.push({ row: r.row, action: 'invalid', values: null });
      continue;
    }
    target.activity.rows.push(r.row);
    rows.push({ row: r.row, action, values: v });
    if (action === 'duplicate') {
      duplicates += 1;
      continue;
    }
    if (v.email) byEmail.set(v.email, target);
    if (action === 'update') updates.push({ id: target.activity.contactId, target });
    else creates.push({ id: target.activity.contactId, name: v.name, email: v.email, target });
  }

  const invalid = rows.filter((r) => r.action === 'invalid').length;
  return {
    rows,
    errors,
    creates: creates.map(({ target, id, name, email }): NewContact => ({
      id,
      name,
      email,
      phone: target.phone,
      location: target.location,
      tags: target.tags,
      consent: target.consent,
      consentSource: target.consentSource,
    })),
    updates: updates.map(({ id, target }) => ({
      id,
      phone: target.phone,
      location: target.location,
      tags: target.tags,
      consent: target.consent,
      consentSource: target.consentSource,
    })),
    activities: [...creates, ...updates].map((c) => c.target.activity),
    totals: {
      rows: rows.length,
      valid: rows.length - invalid,
      invalid,
      created: creates.length,
      updated: updates.length,
      duplicates,
    },
  };
}
