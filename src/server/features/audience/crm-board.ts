import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Contact } from '#shared/contracts/audience.contract.ts';
import { CONTACT_STAGES } from '#shared/contracts/audience.contract.ts';
import {
  CRM_LIMITS,
  moveStageInputSchema,
  setOwnerInputSchema,
  type Board,
  type CrmMemberOption,
} from '#shared/contracts/crm.contract.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { validationError } from '#server/platform/validation.ts';
import { audienceContacts } from './audience.tables.ts';
import { toContact } from './contact-dto.ts';
import * as repo from './contacts.repository.ts';
import { contactNotFound, READ, WRITE } from './contacts.service.ts';
import { recordActivity } from './crm-activity.ts';
import { parseInput, requireCrm } from './crm-gate.ts';
import { isMember, listMemberRows, memberOf, unsafeNamesOf } from './crm-members.ts';

// The CRM board and a contact's stage and owner (docs/decisions/099-crm.md): one column per stage
// with its count and its most recent contacts, a move to another stage, and the member who looks
// after the person — the business owner or one of its members. Each change is recorded on the
// contact's timeline in its own transaction; a change to what already is records nothing.

export async function getBoard(ctx: ServiceContext): Promise<Board> {
  requireAccess(ctx.actor, READ);
  const tenantId = ctx.actor.tenantId;
  const columns = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireCrm(tx, tenantId);
    const totals = await tx
      .select({ stage: audienceContacts.stage, n: count() })
      .from(audienceContacts)
      .where(eq(audienceContacts.userId, tenantId))
      .groupBy(audienceContacts.stage);
    const columns = [];
    for (const stage of CONTACT_STAGES) {
      const rows = await tx
        .select()
        .from(audienceContacts)
        .where(and(eq(audienceContacts.userId, tenantId), eq(audienceContacts.stage, stage)))
        .orderBy(
          sql`${audienceContacts.lastInteractionAt} desc nulls last`,
          asc(audienceContacts.name),
          asc(audienceContacts.id),
        )
        .limit(CRM_LIMITS.boardColumn);
      columns.push({ stage, total: totals.find((t) => t.stage === stage)?.n ?? 0, rows });
    }
    return columns;
  });
  const names = await unsafeNamesOf(
    ctx.deps.database.unsafeDb,
    columns.flatMap((c) => c.rows.map((r) => r.ownerId)),
  );
  return {
    columns: columns.map(({ stage, total, rows }) => ({
      stage,
      total,
      contacts: rows.map((r) => ({
        id: r.id,
        name: r.name,
        handle: r.handle,
        pictureUrl: r.pictureUrl,
        stage: r.stage,
        lastInteractionAt: r.lastInteractionAt?.toISOString() ?? null,
        owner: memberOf(names, r.ownerId),
      })),
    })),
  };
}

/** Moves a contact to a stage (the board's drag and drop, or its "Move to…"). */
export async function moveStage(
  ctx: ServiceContext,
  contactId: string,
  body: unknown,
): Promise<Contact> {
  requireAccess(ctx.actor, WRITE);
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireCrm(tx, tenantId);
    const { stage } = parseInput(moveStageInputSchema, body);
    const current = await repo.findContact(tx, tenantId, contactId, { lock: true });
    if (!current) throw contactNotFound(contactId);
    if (current.stage === stage) return toContact(current);
    const row = await repo.updateContact(tx, tenantId, contactId, { stage });
    await recordActivity(tx, {
      tenantId,
      contactId,
      actorId: ctx.actor.userId,
      kind: 'stage',
      data: { from: current.stage, to: stage },
    });
    return toContact(row!);
  });
}

/** Who looks after the contact: the business owner or a member; null for nobody. */
export async function setOwner(
  ctx: ServiceContext,
  contactId: string,
  body: unknown,
): Promise<Contact> {
  requireAccess(ctx.actor, WRITE);
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireCrm(tx, tenantId);
    const { ownerId } = parseInput(setOwnerInputSchema, body);
    if (ownerId && !(await isMember(tx, tenantId, ownerId))) {
      throw validationError({ ownerId: 'Choose a member of the business' });
    }
    const current = await repo.findContact(tx, tenantId, contactId, { lock: true });
    if (!current) throw contactNotFound(contactId);
    if (current.ownerId === ownerId) return toContact(current);
    const [row] = await tx
      .update(audienceContacts)
      .set({ ownerId, updatedAt: new Date() })
      .where(and(eq(audienceContacts.userId, tenantId), eq(audienceContacts.id, contactId)))
      .returning();
    await recordActivity(tx, {
      tenantId,
      contactId,
      actorId: ctx.actor.userId,
      kind: 'owner',
      data: { from: current.ownerId, to: ownerId },
    });
    return toContact(row!);
  });
}

/** The owner picker's people. */
export async function listMembers(ctx: ServiceContext): Promise<CrmMemberOption[]> {
  requireAccess(ctx.actor, READ);
  const tenantId = ctx.actor.tenantId;
  const rows = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireCrm(tx, tenantId);
    return listMemberRows(tx, tenantId);
  });
  const names = await unsafeNamesOf(
    ctx.deps.database.unsafeDb,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ id: r.id, name: names.get(r.id) ?? 'A member', role: r.role }));
}
