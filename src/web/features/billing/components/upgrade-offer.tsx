import { Link } from 'react-router';
import { PLANS } from '#shared/plans.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useBillingOverview } from '../api/use-billing.ts';
import { canUpgrade } from '../lib/overview.ts';
import { TestModeNotice } from './test-mode-notice.tsx';
import { UpgradePanel } from './upgrade-panel.tsx';

// The way on from the plan status page (docs/product/screens.md#trial-expired): for the owner,
// the same upgrade as the subscription page, and the open invoice when a payment failed for too
// long. Whatever cannot be loaded here is one click away on the subscription page.

export function UpgradeOffer() {
  const query = useBillingOverview();
  const overview = query.data;
  if (query.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading the upgrade">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-10 w-40" />
      </div>
    );
  }
  if (!overview) return <ToSubscription label={`Choose ${PLANS.premium.name}`} />;
  if (overview.mode === 'manual') {
    return overview.manualInstructions ? (
      <p className="text-sm whitespace-pre-line">{overview.manualInstructions}</p>
    ) : null;
  }
  return (
    <div className="grid gap-4">
      <TestModeNotice mode={overview.mode} />
      {overview.payUrl ? (
        <div className="grid gap-1.5">
          <a href={overview.payUrl} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
            Pay the open invoice
          </a>
          <p className="text-xs text-muted-foreground">Paying it opens your plan again at once.</p>
        </div>
      ) : null}
      {canUpgrade(overview) ? (
        <UpgradePanel overview={overview} showAddons={false} />
      ) : overview.payUrl ? null : (
        <ToSubscription label="Manage your subscription" />
      )}
    </div>
  );
}

function ToSubscription({ label }: { label: string }) {
  return (
    <Button asChild>
      <Link to="/dashboard/subscription">{label}</Link>
    </Button>
  );
}
