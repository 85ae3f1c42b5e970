import type { ContactDetail } from '#shared/contracts/audience.contract.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { validationError } from '#server/platform/validation.ts';
import * as repo from './contacts.repository.ts';
import { lockAudience, recountContacts } from './contacts-sync.ts';
import { contactDetail, contactNotFound, WRITE } from './contacts.service.ts';
import { recordActivity } from './crm-activity.ts';

// Two identities of the same person (their Instagram and their Facebook) made one contact, and
// split again (docs/product/screens.md#audience, docs/decisions/097-audience.md). The counts
// follow the identities: both are recounted from the identities' threads, as the sync does, so
// merging and splitting back gives the figures the contacts had.

/**
 * The identities of `otherId` move to the contact, which keeps its own fields; what it lacks
 * (e-mail, phone, location, picture, handle) it takes from the other, and it gets the other's
 * tags too. The other contact is then removed — the person is still here, so no deletion is
 * recorded.
 */
export async function mergeContacts(
  ctx: ServiceContext,
  id: string,
  input: { otherId: string },
): Promise<ContactDetail> {
  requireAccess(ctx.actor, WRITE);
  if (input.otherId === id) throw validationError({ otherId: 'Choose another contact' });
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await lockAudience(tx, tenantId);
    const kept = await repo.findContact(tx, tenantId, id, { lock: true });
    if (!kept) throw contactNotFound(id);
    const other = await repo.findContact(tx, tenantId, input.otherId, { lock: true });
    if (!other) throw contactNotFound(input.otherId);
    await repo.moveIdentities(tx, tenantId, other.id, kept.id);
    await repo.deleteContactRow(tx, tenantId, other.id);
    await repo.updateContact(tx, tenantId, kept.id, {
      email: kept.email ?? other.email,
      phone: kept.phone ?? other.phone,
      location: kept.location ?? other.location,
      pictureUrl: kept.pictureUrl ?? other.pictureUrl,
      handle: kept.handle ?? other.handle,
      tags: [...new Set([...kept.tags, ...other.tags])],
    });
    await recountContacts(tx, tenantId, [kept.id]);
    await recordActivity(tx, {
      tenantId,
      contactId: kept.id,
      actorId: ctx.actor.userId,
      kind: 'merge',
      data: { otherName: other.name },
    });
    return contactDetail(tx, tenantId, kept.id);
  });
}

/**
 * One identity leaves for a contact of its own, named as that identity is; the contact keeps
 * everything else. A contact's last identity cannot leave. Answers the new contact.
 */
export async function splitContact(
  ctx: ServiceContext,
  id: string,
  input: { identityId: string },
): Promise<ContactDetail> {
  requireAccess(ctx.actor, WRITE);
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await lockAudience(tx, tenantId);
    const contact = await repo.findContact(tx, tenantId, id, { lock: true });
    if (!contact) throw contactNotFound(id);
    const identities = await repo.identitiesOf(tx, tenantId, id);
    const identity = identities.find((i) => i.id === input.identityId);
    if (!identity) {
      throw validationError({ identityId: 'Not one of this contact’s identities' });
    }
    if (identities.length < 2) {
      throw validationError({ identityId: 'A contact keeps at least one identity' });
    }
    const made = await repo.insertContact(tx, {
      userId: tenantId,
      name: identity.name ?? identity.handle ?? 'Unknown',
      handle: identity.handle,
      pictureUrl: await repo.pictureOf(tx, tenantId, identity),
      platforms: [identity.platform],
      source: contact.source,
    });
    await repo.reassignIdentity(tx, tenantId, identity.id, made.id);
    await recountContacts(tx, tenantId, [contact.id, made.id]);
    return contactDetail(tx, tenantId, made.id);
  });
}
