import { and, desc, eq } from 'drizzle-orm';
import { CRM_LIMITS, noteInputSchema, type Note } from '#shared/contracts/crm.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { Actor } from '#shared/permissions.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import * as contactsRepo from './contacts.repository.ts';
import { contactNotFound, READ, WRITE } from './contacts.service.ts';
import { memberOf, unsafeNamesOf } from './crm-members.ts';
import { parseInput, requireCrm } from './crm-gate.ts';
import { audienceNotes } from './crm.tables.ts';

// Notes on a contact (docs/decisions/099-crm.md), with the permissions of their row-level
// security (db/migrations/0047_audience_crm_email_rls.sql): every member reads; owner, managers
// and staff write; only its author changes a note; its author, the owner or a manager removes it.
// The service says so first, with the catalogue's FORBIDDEN, rather than leaving the database
// to change nothing.

export type NoteRow = typeof audienceNotes.$inferSelect;

function noteNotFound(id: string): AppError {
  return AppError.from('NOT_FOUND', { technicalMessage: `audience note ${id} not found` });
}

function forbidden(actor: Actor, what: string): AppError {
  return AppError.from('FORBIDDEN', {
    technicalMessage: `${actor.userId} (${actor.tenantRole}) may not ${what}`,
    userId: actor.userId,
  });
}

const mayEdit = (actor: Actor, row: NoteRow) =>
  actor.tenantRole !== 'viewer' && row.authorId === actor.userId;
const mayDelete = (actor: Actor, row: NoteRow) =>
  actor.tenantRole !== 'viewer' &&
  (row.authorId === actor.userId || actor.tenantRole === 'owner' || actor.tenantRole === 'manager');

/** Notes as the API shows them to `actor`, their authors named (after the transaction). */
export async function toNotes(ctx: ServiceContext, rows: readonly NoteRow[]): Promise<Note[]> {
  const names = await unsafeNamesOf(
    ctx.deps.database.unsafeDb,
    rows.map((r) => r.authorId),
  );
  return rows.map((row) => ({
    id: row.id,
    contactId: row.contactId,
    body: row.body,
    author: memberOf(names, row.authorId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canEdit: mayEdit(ctx.actor, row),
    canDelete: mayDelete(ctx.actor, row),
  }));
}

async function requireContact(tx: Tx, tenantId: string, contactId: string) {
  const contact = await contactsRepo.findContact(tx, tenantId, contactId);
  if (!contact) throw contactNotFound(contactId);
  return contact;
}

async function findNote(tx: Tx, tenantId: string, contactId: string, noteId: string) {
  const [row] = await tx
    .select()
    .from(audienceNotes)
    .where(
      and(
        eq(audienceNotes.userId, tenantId),
        eq(audienceNotes.contactId, contactId),
        eq(audienceNotes.id, noteId),
      ),
    );
  // Not locked: FOR UPDATE would apply the update policy, hiding others' notes as "not found".
  if (!row) throw noteNotFound(noteId);
  return row;
}

/** A contact's notes, newest first. */
export async function listNotes(ctx: ServiceContext, contactId: string): Promise<Note[]> {
  requireAccess(ctx.actor, READ);
  const tenantId = ctx.actor.tenantId;
  const rows = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireCrm(tx, tenantId);
    await requireContact(tx, tenantId, contactId);
    return tx
      .select()
      .from(audienceNotes)
      .where(and(eq(audienceNotes.userId, tenantId), eq(audienceNotes.contactId, contactId)))
      .orderBy(desc(audienceNotes.createdAt), desc(audienceNotes.id))
      .limit(CRM_LIMITS.notes);
  });
  return toNotes(ctx, rows);
}

export async function createNote(
  ctx: ServiceContext,
  contactId: string,
  body: unknown,
): Promise<Note> {
  requireAccess(ctx.actor, WRITE);
  const tenantId = ctx.actor.tenantId;
  const row = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireCrm(tx, tenantId);
    const input = parseInput(noteInputSchema, body);
    await requireContact(tx, tenantId, contactId);
    const [row] = await tx
      .insert(audienceNotes)
      .values({ userId: tenantId, contactId, authorId: ctx.actor.userId, body: input.body })
      .returning();
    return row!;
  });
  return (await toNotes(ctx, [row]))[0]!;
}

/** Only the note's author changes it. */
export async function updateNote(
  ctx: ServiceContext,
  contactId: string,
  noteId: string,
  body: unknown,
): Promise<Note> {
  requireAccess(ctx.actor, WRITE);
  const tenantId = ctx.actor.tenantId;
  const row = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireCrm(tx, tenantId);
    const current = await findNote(tx, tenantId, contactId, noteId);
    if (!mayEdit(ctx.actor, current)) throw forbidden(ctx.actor, `edit note ${noteId}`);
    const input = parseInput(noteInputSchema, body);
    const [row] = await tx
      .update(audienceNotes)
      .set({ body: input.body, updatedAt: new Date() })
      .where(and(eq(audienceNotes.userId, tenantId), eq(audienceNotes.id, noteId)))
      .returning();
    if (!row) throw forbidden(ctx.actor, `edit note ${noteId}`);
    return row;
  });
  return (await toNotes(ctx, [row]))[0]!;
}

/** Its author, the business owner or a manager removes a note. */
export async function deleteNote(
  ctx: ServiceContext,
  contactId: string,
  noteId: string,
): Promise<{ id: string }> {
  requireAccess(ctx.actor, WRITE);
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireCrm(tx, tenantId);
    const current = await findNote(tx, tenantId, contactId, noteId);
    if (!mayDelete(ctx.actor, current)) throw forbidden(ctx.actor, `delete note ${noteId}`);
    const removed = await tx
      .delete(audienceNotes)
      .where(and(eq(audienceNotes.userId, tenantId), eq(audienceNotes.id, noteId)))
      .returning({ id: audienceNotes.id });
    if (removed.length === 0) throw forbidden(ctx.actor, `delete note ${noteId}`);
    return { id: noteId };
  });
}
