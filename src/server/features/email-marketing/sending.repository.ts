import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { rowsOf, type Database, type Tx } from '#server/platform/db/client.ts';
import { audienceActivities } from '../audience/crm.tables.ts';
import {
  emailCampaigns,
  emailRecipients,
  emailSuppressions,
  type SuppressionReason,
} from './email-marketing.tables.ts';

// The sender's statements (docs/decisions/100). A recipient is claimed (queued → sending) by a
// statement of its own, committed before the message is handed to the SMTP server, and answered
// (sent, refused, queued again after a soft bounce, bounced) by another right after. A claim
// older than the lease belongs to a sender that died: the next sender claims it again and sends it
// with the same Message-ID.

export type RecipientRow = typeof emailRecipients.$inferSelect;

/** After this many attempts a soft bounce is final (bounced, soft). */
export const SOFT_BOUNCE_ATTEMPTS = 3;
/** An address that bounced softly in this many of the business's campaigns is suppressed. */
export const SOFT_BOUNCES_TO_SUPPRESS = 3;

/** Businesses with a scheduled e-mail that is due, or one still being sent (across businesses). */
export async function unsafeBusinessesToSend(database: Database, now: Date): Promise<string[]> {
  const rows = await database.unsafeDb
    .selectDistinct({ userId: emailCampaigns.userId })
    .from(emailCampaigns)
    .where(
      or(
        eq(emailCampaigns.status, 'sending'),
        and(eq(emailCampaigns.status, 'scheduled'), lte(emailCampaigns.sendAt, now)),
      ),
    )
    .limit(1000);
  return rows.map((row) => row.userId);
}

/** Scheduled e-mails whose time has come start sending. */
export async function promoteDue(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(emailCampaigns)
    .set({ status: 'sending', version: sql`${emailCampaigns.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(emailCampaigns.userId, userId),
        eq(emailCampaigns.status, 'scheduled'),
        lte(emailCampaigns.sendAt, now),
      ),
    );
}

/** The business's e-mails being sent, in the order they were due. */
export async function sendingCampaigns(tx: Tx, userId: string) {
  return tx
    .select()
    .from(emailCampaigns)
    .where(and(eq(emailCampaigns.userId, userId), eq(emailCampaigns.status, 'sending')))
    .orderBy(asc(emailCampaigns.sendAt), asc(emailCampaigns.createdAt), asc(emailCampaigns.id));
}

/** Whether the campaign is still being sent (not cancelled meanwhile). */
export async function stillSending(tx: Tx, userId: string, campaignId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: emailCampaigns.id })
    .from(emailCampaigns)
    .where(
      and(
        eq(emailCampaigns.userId, userId),
        eq(emailCampaigns.id, campaignId),
        eq(emailCampaigns.status, 'sending'),
      ),
    );
  return rows.length > 0;
}

/** Marks the start of sending (once) with the links the click redirect may go to. */
export async function markStarted(
  tx: Tx,
  userId: string,
  campaignId: string,
  links: string[],
): Promise<boolean> {
  const rows = await tx
    .update(emailCampaigns)
    .set({ startedAt: new Date(), links })
    .where(
      and(
        eq(emailCampaigns.userId, userId),
        eq(emailCampaigns.id, campaignId),
        eq(emailCampaigns.status, 'sending'),
        isNull(emailCampaigns.startedAt),
      ),
    )
    .returning({ id: emailCampaigns.id });
  return rows.length > 0;
}

export interface Claimed {
  id: string;
  contactId: string | null;
  email: string | null;
  name: string | null;
  messageId: string;
  attempts: number;
  location: string | null;
  /** The contact still exists, still consents, and still has this address. */
  consenting: boolean;
  suppressed: boolean;
}

/**
 * Claims the next recipient of a campaign still being sent: a queued one (after a soft bounce,
 * once `retryAfterSeconds` have passed), or one claimed longer ago than the lease. One statement,
 * committed on its own; it also says whether the contact still consents and is not suppressed.
 * With `sentId`, the same statement first records that recipient's message as sent (the server
 * has just accepted it): one round trip a message instead of two, and the record no later.
 */
export function claimStatement(
  userId: string,
  campaignId: string,
  leaseSeconds: number,
  retryAfterSeconds: number,
  sentId?: string,
): { sql: string; params: unknown[] } {
  const sent = sentId
    ? `done as (
        update public.email_recipients set status = 'sent', sent_at = now(), reason = null
        where user_id = $1 and id = $5::uuid
        returning id
      ), `
    : '';
  return {
    sql: `with ${sent}next as (
        select r.id from public.email_recipients r
        join public.email_campaigns c on c.id = r.campaign_id and c.status = 'sending'
        where r.user_id = $1 and r.campaign_id = $2 and r.status in ('queued', 'sending')
          and ((r.status = 'queued' and (r.claimed_at is null
                  or r.claimed_at < now() - make_interval(secs => $4)))
            or (r.status = 'sending' and r.claimed_at < now() - make_interval(secs => $3)))
          ${sentId ? 'and r.id <> $5::uuid' : ''}
        limit 1
        for update of r skip locked
      )
      update public.email_recipients r
      set status = 'sending', claimed_at = now(), attempts = r.attempts + 1
      from next where r.id = next.id
      returning r.id, r.contact_id as "contactId", r.email, r.name, r.message_id as "messageId",
        r.attempts,
        (select c.location from public.audience_contacts c where c.id = r.contact_id) as location,
        coalesce((select c.consent and lower(trim(c.email)) = r.email
          from public.audience_contacts c where c.id = r.contact_id), false) as consenting,
        exists (select 1 from public.email_suppressions s
          where s.user_id = r.user_id and s.email = r.email) as suppressed`,
    params: [userId, campaignId, leaseSeconds, retryAfterSeconds, ...(sentId ? [sentId] : [])],
  };
}

export async function answerRecipient(
  tx: Tx,
  userId: string,
  id: string,
  changes: Partial<typeof emailRecipients.$inferInsert>,
): Promise<void> {
  await tx
    .update(emailRecipients)
    .set(changes)
    .where(and(eq(emailRecipients.userId, userId), eq(emailRecipients.id, id)));
}

export async function suppress(
  tx: Tx,
  userId: string,
  email: string,
  reason: SuppressionReason,
  campaignId: string | null,
): Promise<void> {
  await tx
    .insert(emailSuppressions)
    .values({ userId, email: email.toLowerCase(), reason, campaignId })
    .onConflictDoNothing();
}

/** Campaigns in which `email` bounced softly for good. */
export async function softBounces(tx: Tx, userId: string, email: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(distinct campaign_id)::int as n from ${emailRecipients}
      where user_id = ${userId} and email = ${email} and status = 'bounced' and bounce_kind = 'soft'`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** A campaign none of whose recipients waits any more is sent. */
export async function finishIfDone(tx: Tx, userId: string, campaignId: string): Promise<boolean> {
  const rows = await tx
    .update(emailCampaigns)
    .set({ status: 'sent', finishedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(emailCampaigns.userId, userId),
        eq(emailCampaigns.id, campaignId),
        eq(emailCampaigns.status, 'sending'),
        sql`not exists (select 1 from ${emailRecipients} r where r.campaign_id = ${emailCampaigns.id}
          and r.status in ('queued', 'sending'))`,
      ),
    )
    .returning({ id: emailCampaigns.id });
  return rows.length > 0;
}

/** Cancelled: what is still queued is skipped. */
export async function cancelRecipients(tx: Tx, userId: string, campaignId: string): Promise<void> {
  await tx
    .update(emailRecipients)
    .set({ status: 'skipped', reason: 'cancelled' })
    .where(
      and(
        eq(emailRecipients.userId, userId),
        eq(emailRecipients.campaignId, campaignId),
        eq(emailRecipients.status, 'queued'),
      ),
    );
}

/** The contacts' timelines: one 'email' activity per message sent, in one statement. */
export async function recordSent(
  tx: Tx,
  userId: string,
  campaign: { id: string; name: string },
  recipientIds: readonly string[],
): Promise<void> {
  if (recipientIds.length === 0) return;
  await tx.execute(sql`
    insert into ${audienceActivities} (user_id, contact_id, kind, data)
    select r.user_id, r.contact_id, 'email',
      jsonb_build_object('campaignId', r.campaign_id, 'campaignName', ${campaign.name}::text, 'event', 'sent')
    from ${emailRecipients} r
    where r.user_id = ${userId} and r.id in (${sql.join(
      recipientIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and r.contact_id is not null`);
}
