import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '#server/platform/db/client.ts';
import { inboxThreads } from '../inbox/inbox.tables.ts';
import { audienceContacts, audienceIdentities } from './audience.tables.ts';
import { forgottenHash } from './contacts-sync.ts';

// The contacts' rows (docs/decisions/097-audience.md). Every statement names the business as well
// as leaving it to row-level security, so a row of another business is never read or written even
// by a connection that row-level security does not restrict.

export type ContactRow = typeof audienceContacts.$inferSelect;
export type ContactChanges = Partial<
  Pick<
    typeof audienceContacts.$inferInsert,
    | 'email'
    | 'phone'
    | 'location'
    | 'tags'
    | 'stage'
    | 'consent'
    | 'consentSource'
    | 'pictureUrl'
    | 'handle'
  >
>;
export type IdentityRow = typeof audienceIdentities.$inferSelect;

export interface ContactFilter {
  q?: string;
  /** A further condition on audience_contacts (a segment's compiled rule). */
  where?: SQL;
}

function conditions(tenantId: string, filter: ContactFilter): SQL {
  const parts: SQL[] = [eq(audienceContacts.userId, tenantId)];
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    parts.push(
      or(
        ilike(audienceContacts.name, pattern),
        ilike(audienceContacts.handle, pattern),
        ilike(audienceContacts.email, pattern),
      )!,
    );
  }
  if (filter.where) parts.push(filter.where);
  return and(...parts)!;
}

/** Most recent interaction first; those who never wrote last; then by name. */
const listOrder = [
  sql`${audienceContacts.lastInteractionAt} desc nulls last`,
  asc(audienceContacts.name),
  asc(audienceContacts.id),
];

export async function listContacts(
  tx: Tx,
  tenantId: string,
  filter: ContactFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ContactRow[]; total: number }> {
  const where = conditions(tenantId, filter);
  const rows = await tx
    .select()
    .from(audienceContacts)
    .where(where)
    .orderBy(...listOrder)
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(audienceContacts).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every contact of the list (the CSV export), in the list's order, at most `limit`. */
export async function allContacts(
  tx: Tx,
  tenantId: string,
  filter: ContactFilter,
  limit: number,
): Promise<ContactRow[]> {
  return tx
    .select()
    .from(audienceContacts)
    .where(conditions(tenantId, filter))
    .orderBy(...listOrder)
    .limit(limit);
}

export async function findContact(
  tx: Tx,
  tenantId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ContactRow | undefined> {
  const query = tx
    .select()
    .from(audienceContacts)
    .where(and(eq(audienceContacts.userId, tenantId), eq(audienceContacts.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function identitiesOf(
  tx: Tx,
  tenantId: string,
  contactId: string,
): Promise<IdentityRow[]> {
  return tx
    .select()
    .from(audienceIdentities)
    .where(
      and(eq(audienceIdentities.userId, tenantId), eq(audienceIdentities.contactId, contactId)),
    )
    .orderBy(asc(audienceIdentities.createdAt), asc(audienceIdentities.id));
}

/** The inbox threads of these identities, newest first. */
export async function threadsOf(
  tx: Tx,
  tenantId: string,
  identities: readonly Pick<IdentityRow, 'platform' | 'externalId'>[],
  limit: number,
) {
  if (identities.length === 0) return [];
  return tx
    .select({
      id: inboxThreads.id,
      kind: inboxThreads.kind,
      platform: inboxThreads.platform,
      preview: inboxThreads.preview,
      lastItemAt: inboxThreads.lastItemAt,
    })
    .from(inboxThreads)
    .where(
      and(
        eq(inboxThreads.userId, tenantId),
        or(
          ...identities.map((i) =>
            and(
              eq(inboxThreads.platform, i.platform),
              eq(inboxThreads.participantId, i.externalId),
            ),
          ),
        ),
      ),
    )
    .orderBy(desc(inboxThreads.lastItemAt), desc(inboxThreads.id))
    .limit(limit);
}

export async function updateContact(
  tx: Tx,
  tenantId: string,
  id: string,
  changes: ContactChanges,
): Promise<ContactRow | undefined> {
  const [row] = await tx
    .update(audienceContacts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(audienceContacts.userId, tenantId), eq(audienceContacts.id, id)))
    .returning();
  return row;
}

/**
 * Deletes the contact and its identities (the foreign key cascades) and records that it was
 * deleted: by whom, how many identities, and each identity's hash (contacts-sync.ts
 * forgottenHash) so the next sync does not make the person a contact again from the threads
 * the inbox keeps. Nothing else about the person stays. Undefined when there was no such contact.
 */
export async function deleteContactRecorded(
  tx: Tx,
  tenantId: string,
  id: string,
  deletedBy: string,
): Promise<{ identities: number } | undefined> {
  const t = sql`${tenantId}::uuid`;
  const recorded = await tx.execute(sql`
    insert into audience_deletions (user_id, deleted_by, identities, identity_hashes)
    select ${t}, ${deletedBy}::uuid, count(i.id)::int,
      coalesce(
        array_agg(${forgottenHash(sql`i.user_id`, sql`i.platform`, sql`i.external_id`)})
          filter (where i.id is not null),
        '{}'
      )
    from audience_contacts c
    left join audience_identities i on i.user_id = c.user_id and i.contact_id = c.id
    where c.user_id = ${t} and c.id = ${id}::uuid
    group by c.id
    returning identities
  `);
  const [row] = rowsOf<{ identities: number }>(recorded);
  if (!row) return undefined;
  await tx
    .delete(audienceContacts)
    .where(and(eq(audienceContacts.userId, tenantId), eq(audienceContacts.id, id)));
  return { identities: row.identities };
}

export async function moveIdentities(
  tx: Tx,
  tenantId: string,
  fromContactId: string,
  toContactId: string,
): Promise<void> {
  await tx
    .update(audienceIdentities)
    .set({ contactId: toContactId })
    .where(
      and(eq(audienceIdentities.userId, tenantId), eq(audienceIdentities.contactId, fromContactId)),
    );
}

export async function deleteContactRow(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx
    .delete(audienceContacts)
    .where(and(eq(audienceContacts.userId, tenantId), eq(audienceContacts.id, id)));
}

export async function insertContact(
  tx: Tx,
  values: typeof audienceContacts.$inferInsert,
): Promise<ContactRow> {
  const [row] = await tx.insert(audienceContacts).values(values).returning();
  return row!;
}

/** Moves one identity to another contact of the business. */
export async function reassignIdentity(
  tx: Tx,
  tenantId: string,
  identityId: string,
  contactId: string,
): Promise<void> {
  await tx
    .update(audienceIdentities)
    .set({ contactId })
    .where(and(eq(audienceIdentities.userId, tenantId), eq(audienceIdentities.id, identityId)));
}

/** The picture the identity's newest thread shows. */
export async function pictureOf(
  tx: Tx,
  tenantId: string,
  identity: Pick<IdentityRow, 'platform' | 'externalId'>,
): Promise<string | null> {
  const [row] = await tx
    .select({ url: inboxThreads.participantPictureUrl })
    .from(inboxThreads)
    .where(
      and(
        eq(inboxThreads.userId, tenantId),
        eq(inboxThreads.platform, identity.platform),
        eq(inboxThreads.participantId, identity.externalId),
        ne(inboxThreads.participantPictureUrl, ''),
      ),
    )
    .orderBy(desc(inboxThreads.lastItemAt))
    .limit(1);
  return row?.url ?? null;
}

export async function identityCounts(
  tx: Tx,
  tenantId: string,
  contactIds: readonly string[],
): Promise<Map<string, number>> {
  if (contactIds.length === 0) return new Map();
  const rows = await tx
    .select({ contactId: audienceIdentities.contactId, n: count() })
    .from(audienceIdentities)
    .where(
      and(
        eq(audienceIdentities.userId, tenantId),
        inArray(audienceIdentities.contactId, [...contactIds]),
      ),
    )
    .groupBy(audienceIdentities.contactId);
  return new Map(rows.map((r) => [r.contactId, r.n]));
}
