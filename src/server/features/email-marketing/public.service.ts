import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '#server/platform/deps.ts';
import { businessScope, withTenant } from '#server/platform/db/tenant.ts';
import { audienceContacts } from '../audience/audience.tables.ts';
import { audienceActivities } from '../audience/crm.tables.ts';
import { emailCampaigns, emailRecipients } from './email-marketing.tables.ts';
import { readLinkToken } from './link-tokens.ts';
import { businessNameOf } from './sender-identity.ts';
import { suppress } from './sending.repository.ts';

// What a message's links do, without sign-in (docs/decisions/100). Each token names one recipient
// of one business and is signed, so a link acts on its own recipient only, and work is done in
// that business's scope as its jobs are. Unsubscribing suppresses the address for the business,
// withdraws the contact's consent and notes it on the contact's timeline; doing it twice changes
// nothing more. A click counts and goes to the campaign's link of that place, never elsewhere.

export interface UnsubscribePage {
  businessName: string;
  /** The address, partly hidden: the page may be opened by whoever holds the link. */
  maskedEmail: string | null;
  unsubscribed: boolean;
}

/** "pat@example.com" → "p**@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  return `${local[0]}${'*'.repeat(Math.min(6, Math.max(2, local.length - 1)))}${email.slice(at)}`;
}

async function recipientOf(deps: AppDeps, token: string) {
  const read = readLinkToken(deps.env, 'unsubscribe', token);
  if (!read) return null;
  return { token: read, scope: businessScope(read.tenantId) };
}

export async function unsubscribePage(
  deps: AppDeps,
  token: string,
): Promise<UnsubscribePage | null> {
  const found = await recipientOf(deps, token);
  if (!found) return null;
  const { recipientId, tenantId } = found.token;
  return withTenant(deps.database, found.scope, async (tx) => {
    const [row] = await tx
      .select({ email: emailRecipients.email, unsubscribedAt: emailRecipients.unsubscribedAt })
      .from(emailRecipients)
      .where(and(eq(emailRecipients.userId, tenantId), eq(emailRecipients.id, recipientId)));
    if (!row) return null;
    return {
      businessName: await businessNameOf(tx, tenantId),
      maskedEmail: row.email ? maskEmail(row.email) : null,
      unsubscribed: row.unsubscribedAt !== null,
    };
  });
}

/** The one-click unsubscribe (RFC 8058) and the page's button alike; null for a bad token. */
export async function unsubscribe(deps: AppDeps, token: string): Promise<UnsubscribePage | null> {
  const found = await recipientOf(deps, token);
  if (!found) return null;
  const { recipientId, tenantId } = found.token;
  return withTenant(deps.database, found.scope, async (tx) => {
    const [row] = await tx
      .select({
        email: emailRecipients.email,
        contactId: emailRecipients.contactId,
        campaignId: emailRecipients.campaignId,
      })
      .from(emailRecipients)
      .where(and(eq(emailRecipients.userId, tenantId), eq(emailRecipients.id, recipientId)));
    if (!row) return null;
    const first = await tx
      .update(emailRecipients)
      .set({ unsubscribedAt: new Date() })
      .where(and(eq(emailRecipients.id, recipientId), isNull(emailRecipients.unsubscribedAt)))
      .returning({ id: emailRecipients.id });
    if (row.email) await suppress(tx, tenantId, row.email, 'unsubscribed', row.campaignId);
    if (first.length > 0 && row.contactId) {
      await tx
        .update(audienceContacts)
        .set({ consent: false, updatedAt: new Date() })
        .where(and(eq(audienceContacts.userId, tenantId), eq(audienceContacts.id, row.contactId)));
      await tx.insert(audienceActivities).values({
        userId: tenantId,
        contactId: row.contactId,
        kind: 'email',
        data: { campaignId: row.campaignId, event: 'unsubscribed' },
      });
    }
    return {
      businessName: await businessNameOf(tx, tenantId),
      maskedEmail: row.email ? maskEmail(row.email) : null,
      unsubscribed: true,
    };
  });
}

/** The address a click goes to, counted; null for a bad token or a link the campaign lacks. */
export async function followClick(deps: AppDeps, token: string): Promise<string | null> {
  const read = readLinkToken(deps.env, 'click', token);
  if (!read) return null;
  const { recipientId, tenantId, link } = read;
  return withTenant(deps.database, businessScope(tenantId), async (tx) => {
    const [row] = await tx
      .select({ links: emailCampaigns.links, clickTracking: emailCampaigns.clickTracking })
      .from(emailRecipients)
      .innerJoin(emailCampaigns, eq(emailCampaigns.id, emailRecipients.campaignId))
      .where(and(eq(emailRecipients.userId, tenantId), eq(emailRecipients.id, recipientId)));
    const target = row?.links[link];
    if (!target || !/^https?:\/\//i.test(target)) return null;
    await tx
      .update(emailRecipients)
      .set({
        clicks: sql`${emailRecipients.clicks} + 1`,
        firstClickAt: sql`coalesce(${emailRecipients.firstClickAt}, now())`,
      })
      .where(eq(emailRecipients.id, recipientId));
    return target;
  });
}
