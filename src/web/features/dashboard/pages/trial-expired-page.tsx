import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { accountApi, accountKeys } from '../../account/index.ts';
import { useAuth } from '../../auth/index.ts';
import { NoBusinessPanel } from '../components/no-business.tsx';
import { AccountPaused } from '../components/plan-parts.tsx';
import { PlanStatus } from '../components/plan-status.tsx';

// docs/product/entities.md#subscription-states: an inactive subscription sends the user here, and
// so does an account an administrator made inactive (settings.status,
// docs/product/services.md#profiles). docs/product/screens.md#trial-expired: why access stopped,
// then choose Premium or continue on Free. Anyone can also open it by address, so it says where the
// plan stands in every state, and offers "Continue on Free" exactly when the server allows it: an
// ended trial, to its owner (docs/decisions/034). The owner of an ended trial or an inactive plan
// can also upgrade here, or pay the open invoice of a failed renewal (docs/decisions/094).

export { planSituation, type PlanSituation } from '../lib/plan-situation.ts';

export default function TrialExpiredPage() {
  const { user, subscription, accountStatus } = useAuth();
  const profile = useQuery({
    queryKey: accountKeys.profile(user?.id ?? 'anonymous'),
    queryFn: ({ signal }) => accountApi.getProfile(signal),
    enabled: Boolean(user),
  });

  if (profile.data?.settings['status'] === 'inactive') return <AccountPaused />;
  if (!user) {
    return (
      <div className="grid gap-6">
        <PageHeader title="Your plan" description="Log in to see where your plan stands." />
        <div>
          <Button asChild>
            <Link to="/login?redirect=%2Fdashboard%2Ftrial-expired">Log in</Link>
          </Button>
        </div>
      </div>
    );
  }
  if (accountStatus === 'error') {
    return (
      <Alert variant="destructive" title="Your plan could not be loaded">
        <p>Check your connection and try again.</p>
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          onClick={() => window.location.reload()}
        >
          Try again
        </Button>
      </Alert>
    );
  }
  // The person's status decides first: a paused account is told so, whatever the plan.
  if (accountStatus !== 'ready' || profile.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <Skeleton className="h-12 w-2/3" />
        <div className="grid gap-6 md:grid-cols-2">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      </div>
    );
  }
  // No subscription to read: the person belongs to no business (docs/decisions/035).
  if (!subscription) return <NoBusinessPanel />;
  return <PlanStatus subscription={subscription} />;
}
