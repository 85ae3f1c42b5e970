import type { z } from 'zod';
import {
  AUDIENCE_LIMITS,
  type ContactDetail,
  type contactListQuerySchema,
  type contactListSchema,
  segmentTreeSchema,
  type updateContactInputSchema,
} from '#shared/contracts/audience.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { validationError } from '#server/platform/validation.ts';
import { toCsv } from '../analytics/csv.ts';
import { forgetContactInRecipients } from '../email-marketing/campaigns.repository.ts';
import * as repo from './contacts.repository.ts';
import { lowerTags, segmentWhere } from './segment-sql.ts';
import { findSegment } from './segments.repository.ts';
import { lockAudience, syncContactsIn, type ContactSyncReport } from './contacts-sync.ts';
import { toContact } from './contact-dto.ts';
import { applyCrmChanges } from './crm-contact-changes.ts';

// The contacts of the audience page (docs/product/screens.md#audience, docs/decisions/097-audience.md):
// the list with its search and pages, a contact with its identities and threads, what the business
// adds by hand (e-mail, phone, location, tags, stage, consent), deleting, "Refresh" and the CSV
// export. Every member reads (read:dashboard, as the inbox); those who act on the inbox's threads
// change contacts (reply:inbox). Another business's contact is "not found".

export const READ = 'read:dashboard' as const;
export const WRITE = 'reply:inbox' as const;

/** Threads shown with a contact. */
const DETAIL_THREADS = 100;
/** Rows of one CSV export. */
export const CSV_LIMIT = 50_000;

type ListQuery = z.output<typeof contactListQuerySchema>;
type ContactList = z.infer<typeof contactListSchema>;
type ContactInput = z.output<typeof updateContactInputSchema>;

export function contactNotFound(id: string): AppError {
  return AppError.from('NOT_FOUND', { technicalMessage: `audience contact ${id} not found` });
}

/**
 * The condition of a saved segment on the contacts: its rule tree compiled as the segment
 * builder compiles it (segment-sql.ts), at this moment. Another business's segment is "not found".
 */
async function segmentCondition(
  tx: Tx,
  tenantId: string,
  segmentId: string | undefined,
): Promise<repo.ContactFilter['where']> {
  if (!segmentId) return undefined;
  const segment = await findSegment(tx, tenantId, segmentId);
  if (!segment) {
    throw AppError.from('NOT_FOUND', {
      technicalMessage: `audience segment ${segmentId} not found`,
    });
  }
  const rule = segmentTreeSchema.safeParse(segment.rule);
  if (!rule.success) throw validationError({ segmentId: 'This segment’s rules cannot be read' });
  return segmentWhere(rule.data, new Date());
}

export async function listContacts(ctx: ServiceContext, query: ListQuery): Promise<ContactList> {
  requireAccess(ctx.actor, READ);
  const tenantId = ctx.actor.tenantId;
  const pageSize = AUDIENCE_LIMITS.pageSize;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const where = await segmentCondition(tx, tenantId, query.segmentId);
    const { rows, total } = await repo.listContacts(
      tx,
      tenantId,
      { q: query.q || undefined, where },
      { limit: pageSize, offset: (query.page - 1) * pageSize },
    );
    return { items: rows.map(toContact), page: query.page, pageSize, total };
  });
}

/** A contact with its identities and inbox threads, read in `tx`. */
export async function contactDetail(tx: Tx, tenantId: string, id: string): Promise<ContactDetail> {
  const row = await repo.findContact(tx, tenantId, id);
  if (!row) throw contactNotFound(id);
  const identities = await repo.identitiesOf(tx, tenantId, id);
  const threads = await repo.threadsOf(tx, tenantId, identities, DETAIL_THREADS);
  return {
    ...toContact(row),
    identities: identities.map((i) => ({
      id: i.id,
      platform: i.platform,
      externalId: i.externalId,
      handle: i.handle,
      name: i.name,
      connectionId: i.connectionId,
    })),
    threads: threads.map((t) => ({
      id: t.id,
      kind: t.kind,
      platform: t.platform,
      preview: t.preview,
      lastItemAt: t.lastItemAt.toISOString(),
    })),
  };
}

export async function getContact(ctx: ServiceContext, id: string): Promise<ContactDetail> {
  requireAccess(ctx.actor, READ);
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    contactDetail(tx, ctx.actor.tenantId, id),
  );
}

export async function updateContact(
  ctx: ServiceContext,
  id: string,
  input: ContactInput,
): Promise<ContactDetail> {
  requireAccess(ctx.actor, WRITE);
  const tenantId = ctx.actor.tenantId;
  const changes: repo.ContactChanges = {};
  if (input.email !== undefined) changes.email = input.email?.toLowerCase() ?? null;
  if (input.phone !== undefined) changes.phone = input.phone || null;
  if (input.location !== undefined) changes.location = input.location || null;
  // Tags are kept lower-case, as segments compare them (segment-sql.ts).
  if (input.tags !== undefined) changes.tags = [...new Set(lowerTags(input.tags))];
  if (input.stage !== undefined) changes.stage = input.stage;
  if (input.consentSource !== undefined) changes.consentSource = input.consentSource;
  if (input.consent !== undefined) {
    changes.consent = input.consent;
    // Withdrawn consent keeps no source; given consent always names one (the contract checks).
    if (!input.consent) changes.consentSource = null;
  }
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const current = await repo.findContact(tx, tenantId, id, { lock: true });
    if (!current) throw contactNotFound(id);
    if (changes.consentSource && !(changes.consent ?? current.consent)) {
      throw validationError({ consentSource: 'Only consent given has a source' });
    }
    await applyCrmChanges(tx, ctx.actor, current, changes);
    await repo.updateContact(tx, tenantId, id, changes);
    return contactDetail(tx, tenantId, id);
  });
}

/** Removes the contact and its identities and records the deletion (contacts.repository.ts). */
export async function deleteContact(
  ctx: ServiceContext,
  id: string,
): Promise<{ identities: number }> {
  requireAccess(ctx.actor, WRITE);
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await lockAudience(tx, tenantId);
    // The e-mails sent to the contact keep their figures, without the person (decision 100).
    await forgetContactInRecipients(tx, tenantId, id);
    const done = await repo.deleteContactRecorded(tx, tenantId, id, ctx.actor.userId);
    if (!done) throw contactNotFound(id);
    return done;
  });
}

/** "Refresh": the inbox sync's pass over the contacts, at once. */
export async function refreshContacts(ctx: ServiceContext): Promise<ContactSyncReport> {
  requireAccess(ctx.actor, WRITE);
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    syncContactsIn(tx, ctx.actor.tenantId),
  );
}

export const CONTACTS_CSV_HEADER = [
  'Name',
  'Handle',
  'E-mail',
  'Phone',
  'Location',
  'Tags',
  'Stage',
  'Consent',
  'Platforms',
  'First interaction',
  'Last interaction',
  'Comments',
  'Messages',
  'Sentiment',
  'Source',
] as const;

/** The list (its search, or a segment's contacts) as CSV, written as the analytics export is. */
export async function exportContactsCsv(
  ctx: ServiceContext,
  query: Pick<ListQuery, 'q' | 'segmentId'>,
): Promise<{ body: string; fileName: string }> {
  requireAccess(ctx.actor, READ);
  const tenantId = ctx.actor.tenantId;
  const rows = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const where = await segmentCondition(tx, tenantId, query.segmentId);
    return repo.allContacts(tx, tenantId, { q: query.q || undefined, where }, CSV_LIMIT);
  });
  const body = toCsv(
    CONTACTS_CSV_HEADER,
    rows.map((r) => [
      r.name,
      r.handle,
      r.email,
      r.phone,
      r.location,
      r.tags.join('; '),
      r.stage,
      r.consent ? 'yes' : 'no',
      r.platforms.join('; '),
      r.firstInteractionAt?.toISOString() ?? null,
      r.lastInteractionAt?.toISOString() ?? null,
      r.commentCount,
      r.messageCount,
      r.sentiment === null ? null : Math.round(r.sentiment * 100) / 100,
      r.source,
    ]),
  );
  return { body, fileName: `contacts-${new Date().toISOString().slice(0, 10)}.csv` };
}
