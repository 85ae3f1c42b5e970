import { Link } from 'react-router';
import { CreditCard } from 'lucide-react';
import type { Subscription } from '#shared/contracts/account.contract.ts';
import { PLANS, TRIAL_DAYS } from '#shared/plans.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { trialDaysLeft } from '../../account/index.ts';
import { labelOf } from './home-posts.tsx';

/** The plan, its status, the trial's days left and the way to upgrade or manage it. */
export function PlanCard({
  subscription,
  managesSubscription,
}: {
  subscription: Subscription | null;
  /** Only the owner changes the plan (src/shared/permissions.ts 'manage:subscription'). */
  managesSubscription: boolean;
}) {
  if (!subscription) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Your plan</CardTitle>
        </CardHeader>
        <CardContent>
          <Skeleton className="h-16 w-full" />
        </CardContent>
      </Card>
    );
  }
  const plan = PLANS[subscription.plan];
  const days = trialDaysLeft(subscription);
  const used =
    days === null ? 0 : Math.min(100, Math.max(0, ((TRIAL_DAYS - days) / TRIAL_DAYS) * 100));
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>Your plan</CardTitle>
          <Badge variant={subscription.status === 'active' ? 'success' : 'destructive'}>
            {labelOf(subscription.status)}
          </Badge>
        </div>
        <CardDescription>{plan.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-3">
          <div className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <CreditCard aria-hidden className="size-5" />
          </div>
          <div>
            <p className="text-lg font-semibold text-foreground">{plan.name}</p>
            {days !== null ? (
              <p className="text-sm text-muted-foreground">
                {days === 0
                  ? 'Your trial ends today'
                  : `${days} ${days === 1 ? 'day' : 'days'} left in your trial`}
              </p>
            ) : null}
          </div>
        </div>
        {days !== null ? (
          <div
            role="progressbar"
            aria-label="Trial used"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(used)}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${used}%` }} />
          </div>
        ) : null}
        {managesSubscription ? (
          <Button asChild variant={subscription.plan === 'premium' ? 'outline' : 'default'}>
            <Link to="/dashboard/subscription">
              {subscription.plan === 'premium'
                ? 'Manage subscription'
                : `Upgrade to ${PLANS.premium.name}`}
            </Link>
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">
            The owner of this business manages its plan.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
