import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, Hourglass, PauseCircle } from 'lucide-react';
import type { Subscription } from '#shared/contracts/account.contract.ts';
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
import { userMessageOf } from '../../../lib/errors.ts';
import { useAuth } from '../../auth/index.ts';
import { actorCan, useActor } from '../../staff/index.ts';
import { UpgradeOffer } from '../../billing/index.ts';
import { subscriptionApi } from '../../subscription/index.ts';
import { planSituation } from '../lib/plan-situation.ts';
import {
  BackToDashboard,
  formatDay,
  IconBadge,
  OwnerOnlyNote,
  PremiumCard,
} from './plan-parts.tsx';

const FREE_NOTE_ID = 'continue-free-note';

/** Where the plan stands in each state, and "Continue on Free" when the server allows it. */
export function PlanStatus({ subscription }: { subscription: Subscription }) {
  const { reloadAccount } = useAuth();
  const actor = useActor();
  const [error, setError] = useState<string | null>(null);
  const [openedAt] = useState(() => Date.now());
  const continueOnFree = useMutation({
    mutationFn: subscriptionApi.continueOnFree,
    onSuccess: async () => {
      await reloadAccount();
      window.location.assign('/dashboard');
    },
    onError: (cause) => setError(userMessageOf(cause)),
  });
  // Billing is the owner's; until the server says who this is, nothing is offered.
  const isOwner = actor.data !== undefined && actorCan(actor.data, 'manage:subscription');
  const businessName =
    actor.data?.memberships.find((m) => m.tenant_id === actor.data.tenant_id)?.business_name ??
    'this business';
  const situation = planSituation(subscription, openedAt);

  if (situation.kind === 'trial-active') {
    const days = `${situation.daysLeft} ${situation.daysLeft === 1 ? 'day' : 'days'}`;
    return (
      <div className="grid gap-6">
        <PageHeader
          title="Your free trial is active"
          description={`${days} left: everything in ${PLANS.premium.name} is open to you until ${formatDay(situation.endsAt)}. Nothing is paused.`}
          actions={<BackToDashboard />}
        />
        <div className="grid gap-6 md:grid-cols-2">
          <PremiumCard isOwner={isOwner} current={false} />
          <Card>
            <CardHeader>
              <IconBadge>
                <Hourglass aria-hidden className="size-5" />
              </IconBadge>
              <CardTitle>When your trial ends</CardTitle>
              <CardDescription>
                Your dashboard pauses until {isOwner ? 'you choose' : 'the owner chooses'} how to
                continue: {PLANS.premium.name}, or {PLANS.free.name} for your dashboard and
                analytics with up to {PLANS.free.limits.connectedAccounts} connected accounts. Your
                posts, media and settings are kept either way.
              </CardDescription>
            </CardHeader>
          </Card>
        </div>
      </div>
    );
  }

  if (situation.kind === 'premium' || situation.kind === 'free') {
    const premium = situation.kind === 'premium';
    return (
      <div className="grid gap-6">
        <PageHeader
          title={`You are on the ${premium ? PLANS.premium.name : PLANS.free.name} plan`}
          description={
            premium
              ? 'Everything is open to you: nothing is paused and there is nothing to do here.'
              : `Your dashboard and analytics are open. AI Content, Calendar and Campaigns need ${PLANS.premium.name}.`
          }
          actions={<BackToDashboard />}
        />
        {premium ? (
          <Alert variant="success" className="max-w-2xl">
            {businessName === 'this business' ? 'This business' : businessName} is on{' '}
            {PLANS.premium.name}.
          </Alert>
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            <PremiumCard isOwner={isOwner} current={false} />
          </div>
        )}
        {!isOwner && actor.data && !premium ? <OwnerOnlyNote businessName={businessName} /> : null}
      </div>
    );
  }

  if (situation.kind === 'plan-inactive') {
    return (
      <div className="grid gap-6">
        <PageHeader
          title={`Your ${situation.planName} plan is inactive`}
          description="Your dashboard is paused until the plan is active again. Your posts, media and settings are kept."
        />
        <div className="grid gap-6 md:grid-cols-2">
          {isOwner ? <PremiumCard isOwner current={false} action={<UpgradeOffer />} /> : null}
          <Card className="max-w-2xl">
            <CardHeader>
              <IconBadge>
                <PauseCircle aria-hidden className="size-5" />
              </IconBadge>
              <CardTitle>What you can do</CardTitle>
              <CardDescription>
                {isOwner
                  ? 'Pay the open invoice or subscribe again to open your plan. Questions? Contact us and we will help.'
                  : `Ask the owner of ${businessName} to contact us.`}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant={isOwner ? 'outline' : 'default'}>
                <Link to="/contact">Contact support</Link>
              </Button>
            </CardContent>
          </Card>
        </div>
      </div>
    );
  }

  // The trial has ended.
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Your free trial has ended"
        description="Your dashboard is paused until you choose how to continue. Your posts, media and settings are kept."
      />
      {!isOwner && actor.data ? <OwnerOnlyNote businessName={businessName} /> : null}
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      <div className="grid gap-6 md:grid-cols-2">
        <PremiumCard
          isOwner={isOwner}
          current={false}
          action={isOwner ? <UpgradeOffer /> : undefined}
        />
        <Card>
          <CardHeader>
            <IconBadge>
              <CircleCheck aria-hidden className="size-5" />
            </IconBadge>
            <CardTitle>{PLANS.free.name}</CardTitle>
            <CardDescription>{PLANS.free.description}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p className="text-sm text-muted-foreground">
              Keep your dashboard and analytics with up to {PLANS.free.limits.connectedAccounts}{' '}
              connected accounts. AI Content, Calendar and Campaigns need Premium.
            </p>
            {isOwner ? (
              <>
                <Button
                  variant="outline"
                  aria-describedby={FREE_NOTE_ID}
                  disabled={continueOnFree.isPending}
                  onClick={() => {
                    setError(null);
                    continueOnFree.mutate();
                  }}
                >
                  {continueOnFree.isPending ? 'Switching…' : 'Continue on Free'}
                </Button>
                <p id={FREE_NOTE_ID} className="text-xs text-muted-foreground">
                  Switch now; you can upgrade to Premium whenever you like.
                </p>
              </>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
