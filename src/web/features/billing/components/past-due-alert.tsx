import type { BillingOverview } from '#shared/contracts/billing.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { usePortal } from '../api/use-billing.ts';
import { formatDate } from '../lib/format.ts';

// docs/decisions/094: a failed renewal keeps access for the grace period; paying the open invoice
// restores everything at once.

/** What a failed renewal means now: access until the grace end, or stopped since then. */
export function pastDueText(graceEndsAt: string, now = Date.now()): string {
  return Date.parse(graceEndsAt) > now
    ? `Your last payment failed. Access continues until ${formatDate(graceEndsAt)}.`
    : `Your last payment failed. Access stopped on ${formatDate(graceEndsAt)}; paying the open invoice opens it again.`;
}

export function PastDueAlert({ overview }: { overview: BillingOverview }) {
  const portal = usePortal();
  if (!overview.pastDue) return null;
  const actions = overview.canManage && overview.mode !== 'manual';
  return (
    <Alert variant="destructive" title={pastDueText(overview.pastDue.graceEndsAt)}>
      <p>
        {overview.canManage
          ? 'Pay the open invoice or update your card to keep your plan.'
          : 'Ask the owner to pay the open invoice or update the card.'}
      </p>
      {actions ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {overview.payUrl ? (
            <a href={overview.payUrl} className={buttonClasses({ size: 'sm' })}>
              Pay now
            </a>
          ) : null}
          <Button
            size="sm"
            variant="outline"
            loading={portal.isPending}
            onClick={() => portal.mutate()}
          >
            Update card
          </Button>
        </div>
      ) : null}
      {portal.error ? <p className="mt-2 font-medium">{userMessageOf(portal.error)}</p> : null}
    </Alert>
  );
}
