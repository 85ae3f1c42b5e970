import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '#server/platform/db/client.ts';

// The statements of the contacts import (docs/decisions/101-contacts-import.md). Each takes a
// whole batch as one JSON parameter, so ten thousand rows are a handful of statements rather
// than ten thousand round trips, and each names the business as well as leaving it to
// row-level security.

/** Rows per statement: one JSON parameter each, kept to a few megabytes. */
export const IMPORT_BATCH = 5_000;

export interface ExistingContact {
  id: string;
  email: string;
  phone: string | null;
  location: string | null;
  tags: string[];
  consent: boolean;
}

/**
 * The business's contacts whose e-mail is one of `emails` (lower case); with `lock`, locked
 * until the import's transaction ends. Two contacts with one e-mail (set by hand on two inbox
 * contacts): the oldest is the one an import matches.
 */
export async function findContactsByEmail(
  tx: Tx,
  tenantId: string,
  emails: readonly string[],
  options: { lock: boolean },
): Promise<Map<string, ExistingContact>> {
  const found = new Map<string, ExistingContact>();
  for (let start = 0; start < emails.length; start += IMPORT_BATCH) {
    const batch = JSON.stringify(emails.slice(start, start + IMPORT_BATCH));
    const result = await tx.execute(sql`
      select id, lower(email) as email, phone, location, tags, consent
      from audience_contacts
      where user_id = ${tenantId}::uuid
        and lower(email) in (select jsonb_array_elements_text(${batch}::jsonb))
      order by created_at, id
      ${options.lock ? sql`for update` : sql``}
    `);
    for (const row of rowsOf<ExistingContact>(result)) {
      if (!found.has(row.email)) found.set(row.email, row);
    }
  }
  return found;
}

export interface NewContact {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  location: string | null;
  tags: string[];
  consent: boolean;
  consentSource: string | null;
}

export async function insertContacts(
  tx: Tx,
  tenantId: string,
  contacts: readonly NewContact[],
): Promise<void> {
  for (let start = 0; start < contacts.length; start += IMPORT_BATCH) {
    const batch = JSON.stringify(contacts.slice(start, start + IMPORT_BATCH));
    await tx.execute(sql`
      insert into audience_contacts
        (id, user_id, name, email, phone, location, tags, consent, consent_source, source)
      select x.id, ${tenantId}::uuid, x.name, x.email, x.phone, x.location,
        coalesce(x.tags, '{}'), x.consent, x."consentSource", 'import'
      from jsonb_to_recordset(${batch}::jsonb) as x(
        id uuid, name text, email text, phone text, location text, tags text[],
        consent boolean, "consentSource" text
      )
    `);
  }
}

/** The fields an import sets on an existing contact: each already merged with what it had. */
export interface ContactUpdate {
  id: string;
  phone: string | null;
  location: string | null;
  tags: string[];
  consent: boolean;
  consentSource: string | null;
}

export async function updateContacts(
  tx: Tx,
  tenantId: string,
  updates: readonly ContactUpdate[],
): Promise<void> {
  for (let start = 0; start < updates.length; start += IMPORT_BATCH) {
    const batch = JSON.stringify(updates.slice(start, start + IMPORT_BATCH));
    // Consent only ever becomes true here; a contact that has it keeps its own source.
    await tx.execute(sql`
      update audience_contacts c set
        phone = x.phone,
        location = x.location,
        tags = coalesce(x.tags, '{}'),
        consent = c.consent or x.consent,
        consent_source = case when c.consent or not x.consent then c.consent_source
          else x."consentSource" end,
        updated_at = now()
      from jsonb_to_recordset(${batch}::jsonb) as x(
        id uuid, phone text, location text, tags text[], consent boolean, "consentSource" text
      )
      where c.user_id = ${tenantId}::uuid and c.id = x.id
    `);
  }
}

export interface ImportActivity {
  contactId: string;
  /** The rows of the file that made or changed the contact. */
  rows: number[];
  created: boolean;
}

/**
 * One 'import' activity per contact the import made or changed (the CRM timeline): the file's
 * rows, whether the import made the contact, and the file's name as its source.
 */
export async function insertImportActivities(
  tx: Tx,
  tenantId: string,
  actorId: string,
  source: string | null,
  activities: readonly ImportActivity[],
): Promise<void> {
  for (let start = 0; start < activities.length; start += IMPORT_BATCH) {
    const batch = JSON.stringify(activities.slice(start, start + IMPORT_BATCH));
    await tx.execute(sql`
      insert into audience_activities (user_id, contact_id, actor_id, kind, data)
      select ${tenantId}::uuid, x."contactId", ${actorId}::uuid, 'import',
        jsonb_build_object('rows', x.rows, 'created', x.created, 'source', ${source}::text)
      from jsonb_to_recordset(${batch}::jsonb) as x("contactId" uuid, rows jsonb, created boolean)
    `);
  }
}
