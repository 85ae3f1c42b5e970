/** @jsxRuntime automatic */
/** @jsxImportSource react */
import {
  EmailButton,
  EmailLayout,
  renderEmail,
  type RenderedEmail,
} from '#server/platform/email/templates.tsx';

// The two e-mails Stripe's webhooks send the business owner (docs/decisions/094): the trial
// ending in three days, and a failed payment with the grace period it leaves and where to pay.

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "5 December 2026" (UTC, as Stripe's periods are). */
export const billingDay = (date: Date) => dayFormat.format(date);

const paragraph = { fontSize: 15, lineHeight: 1.6 } as const;

export function trialEndingEmail(input: {
  businessName: string;
  trialEndsAt: Date;
  url: string;
}): RenderedEmail {
  const day = billingDay(input.trialEndsAt);
  const body = `The trial of Premium for ${input.businessName} ends on ${day}. Your card on file will then be charged and Premium continues; to change your plan or cancel before then, open your subscription.`;
  return {
    subject: `Your trial ends in 3 days (${day})`,
    html: renderEmail(
      <EmailLayout preview={`Your trial ends on ${day}.`}>
        <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>Your trial ends in 3 days</h1>
        <p style={paragraph}>{body}</p>
        <EmailButton href={input.url} label="Open your subscription" />
      </EmailLayout>,
    ),
    text: `${body}\n\n${input.url}`,
  };
}

export function paymentFailedEmail(input: {
  businessName: string;
  graceEndsAt: Date;
  /** Stripe's hosted page of the unpaid invoice, or the subscription page. */
  payUrl: string;
}): RenderedEmail {
  const day = billingDay(input.graceEndsAt);
  const body = `We could not charge your card for the Premium plan of ${input.businessName}. Your access continues until ${day}; pay the invoice before then to keep it.`;
  return {
    subject: `Your payment failed: access continues until ${day}`,
    html: renderEmail(
      <EmailLayout preview={`Pay before ${day} to keep Premium.`}>
        <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>Your payment failed</h1>
        <p style={paragraph}>{body}</p>
        <EmailButton href={input.payUrl} label="Pay the invoice" />
        <p style={{ fontSize: 13, color: '#475569' }}>
          After {day} the account becomes inactive until the invoice is paid; paying restores access
          at once.
        </p>
      </EmailLayout>,
    ),
    text: `${body}\n\nPay here: ${input.payUrl}\n\nAfter ${day} the account becomes inactive until the invoice is paid; paying restores access at once.`,
  };
}
