import type { ReactNode } from 'react';
import { CreditCard } from 'lucide-react';
import type { BillingOverview } from '#shared/contracts/billing.contract.ts';
import { ADDONS, PLANS } from '#shared/plans.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { formatDate, INTERVAL_ADJECTIVE, perInterval, premiumPrice } from '../lib/format.ts';
import { statusLabel } from '../lib/overview.ts';
import { UsageMeter } from './usage-meter.tsx';

/** The plan the business is on now: status, dates, payment method, discount and usage. */
export function CurrentPlanCard({ overview }: { overview: BillingOverview }) {
  const status = statusLabel(overview);
  const price = overview.interval ? premiumPrice(overview.prices, overview.interval) : null;
  const granted = overview.grants.filter((grant) => grant.kind === 'plan');
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardDescription>Current plan</CardDescription>
          <CardTitle className="text-2xl">{PLANS[overview.plan].name}</CardTitle>
          <p className="text-sm text-muted-foreground">
            {overview.plan === 'premium' && price
              ? perInterval(price)
              : PLANS[overview.plan].description}
          </p>
        </div>
        <Badge variant={status.tone} data-testid="plan-status">
          {status.text}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {overview.plan === 'trial' && overview.trialDaysLeft !== null ? (
            <Fact term="Trial">
              {overview.trialDaysLeft === 0
                ? 'Ends today'
                : `${overview.trialDaysLeft} ${overview.trialDaysLeft === 1 ? 'day' : 'days'} left`}
              {overview.trialEndsAt ? ` (until ${formatDate(overview.trialEndsAt)})` : ''}
            </Fact>
          ) : null}
          {overview.renewsAt ? (
            <Fact term={overview.cancelAtPeriodEnd ? 'Cancelled' : 'Renews'}>
              {overview.cancelAtPeriodEnd
                ? `Ends on ${formatDate(overview.renewsAt)}`
                : formatDate(overview.renewsAt)}
            </Fact>
          ) : null}
          {overview.interval ? (
            <Fact term="Billed">{INTERVAL_ADJECTIVE[overview.interval]}</Fact>
          ) : null}
          {overview.paymentMethod ? (
            <Fact term="Payment method">
              <span className="inline-flex items-center gap-1.5">
                <CreditCard aria-hidden className="size-4 text-muted-foreground" />
                {brandName(overview.paymentMethod.brand)} •••• {overview.paymentMethod.last4}
              </span>
            </Fact>
          ) : null}
          {overview.discount ? (
            <Fact term="Discount">
              {overview.discount.label}
              {overview.discount.code ? ` (${overview.discount.code})` : ''}
              {overview.discount.endsAt ? `, until ${formatDate(overview.discount.endsAt)}` : ''}
            </Fact>
          ) : null}
          {overview.addons.length > 0 ? (
            <Fact term="Add-ons">{overview.addons.map((a) => ADDONS[a].name).join(', ')}</Fact>
          ) : null}
          {granted.length > 0 ? (
            <Fact term="Granted">
              {granted.map((g) => `${PLANS.premium.name}: ${g.reason}`).join('; ')}
            </Fact>
          ) : null}
        </dl>
        <div className="grid gap-4">
          <UsageMeter
            label="Connected accounts"
            used={overview.usage.connectedAccounts}
            limit={overview.limits.connectedAccounts}
          />
          <UsageMeter
            label="Staff seats"
            used={overview.usage.staffSeats}
            limit={overview.limits.staffSeats}
          />
        </div>
      </CardContent>
    </Card>
  );
}

const BRANDS: Record<string, string> = { amex: 'American Express', mastercard: 'Mastercard' };

function brandName(brand: string): string {
  return BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
