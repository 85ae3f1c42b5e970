import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '#server/platform/deps.ts';
import { rowsOf, type Tx } from '#server/platform/db/client.ts';
import { businessScope, withTenant } from '#server/platform/db/tenant.ts';

// Contacts made and kept up to date from the inbox (docs/decisions/097-audience.md,
// docs/product/screens.md#audience). One pass per business, in one transaction:
//
// 1. every thread participant not yet known becomes an identity (its platform and id on it) of a
//    new contact named from the participant's name or handle, with their picture and the account
//    that met them — unless a deleted contact held that identity (see forgottenHash below);
// 2. every contact with identities is recounted from all its identities' threads: its platforms,
//    the first and last time they wrote (their own inbound items), their comments (items of
//    comment threads) and messages (items of conversations), and the average sentiment of their
//    judged items (positive 1, neutral 0, negative -1). Items the person removed or unsent do
//    not count.
//
// Running it again changes nothing. Counts follow identities, so a merged contact stays merged
// and a split one stays split. Contacts without identities (made by hand or imported) are not
// touched. A lock per business keeps two passes (an inbox sync and "Refresh") from making the
// same person twice.

export interface ContactSyncReport {
  /** Contacts made from participants not known before. */
  created: number;
  /** Contacts whose figures changed (the new ones among them). */
  updated: number;
}

/**
 * The hash a deleted identity leaves in audience_deletions.identity_hashes: sha256 of the
 * business, the platform and the person's id there. It lets the sync recognise the identity
 * without keeping the id itself; the business is part of it so that two businesses' lists
 * cannot be matched with each other. Written as SQL so the delete and the sync compute it alike.
 */
export function forgottenHash(userId: SQL, platform: SQL, externalId: SQL): SQL {
  return sql`encode(sha256(convert_to(${userId}::text || ':' || ${platform} || ':' || ${externalId}, 'UTF8')), 'hex')`;
}

/** Serialises the passes of one business (held until the transaction ends). */
export async function lockAudience(tx: Tx, tenantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`audience:${tenantId}`}))`);
}

/** Identities and contacts for participants not yet known; how many contacts were made. */
export async function createMissingContacts(tx: Tx, tenantId: string): Promise<number> {
  const t = sql`${tenantId}::uuid`;
  const result = await tx.execute(sql`
    with forgotten as (
      select distinct unnest(identity_hashes) as hash
      from audience_deletions
      where user_id = ${t} and identity_hashes is not null
    ),
    people as (
      select distinct on (th.platform, th.participant_id)
        th.platform, th.participant_id as external_id, th.participant_name as name,
        th.participant_handle as handle, th.participant_picture_url as picture_url,
        th.connection_id
      from inbox_threads th
      where th.user_id = ${t}
        and th.participant_id is not null and th.participant_id <> ''
        and not exists (
          select 1 from audience_identities i
          where i.user_id = ${t} and i.platform = th.platform and i.external_id = th.participant_id
        )
        and not exists (
          select 1 from forgotten f
          where f.hash = ${forgottenHash(sql`th.user_id`, sql`th.platform`, sql`th.participant_id`)}
        )
      order by th.platform, th.participant_id, th.last_item_at desc
    ),
    fresh as (
      select people.*, gen_random_uuid() as contact_id from people
    ),
    made as (
      insert into audience_contacts (id, user_id, name, handle, picture_url, platforms, source)
      select contact_id, ${t},
        coalesce(nullif(btrim(name), ''), nullif(btrim(handle), ''), 'Unknown'),
        nullif(btrim(handle), ''), picture_url, array[platform], 'inbox'
      from fresh
      returning id
    )
    insert into audience_identities (user_id, contact_id, platform, external_id, handle, name, connection_id)
    select ${t}, f.contact_id, f.platform, f.external_id, nullif(btrim(f.handle), ''),
      nullif(btrim(f.name), ''), f.connection_id
    from fresh f join made m on m.id = f.contact_id
    on conflict (user_id, platform, external_id) do nothing
    returning contact_id
  `);
  return rowsOf(result).length;
}

/**
 * Recounts contacts of the business from their identities' threads (all of them, or `only`);
 * how many changed. A row is written only when a figure differs, so updated_at tells when the
 * person last did something.
 */
export async function recountContacts(
  tx: Tx,
  tenantId: string,
  only?: readonly string[],
): Promise<number> {
  const t = sql`${tenantId}::uuid`;
  if (only && only.length === 0) return 0;
  const which = only
    ? sql`and i.contact_id in (${sql.join(
        only.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const result = await tx.execute(sql`
    with idt as (
      select i.contact_id, i.platform, i.external_id
      from audience_identities i
      where i.user_id = ${t} ${which}
    ),
    plats as (
      select contact_id, array_agg(distinct platform order by platform) as platforms
      from idt group by contact_id
    ),
    said as (
      select idt.contact_id, th.kind as thread_kind, it.sent_at, it.sentiment
      from idt
      join inbox_threads th
        on th.user_id = ${t} and th.platform = idt.platform and th.participant_id = idt.external_id
      join inbox_items it
        on it.user_id = ${t} and it.thread_id = th.id
      where it.direction = 'in' and it.deleted_at is null
        and coalesce(it.author_id, th.participant_id) = idt.external_id
    ),
    figures as (
      select contact_id,
        min(sent_at) as first_at,
        max(sent_at) as last_at,
        (count(*) filter (where thread_kind = 'comment'))::int as comments,
        (count(*) filter (where thread_kind = 'conversation'))::int as messages,
        avg(case sentiment when 'positive' then 1 when 'neutral' then 0 when 'negative' then -1 end)::float8 as sentiment
      from said group by contact_id
    ),
    next as (
      select p.contact_id, p.platforms, f.first_at, f.last_at,
        coalesce(f.comments, 0) as comments, coalesce(f.messages, 0) as messages, f.sentiment
      from plats p left join figures f on f.contact_id = p.contact_id
    ),
    -- Which contacts change, read under the table's read policy; the update then finds each by
    -- its key (one lookup per changed contact, however few rows the planner expects).
    changed as materialized (
      select n.*
      from next n
      join audience_contacts c0 on c0.id = n.contact_id and c0.user_id = ${t}
      where (c0.platforms, c0.first_interaction_at, c0.last_interaction_at, c0.comment_count,
             c0.message_count, c0.sentiment)
        is distinct from
          (n.platforms, n.first_at, n.last_at, n.comments, n.messages, n.sentiment)
    )
    update audience_contacts c set
      platforms = ch.platforms,
      first_interaction_at = ch.first_at,
      last_interaction_at = ch.last_at,
      comment_count = ch.comments,
      message_count = ch.messages,
      sentiment = ch.sentiment,
      updated_at = now()
    from changed ch
    where c.id = ch.contact_id and c.user_id = ${t}
    returning c.id
  `);
  return rowsOf(result).length;
}

/** The whole pass for one business, as the business itself (no person acting). */
export async function syncContacts(
  deps: Pick<AppDeps, 'database'>,
  tenantId: string,
): Promise<ContactSyncReport> {
  return withTenant(deps.database, businessScope(tenantId), (tx) => syncContactsIn(tx, tenantId));
}

/** The pass inside a transaction already scoped to the business. */
export async function syncContactsIn(tx: Tx, tenantId: string): Promise<ContactSyncReport> {
  await lockAudience(tx, tenantId);
  const created = await createMissingContacts(tx, tenantId);
  const named = await nameUnknownContacts(tx, tenantId);
  const updated = await recountContacts(tx, tenantId);
  return { created, updated: updated + named };
}

/**
 * A conversation's partner may have no name on the thread (a message's sender is named only
 * once the platform is asked); their own items carry it. Contacts still called "Unknown" take
 * the name and handle of their identities' latest inbound item that has one.
 */
export async function nameUnknownContacts(tx: Tx, tenantId: string): Promise<number> {
  const t = sql`${tenantId}::uuid`;
  const result = await tx.execute(sql`
    with known as (
      select distinct on (i.contact_id) i.contact_id,
        coalesce(nullif(btrim(it.author_name), ''), nullif(btrim(it.author_handle), '')) as name,
        nullif(btrim(it.author_handle), '') as handle
      from audience_identities i
      join audience_contacts c on c.id = i.contact_id and c.user_id = i.user_id
      join inbox_threads th on th.user_id = i.user_id and th.platform = i.platform
        and th.participant_id = i.external_id
      join inbox_items it on it.user_id = th.user_id and it.thread_id = th.id
        and it.author_id = i.external_id and it.direction = 'in'
      where i.user_id = ${t} and c.name = 'Unknown'
        and coalesce(nullif(btrim(it.author_name), ''), nullif(btrim(it.author_handle), '')) is not null
      order by i.contact_id, it.sent_at desc
    )
    update audience_contacts c
       set name = known.name, handle = coalesce(c.handle, known.handle), updated_at = now()
      from known
     where c.id = known.contact_id and c.user_id = ${t}
    returning c.id`);
  return rowsOf(result).length;
}
