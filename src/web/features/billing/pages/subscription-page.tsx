import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import type { BillingOverview } from '#shared/contracts/billing.contract.ts';
import { PLANS } from '#shared/plans.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { LoadError, LoadingRows } from '../../../components/ui/query-status.tsx';
import { useAuth } from '../../auth/index.ts';
import { useBillingOverview, useRefreshBilling } from '../api/use-billing.ts';
import { AddonsSection } from '../components/addons-section.tsx';
import { CheckoutNotice } from '../components/checkout-notice.tsx';
import { CouponForm } from '../components/coupon-form.tsx';
import { CurrentPlanCard } from '../components/current-plan-card.tsx';
import { InvoicesSection } from '../components/invoices-section.tsx';
import { ManageSubscription } from '../components/manage-subscription.tsx';
import { PastDueAlert } from '../components/past-due-alert.tsx';
import { TestModeBadge, TestModeNotice } from '../components/test-mode-notice.tsx';
import { UpgradePanel } from '../components/upgrade-panel.tsx';
import { canUpgrade, hasLiveSubscription } from '../lib/overview.ts';
import { POLL_MS, useCheckoutReturn } from '../lib/use-checkout-return.ts';

// The subscription page (docs/product/screens.md#subscription, docs/decisions/094): the plan and
// its usage, the upgrade through the payment provider's checkout, add-ons, codes, invoices, the
// portal and cancelling. The owner changes billing; every other member reads it.

const TITLE = 'Subscription';

export default function SubscriptionPage() {
  const { user } = useAuth();
  const checkoutReturn = useCheckoutReturn();
  const waiting = checkoutReturn.result === 'success' && checkoutReturn.polling;
  const query = useBillingOverview({
    enabled: Boolean(user),
    refetchInterval: (data) => (waiting && data?.plan !== 'premium' ? POLL_MS : false),
  });
  const overview = query.data;
  const premium = overview?.plan === 'premium' && overview.status === 'active';

  // The plan just bought opens its areas without a reload.
  const refresh = useRefreshBilling();
  const announced = useRef(false);
  useEffect(() => {
    if (checkoutReturn.result === 'success' && premium && !announced.current) {
      announced.current = true;
      void refresh();
    }
  }, [checkoutReturn.result, premium, refresh]);

  // This address is open without signing in (docs/product/routes.md#guard-behaviour).
  if (!user) {
    return (
      <div className="grid gap-6">
        <PageHeader title={TITLE} description="Log in to see your plan and billing." />
        <div>
          <Button asChild>
            <Link to="/login?redirect=%2Fdashboard%2Fsubscription">Log in</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title={TITLE}
        description="Your plan, add-ons, payment method and invoices."
        actions={overview ? <TestModeBadge mode={overview.mode} /> : null}
      />
      <CheckoutNotice
        result={checkoutReturn.result}
        premium={premium}
        polling={checkoutReturn.polling}
      />
      {query.isError ? (
        <LoadError
          title="Your subscription could not be loaded"
          error={query.error}
          retrying={query.isFetching}
          onRetry={query.refetch}
        />
      ) : !overview ? (
        <LoadingRows label="Loading your subscription" rows={3} rowClassName="h-40 w-full" />
      ) : (
        <Billing overview={overview} />
      )}
    </div>
  );
}

function Billing({ overview }: { overview: BillingOverview }) {
  const live = hasLiveSubscription(overview);
  const upgrade = canUpgrade(overview);
  return (
    <div className="grid grid-cols-1 gap-8">
      <div className="grid gap-4">
        {overview.problem ? (
          <Alert variant="warning" title="Your billing needs our attention">
            {overview.problem}
          </Alert>
        ) : null}
        <PastDueAlert overview={overview} />
        <TestModeNotice mode={overview.mode} />
        {!overview.canManage ? (
          <Alert variant="info">
            Only the owner of this business can change billing or see its invoices. Ask them for any
            change.
          </Alert>
        ) : null}
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <CurrentPlanCard overview={overview} />
        {overview.mode === 'manual' && overview.manualInstructions ? (
          <ManualInstructions text={overview.manualInstructions} />
        ) : overview.canManage && live ? (
          <ManageSubscription overview={overview} />
        ) : overview.canManage && upgrade ? (
          <Card className="border-primary/40">
            <CardHeader>
              <div className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Sparkles aria-hidden className="size-5" />
              </div>
              <CardTitle>Upgrade to {PLANS.premium.name}</CardTitle>
              <CardDescription>{PLANS.premium.description}</CardDescription>
            </CardHeader>
            <CardContent>
              <UpgradePanel overview={overview} />
            </CardContent>
          </Card>
        ) : null}
      </div>
      <AddonsSection overview={overview} />
      {overview.canManage && (live || overview.mode === 'manual') ? (
        <section className="grid gap-3" aria-labelledby="coupon-heading">
          <h2 id="coupon-heading" className="text-lg font-semibold">
            Redeem a code
          </h2>
          <Card>
            <CardContent className="pt-5 sm:pt-6">
              <CouponForm />
            </CardContent>
          </Card>
        </section>
      ) : null}
      {overview.canManage ? <InvoicesSection invoices={overview.invoices} /> : null}
    </div>
  );
}

function ManualInstructions({ text }: { text: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>How to upgrade</CardTitle>
        <CardDescription className="whitespace-pre-line">{text}</CardDescription>
      </CardHeader>
    </Card>
  );
}
