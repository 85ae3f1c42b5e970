import type { z } from 'zod';
import {
  IMPORT_LIMITS,
  type importInputSchema,
  type ImportPreview,
  type importPreviewInputSchema,
  type ImportResult,
} from '#shared/contracts/audience-import.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { validationError } from '#server/platform/validation.ts';
import { WRITE } from './contacts.service.ts';
import { lockAudience } from './contacts-sync.ts';
import { decodeCsvFile, readCsvTable, suggestMapping } from './contacts-import-file.ts';
import { planImport, readRow, type ImportPlan } from './contacts-import.ts';
import * as repo from './contacts-import.repository.ts';

// "Import CSV" on the audience page (docs/decisions/101-contacts-import.md): a preview of what a
// file would do with a mapping of its columns, and the import itself, which checks everything
// again and writes every valid row in one transaction — or, when a row is invalid and the person
// did not choose to skip such rows, writes nothing. Those who change contacts import (WRITE);
// the permission is checked before the file is read. A contact the business deleted before
// (audience_deletions) may come back with an import: the business brings the data.

type PreviewInput = z.output<typeof importPreviewInputSchema>;
type ImportInput = z.output<typeof importInputSchema>;

/** The file read through the mapping and planned against the business's contacts, in `tx`. */
async function planFile(
  tx: Tx,
  tenantId: string,
  input: { csv: string; mapping?: PreviewInput['mapping'] },
  options: { lock: boolean },
) {
  const { csv, mapping } = input;
  const table = readCsvTable(decodeCsvFile(csv));
  const suggested = suggestMapping(table.header);
  const used = mapping ?? suggested;
  if (used.length > table.header.length) {
    throw validationError({ mapping: `The file has ${table.header.length} columns` });
  }
  const read = table.rows.map((row) => readRow(table, used, row));
  const emails = [...new Set(read.flatMap((r) => (r.values?.email ? [r.values.email] : [])))];
  const existing = await repo.findContactsByEmail(tx, tenantId, emails, options);
  return { table, suggested, mapping: used, plan: planImport(read, existing) };
}

export async function previewImport(
  ctx: ServiceContext,
  input: PreviewInput,
): Promise<ImportPreview> {
  requireAccess(ctx.actor, WRITE);
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const { table, suggested, mapping, plan } = await planFile(tx, ctx.actor.tenantId, input, {
      lock: false,
    });
    return {
      header: table.header,
      suggested,
      mapping,
      rows: plan.rows.slice(0, IMPORT_LIMITS.previewRows),
      errors: plan.errors,
      totals: plan.totals,
    };
  });
}

/**
 * The refusal of an import with invalid rows: the first of their errors, one entry per row
 * (`rows.<row>`), and how many rows there are to fix.
 */
export function invalidRowsError(plan: Pick<ImportPlan, 'errors' | 'totals'>): AppError {
  const fieldErrors: Record<string, string> = {};
  for (const error of plan.errors) {
    const key = `rows.${error.row}`;
    const text = error.column ? `${error.column}: ${error.message}` : error.message;
    if (fieldErrors[key]) fieldErrors[key] += `; ${text}`;
    else if (Object.keys(fieldErrors).length < IMPORT_LIMITS.refusalErrors) fieldErrors[key] = text;
  }
  const n = plan.totals.invalid;
  const message = `${n} ${n === 1 ? 'row is' : 'rows are'} not valid. Fix the file, or skip the invalid rows.`;
  return AppError.from('BUSINESS_RULE_VIOLATION', {
    technicalMessage: `CSV import refused: ${n} invalid rows`,
    userMessage: message,
    details: { fieldErrors: { _: message, ...fieldErrors } },
  });
}

export async function importContacts(
  ctx: ServiceContext,
  input: ImportInput,
): Promise<ImportResult> {
  requireAccess(ctx.actor, WRITE);
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    // One import, sync or deletion at a time per business: two imports of one file make each
    // contact once.
    await lockAudience(tx, tenantId);
    const { plan } = await planFile(tx, tenantId, input, { lock: true });
    if (plan.totals.invalid > 0 && !input.skipInvalid) throw invalidRowsError(plan);
    if (plan.totals.valid === 0) {
      throw validationError({ csv: 'The file has no valid rows to import' });
    }
    await repo.insertContacts(tx, tenantId, plan.creates);
    await repo.updateContacts(tx, tenantId, plan.updates);
    const source = input.fileName || null;
    await repo.insertImportActivities(tx, tenantId, ctx.actor.userId, source, plan.activities);
    return {
      created: plan.totals.created,
      updated: plan.totals.updated,
      duplicates: plan.totals.duplicates,
      skipped: plan.totals.invalid,
    };
  });
}
