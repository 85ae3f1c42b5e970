import { and, desc, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/platform/db/client.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { billingInvoices } from './billing.tables.ts';
import { paymentFailedEmail, trialEndingEmail } from './billing-email.tsx';

// The owner's billing e-mails (docs/decisions/094), sent after the webhook's transaction has
// committed: the outbox lives in the installation's own schema, which the runtime role of that
// transaction cannot write, so the message goes the way every e-mail goes (platform/email/
// mailer.ts: an outbox row and a job). The webhook calls these only for an event it has just
// recorded, so a duplicate or a retry of the same event never mails twice; a crash between the
// commit and the outbox row loses that one message rather than sending it twice.

export const TRIAL_ENDING_TEMPLATE = 'billingTrialEnding';
export const PAYMENT_FAILED_TEMPLATE = 'billingPaymentFailed';

interface Owner {
  email: string;
  businessName: string;
}

/** The owner's sign-in address and the business's name (auth.users is the platform's). */
async function ownerOf(deps: AppDeps, businessId: string): Promise<Owner | null> {
  const rows = rowsOf<{ email: string; business_name: string | null }>(
    await deps.database.unsafeDb.execute(sql`
      select u.email, bp.business_name
        from auth.users u left join public.business_profiles bp on bp.user_id = u.id
       where u.id = ${businessId}`),
  );
  const row = rows[0];
  return row ? { email: row.email, businessName: row.business_name ?? 'your business' } : null;
}

const subscriptionPage = (deps: AppDeps) => `${deps.env.appUrl}/dashboard/subscription`;

/** customer.subscription.trial_will_end: the trial ends in three days. */
export async function sendTrialEnding(
  deps: AppDeps,
  businessId: string,
  trialEndsAt: Date,
): Promise<boolean> {
  const owner = await ownerOf(deps, businessId);
  if (!owner) return false;
  await deps.mailer.send(
    owner.email,
    TRIAL_ENDING_TEMPLATE,
    trialEndingEmail({
      businessName: owner.businessName,
      trialEndsAt,
      url: subscriptionPage(deps),
    }),
  );
  return true;
}

/** A failed renewal, once per failure episode: access until the grace end, and where to pay. */
export async function sendPaymentFailed(
  deps: AppDeps,
  businessId: string,
  graceEndsAt: Date,
): Promise<boolean> {
  const owner = await ownerOf(deps, businessId);
  if (!owner) return false;
  // The invoice to pay as converge stored it from Stripe (never a link from the payload).
  const [open] = await deps.database.unsafeDb
    .select({ hostedUrl: billingInvoices.hostedUrl })
    .from(billingInvoices)
    .where(and(eq(billingInvoices.userId, businessId), eq(billingInvoices.status, 'open')))
    .orderBy(desc(billingInvoices.createdAt))
    .limit(1);
  const payUrl = safeHttpUrl(open?.hostedUrl) ?? subscriptionPage(deps);
  await deps.mailer.send(
    owner.email,
    PAYMENT_FAILED_TEMPLATE,
    paymentFailedEmail({ businessName: owner.businessName, graceEndsAt, payUrl }),
  );
  return true;
}

function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
