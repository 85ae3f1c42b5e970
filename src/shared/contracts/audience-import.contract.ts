import { z } from 'zod';

// Importing contacts from a CSV file (docs/decisions/101-contacts-import.md): the browser sends
// the file's bytes in base64 (so the server, not the browser, decides how the text is encoded),
// and how its columns map onto a contact's fields. A preview answers what the import would do;
// the import does it in one transaction, or not at all.

export const IMPORT_LIMITS = {
  /** Bytes of one CSV file. */
  maxBytes: 5 * 1024 * 1024,
  /** Rows of one CSV file, not counting the header. */
  maxRows: 50_000,
  /** Columns of one CSV file. */
  maxColumns: 100,
  /** Rows the preview shows as they would be imported. */
  previewRows: 20,
  /** Row errors named in the refusal of an import (the preview names them all). */
  refusalErrors: 100,
  nameLength: 200,
  locationLength: 100,
  consentSourceLength: 200,
} as const;

/**
 * The largest request body of the two routes: the file in base64 (4 characters for 3 bytes) and
 * room for the mapping. app.ts refuses a larger body before reading it.
 */
export const IMPORT_BODY_BYTES = Math.ceil(IMPORT_LIMITS.maxBytes / 3) * 4 + 64 * 1024;

export const IMPORT_FIELDS = [
  'name',
  'email',
  'phone',
  'tags',
  'location',
  'consent',
  'consentSource',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** One entry per column of the file, in order: the field it fills, or null to ignore it. */
export const importMappingSchema = z
  .array(z.enum(IMPORT_FIELDS).nullable())
  .max(IMPORT_LIMITS.maxColumns)
  .superRefine((mapping, ctx) => {
    const seen = new Set<string>();
    mapping.forEach((field, index) => {
      if (field === null) return;
      if (seen.has(field)) {
        ctx.addIssue({
          code: 'custom',
          message: 'Map each field from one column only',
          path: [index],
        });
      }
      seen.add(field);
    });
  });
export type ImportMapping = z.infer<typeof importMappingSchema>;

const csvBase64 = z
  .string()
  .min(1, 'Choose a CSV file')
  .max(IMPORT_BODY_BYTES, 'The file is larger than 5 MB')
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Send the file in base64');

/**
 * POST …/contacts/import/preview: without a mapping, the suggested one is used. A mapping with
 * neither a name nor an e-mail is previewed too: every row then says what it lacks.
 */
export const importPreviewInputSchema = z.strictObject({
  csv: csvBase64,
  mapping: importMappingSchema.optional(),
});

/** POST …/contacts/import: invalid rows refuse the whole import unless they are skipped. */
export const importInputSchema = z.strictObject({
  csv: csvBase64,
  mapping: importMappingSchema.refine((m) => m.includes('name') || m.includes('email'), {
    message: 'Choose the column of the name or of the e-mail',
  }),
  skipInvalid: z.boolean(),
  /** The file's name, kept with each contact's import activity (the CRM timeline shows it). */
  fileName: z.string().trim().max(200).optional(),
});

export const importRowErrorSchema = z.object({
  /** The row in the file as a spreadsheet numbers it: the header is row 1. */
  row: z.int(),
  /** The column's header, or null for the row as a whole. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importedValuesSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  tags: z.array(z.string()),
  location: z.string().nullable(),
  consent: z.boolean(),
  consentSource: z.string().nullable(),
});
export type ImportedValues = z.infer<typeof importedValuesSchema>;

/** What the import does with a row: a new contact, an update, a repeat of an earlier row. */
export const IMPORT_ROW_ACTIONS = ['create', 'update', 'duplicate', 'invalid'] as const;

export const importTotalsSchema = z.object({
  rows: z.int(),
  valid: z.int(),
  invalid: z.int(),
  /** Contacts the import makes. */
  created: z.int(),
  /** Existing contacts the import brings up to date, matched by e-mail. */
  updated: z.int(),
  /** Valid rows whose e-mail an earlier row of the file has: they join that row's contact. */
  duplicates: z.int(),
});
export type ImportTotals = z.infer<typeof importTotalsSchema>;

export const importPreviewSchema = z.object({
  header: z.array(z.string()),
  /** The suggested mapping, from the header's names. */
  suggested: importMappingSchema,
  /** The mapping this preview used. */
  mapping: importMappingSchema,
  rows: z.array(
    z.object({
      row: z.int(),
      action: z.enum(IMPORT_ROW_ACTIONS),
      values: importedValuesSchema.nullable(),
    }),
  ),
  /** Every row's problems, not only those of the rows shown. */
  errors: z.array(importRowErrorSchema),
  totals: importTotalsSchema,
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  created: z.int(),
  updated: z.int(),
  duplicates: z.int(),
  /** Invalid rows left out because the person chose to skip them. */
  skipped: z.int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const audienceImportRoutes = {
  preview: '/api/audience/contacts/import/preview',
  import: '/api/audience/contacts/import',
} as const;
