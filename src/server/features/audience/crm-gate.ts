import type { z } from 'zod';
import { AppError } from '#shared/errors/index.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/validation.ts';
import { describeEntitlements, entitlementsOf, grants } from '../subscription/entitlements.ts';

// The CRM add-on's gate (docs/decisions/099-crm.md): notes, owners, the board, the timeline and
// changes of a contact's stage and tags need the `crm` feature of the business's plan and add-ons,
// read in the transaction of the work it guards. Checked after the person's permission and before
// their input, so a business without the add-on learns nothing from what it sent.

export async function requireCrm(tx: Tx, tenantId: string): Promise<void> {
  const plan = await entitlementsOf(tx, tenantId);
  if (grants(plan, 'crm')) return;
  throw AppError.from('FEATURE_NOT_AVAILABLE', {
    technicalMessage: `crm is not in ${tenantId}'s plan (${describeEntitlements(plan)})`,
    details: { feature: 'crm' },
  });
}

/** A body read as sent, checked against `schema`, each refusal named by its field. */
export function parseInput<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  return parsed.data;
}
