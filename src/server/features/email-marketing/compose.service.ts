import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { MergeValues } from './render.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { enforceRateLimit, type RateLimitRule } from '#server/platform/security/rate-limit.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/validation.ts';
import { audienceContacts } from '../audience/audience.tables.ts';
import { profiles } from '../profile/profile.tables.ts';
import { unsafeListUserEmails } from '../profile/profile.repository.ts';
import { READ, WRITE, emailNotFound } from './campaigns.service.ts';
import { findCampaign } from './campaigns.repository.ts';
import { reachOfSegment } from './reach.ts';
import { mergeValuesOf, renderCampaignEmail } from './render.ts';
import { businessNameOf } from './sender-identity.ts';
import { isUuid } from '../profile/user-id.ts';

// What the composer asks while a person writes (docs/decisions/100): the live preview, merged
// for one of the business's contacts or, without one, with every fallback showing; how many of
// a segment the e-mail would reach; and a test message to the person's own address.

/** A test message is kept to a few an hour per person: it goes to their own address only. */
export const TEST_SEND_RULE: RateLimitRule = {
  name: 'email-marketing:test',
  limit: 10,
  windowSeconds: 3600,
};

/** The preview's and the test's footer link, which unsubscribes no one. */
const sampleUnsubscribeUrl = (appUrl: string) => `${appUrl}/email/unsubscribe/example`;

export async function previewEmail(
  ctx: ServiceContext,
  input: { subject: string; preheader: string; body: string; contactId?: string | null },
) {
  requireAccess(ctx.actor, READ);
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    let values: MergeValues = {};
    if (input.contactId) {
      const [contact] = await tx
        .select({
          name: audienceContacts.name,
          email: audienceContacts.email,
          location: audienceContacts.location,
        })
        .from(audienceContacts)
        .where(
          and(eq(audienceContacts.userId, tenantId), eq(audienceContacts.id, input.contactId)),
        );
      if (!contact) throw validationError({ contactId: 'Choose one of your contacts' });
      values = mergeValuesOf(contact);
    }
    const rendered = renderCampaignEmail(input, {
      values,
      businessName: await businessNameOf(tx, tenantId),
      unsubscribeUrl: sampleUnsubscribeUrl(ctx.deps.env.appUrl),
    });
    return rendered;
  });
}

const reachQuerySchema = z.strictObject({ segmentId: z.uuid({ error: 'Choose a segment' }) });

export async function getReach(ctx: ServiceContext, query: unknown) {
  requireAccess(ctx.actor, READ);
  const parsed = reachQuerySchema.safeParse(query);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const reach = await reachOfSegment(tx, ctx.actor.tenantId, parsed.data.segmentId, new Date());
    if (!reach) throw validationError({ segmentId: 'Choose one of your segments' });
    return reach;
  });
}

/** The e-mail as it stands, to the signed-in person's own address, "[Test]" in its subject. */
export async function sendTestEmail(ctx: ServiceContext, id: string): Promise<{ to: string }> {
  requireAccess(ctx.actor, WRITE);
  if (!isUuid(id)) emailNotFound(id);
  const { deps, actor } = ctx;
  const tenantId = actor.tenantId;
  const { campaign, businessName, fullName } = await withTenant(
    deps.database,
    tenantScope(actor),
    async (tx) => {
      const campaign = (await findCampaign(tx, tenantId, id)) ?? emailNotFound(id);
      const [profile] = await tx
        .select({ fullName: profiles.fullName })
        .from(profiles)
        .where(eq(profiles.id, actor.userId));
      return {
        campaign,
        businessName: await businessNameOf(tx, tenantId),
        fullName: profile?.fullName,
      };
    },
  );
  const errors: Record<string, string> = {};
  if (!campaign.subject.trim()) errors['subject'] = 'Write a subject';
  if (!campaign.body.trim()) errors['body'] = 'Write the e-mail';
  if (Object.keys(errors).length > 0) throw validationError(errors);
  await enforceRateLimit(deps.database, TEST_SEND_RULE, actor.userId);
  // Read only for the person acting, whose own address it is.
  const to = (await unsafeListUserEmails(deps.database.unsafeDb, [actor.userId])).get(actor.userId);
  if (!to) {
    throw AppError.from('NOT_FOUND', { technicalMessage: `no e-mail for ${actor.userId}` });
  }
  const rendered = renderCampaignEmail(campaign, {
    values: mergeValuesOf({ name: fullName ?? null, email: to, location: null }),
    businessName,
    unsubscribeUrl: sampleUnsubscribeUrl(deps.env.appUrl),
  });
  await deps.mailer.send(to, 'email-marketing-test', {
    subject: `[Test] ${rendered.subject}`,
    html: rendered.html,
    text: rendered.text,
  });
  return { to };
}
