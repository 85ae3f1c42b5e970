import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { EmailCampaignFigures } from '#shared/contracts/email-marketing.contract.ts';
import { rowsOf, type Tx } from '#server/platform/db/client.ts';
import { audienceContacts, audienceSegments } from '../audience/audience.tables.ts';
import {
  emailCampaigns,
  emailRecipients,
  emailSuppressions,
  type EmailCampaignStatus,
} from './email-marketing.tables.ts';

// Campaign e-mails and what they brought (docs/decisions/100). Every statement names the business
// as well as leaving it to row-level security. Figures are the recipient rows counted by status,
// through (campaign_id, status).

export type CampaignRow = typeof emailCampaigns.$inferSelect;
export type CampaignInsert = typeof emailCampaigns.$inferInsert;
export type CampaignWithSegment = CampaignRow & { segmentName: string | null };

function selectWithSegment(tx: Tx) {
  return tx
    .select({ campaign: emailCampaigns, segmentName: audienceSegments.name })
    .from(emailCampaigns)
    .leftJoin(audienceSegments, eq(audienceSegments.id, emailCampaigns.segmentId));
}

const flatten = (row: { campaign: CampaignRow; segmentName: string | null }) => ({
  ...row.campaign,
  segmentName: row.segmentName,
});

export async function listCampaignRows(
  tx: Tx,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: CampaignWithSegment[]; total: number }> {
  const rows = await selectWithSegment(tx)
    .where(eq(emailCampaigns.userId, userId))
    .orderBy(desc(emailCampaigns.updatedAt), desc(emailCampaigns.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx
    .select({ n: count() })
    .from(emailCampaigns)
    .where(eq(emailCampaigns.userId, userId));
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

export async function findCampaign(
  tx: Tx,
  userId: string,
  id: string,
): Promise<CampaignWithSegment | undefined> {
  const [row] = await selectWithSegment(tx).where(
    and(eq(emailCampaigns.userId, userId), eq(emailCampaigns.id, id)),
  );
  return row && flatten(row);
}

export async function insertCampaign(tx: Tx, values: CampaignInsert): Promise<CampaignRow> {
  const [row] = await tx.insert(emailCampaigns).values(values).returning();
  return row!;
}

/** The change, made only on `version` and in one of `statuses`; undefined when not. */
export async function updateCampaignAt(
  tx: Tx,
  userId: string,
  id: string,
  version: number,
  statuses: readonly EmailCampaignStatus[],
  changes: Partial<CampaignInsert>,
): Promise<CampaignRow | undefined> {
  const [row] = await tx
    .update(emailCampaigns)
    .set({ ...changes, version: sql`${emailCampaigns.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(emailCampaigns.userId, userId),
        eq(emailCampaigns.id, id),
        eq(emailCampaigns.version, version),
        inArray(emailCampaigns.status, [...statuses]),
      ),
    )
    .returning();
  return row;
}

export async function deleteDraftRow(tx: Tx, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(emailCampaigns)
    .where(
      and(
        eq(emailCampaigns.userId, userId),
        eq(emailCampaigns.id, id),
        eq(emailCampaigns.status, 'draft'),
      ),
    )
    .returning({ id: emailCampaigns.id });
  return rows.length > 0;
}

const ZERO: EmailCampaignFigures = {
  recipients: 0,
  queued: 0,
  sent: 0,
  refused: 0,
  bounced: 0,
  skipped: 0,
  unsubscribed: 0,
  clicked: 0,
  clicks: 0,
};

/** Each campaign's figures, in one statement. */
export async function figuresOf(
  tx: Tx,
  userId: string,
  campaignIds: readonly string[],
): Promise<Map<string, EmailCampaignFigures>> {
  const figures = new Map<string, EmailCampaignFigures>(campaignIds.map((id) => [id, ZERO]));
  if (campaignIds.length === 0) return figures;
  const r = emailRecipients;
  const status = (s: string) => sql<number>`(count(*) filter (where ${r.status} = ${s}))::int`;
  const rows = await tx
    .select({
      campaignId: r.campaignId,
      recipients: sql<number>`count(*)::int`,
      // A claimed message not yet answered is still on its way.
      queued: sql<number>`(count(*) filter (where ${r.status} in ('queued', 'sending')))::int`,
      sent: status('sent'),
      refused: status('refused'),
      bounced: status('bounced'),
      skipped: status('skipped'),
      unsubscribed: sql<number>`(count(*) filter (where ${r.unsubscribedAt} is not null))::int`,
      clicked: sql<number>`(count(*) filter (where ${r.clicks} > 0))::int`,
      clicks: sql<number>`coalesce(sum(${r.clicks}), 0)::int`,
    })
    .from(r)
    .where(and(eq(r.userId, userId), inArray(r.campaignId, [...campaignIds])))
    .groupBy(r.campaignId);
  for (const { campaignId, ...row } of rows) {
    figures.set(
      campaignId,
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as never,
    );
  }
  return figures;
}

/** The contact's address as campaigns compare it: trimmed, lower case. */
export const contactAddress = sql`lower(trim(${audienceContacts.email}))`;

const suppressedContact = sql`exists (select 1 from ${emailSuppressions} s where s.user_id = ${audienceContacts.userId} and s.email = ${contactAddress})`;
const withEmail = sql`coalesce(trim(${audienceContacts.email}), '') <> ''`;

/** How many of the segment (`where`, segment-sql.ts) an e-mail reaches, and why not the others. */
export async function reachOf(tx: Tx, userId: string, where: SQL) {
  const [row] = await tx
    .select({
      inSegment: sql<number>`count(*)::int`,
      withEmail: sql<number>`(count(*) filter (where ${withEmail}))::int`,
      withConsent: sql<number>`(count(*) filter (where ${withEmail} and ${audienceContacts.consent}))::int`,
      suppressed: sql<number>`(count(*) filter (where ${withEmail} and ${audienceContacts.consent} and ${suppressedContact}))::int`,
      reachable: sql<number>`(count(distinct ${contactAddress}) filter (where ${withEmail} and ${audienceContacts.consent} and not ${suppressedContact}))::int`,
    })
    .from(audienceContacts)
    .where(and(eq(audienceContacts.userId, userId), where));
  return {
    inSegment: Number(row?.inSegment ?? 0),
    withEmail: Number(row?.withEmail ?? 0),
    withConsent: Number(row?.withConsent ?? 0),
    suppressed: Number(row?.suppressed ?? 0),
    reachable: Number(row?.reachable ?? 0),
  };
}

/**
 * The recipients of a campaign whose sending begins, in one statement: the segment's contacts
 * with an address and consent, not suppressed, one row per address (the contact interacted with
 * last keeps it), each with the Message-ID every attempt will carry.
 */
export async function insertRecipients(
  tx: Tx,
  userId: string,
  campaignId: string,
  where: SQL,
  messageIdDomain: string,
): Promise<number> {
  const rows = await tx.execute(sql`
    insert into ${emailRecipients} (user_id, campaign_id, contact_id, email, name, message_id)
    select distinct on (${contactAddress})
      ${audienceContacts.userId}, ${campaignId}::uuid, ${audienceContacts.id}, ${contactAddress},
      ${audienceContacts.name},
      '<' || gen_random_uuid()::text || '@' || ${messageIdDomain}::text || '>'
    from ${audienceContacts}
    where ${audienceContacts.userId} = ${userId} and ${where} and ${withEmail}
      and ${audienceContacts.consent} and not ${suppressedContact}
    order by ${contactAddress}, ${audienceContacts.lastInteractionAt} desc nulls last, ${audienceContacts.id}
    on conflict (campaign_id, contact_id) do nothing
    returning id`);
  return rowsOf(rows).length;
}

/** A contact deleted: the recipient rows keep their figures and lose the person. */
export async function forgetContactInRecipients(
  tx: Tx,
  userId: string,
  contactId: string,
): Promise<void> {
  await tx
    .update(emailRecipients)
    .set({ email: null, name: null })
    .where(and(eq(emailRecipients.userId, userId), eq(emailRecipients.contactId, contactId)));
}
