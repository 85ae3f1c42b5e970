import { Link, useLocation } from 'react-router';
import { AlertCircle } from 'lucide-react';
import { useAuth } from '../../auth/index.ts';
import { actorCan, useActor } from '../../staff/index.ts';
import { useBillingOverview } from '../api/use-billing.ts';
import { pastDueText } from './past-due-alert.tsx';

// docs/decisions/094: while a renewal has failed and the grace period runs, every dashboard page
// says so. Only the owner can pay, so only the owner's dashboard asks, and only when the
// subscription is a paid one; the answer is the subscription page's own cached overview.

export function PastDueBanner() {
  const { subscription } = useAuth();
  const actor = useActor().data;
  const location = useLocation();
  const owner = actor !== undefined && actorCan(actor, 'manage:subscription');
  const paid = subscription?.plan === 'premium' || (subscription?.addons.length ?? 0) > 0;
  const overview = useBillingOverview({ enabled: owner && paid });
  const pastDue = owner && paid ? overview.data?.pastDue : null;
  // The subscription page shows the full alert with its buttons, the plan status page its way on.
  const own = ['/dashboard/subscription', '/dashboard/trial-expired'];
  if (!pastDue || own.some((path) => location.pathname.startsWith(path))) return null;
  return (
    <div
      role="alert"
      className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3.5 text-sm"
    >
      <AlertCircle aria-hidden className="size-4 shrink-0 text-destructive" />
      <p className="min-w-0 flex-1 font-medium">{pastDueText(pastDue.graceEndsAt)}</p>
      <Link
        to="/dashboard/subscription"
        className="font-semibold text-link underline-offset-4 hover:underline"
      >
        Fix your payment
      </Link>
    </div>
  );
}
