import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, Hourglass, ShieldAlert } from 'lucide-react';
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
import { accountApi, accountKeys } from '../../account/api/account-api.ts';
import { useAuth } from '../../auth/auth-context.ts';
import { actorCan, useActor } from '../../staff/lib/use-actor.ts';
import { subscriptionApi } from '../../subscription/api/subscription-api.ts';

// Seed §4: an inactive subscription sends the user here, and so does an account an administrator
// made inactive (seed §7 settings.status). PRODUCT.md §2: why access stopped, then choose Premium
// or continue on Free. Card payments arrive later; until then an administrator sets plans.

const FREE_NOTE_ID = 'continue-free-note';

function AccountPaused() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Your account is paused"
        description="An administrator has made this account inactive, so the dashboard is closed for now. Your posts, media and settings are kept."
      />
      <Card className="max-w-2xl">
        <CardHeader>
          <div className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <ShieldAlert aria-hidden className="size-5" />
          </div>
          <CardTitle>What you can do</CardTitle>
          <CardDescription>
            Contact us and we will tell you why, and what is needed to open your account again.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to="/contact">Contact support</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

export default function TrialExpiredPage() {
  const { user, subscription, reloadAccount } = useAuth();
  const actor = useActor();
  const [error, setError] = useState<string | null>(null);
  const [openedAt] = useState(() => Date.now());
  const profile = useQuery({
    queryKey: accountKeys.profile(user?.id ?? 'anonymous'),
    queryFn: ({ signal }) => accountApi.getProfile(signal),
    enabled: Boolean(user),
  });
  const continueOnFree = useMutation({
    mutationFn: subscriptionApi.continueOnFree,
    onSuccess: async () => {
      await reloadAccount();
      window.location.assign('/dashboard');
    },
    onError: (cause) => setError(userMessageOf(cause)),
  });

  if (profile.data?.settings['status'] === 'inactive') return <AccountPaused />;

  const wasTrial = !subscription || subscription.plan === 'trial';
  const isOwner = actorCan(actor.data, 'manage:subscription');
  const ended =
    subscription?.status === 'inactive' ||
    (subscription?.trial_ends_at != null && Date.parse(subscription.trial_ends_at) <= openedAt);
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Your access has paused"
        description={
          wasTrial
            ? 'Your free trial has ended, so your dashboard is paused until you choose how to continue. Your posts, media and settings are kept.'
            : 'Your account is inactive, so your dashboard is paused until you choose how to continue. Your posts, media and settings are kept.'
        }
      />
      {!isOwner && actor.data ? (
        <Alert variant="info">
          Only the owner of{' '}
          {actor.data.memberships.find((m) => m.tenant_id === actor.data.tenant_id)
            ?.business_name ?? 'this business'}{' '}
          can choose a plan. Ask them to continue on Free or upgrade.
        </Alert>
      ) : null}
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      <div className="grid gap-6 md:grid-cols-2">
        <Card className="border-primary/40">
          <CardHeader>
            <div className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <Hourglass aria-hidden className="size-5" />
            </div>
            <CardTitle>{PLANS.premium.name}</CardTitle>
            <CardDescription>{PLANS.premium.description}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <ul className="grid gap-1.5 text-sm">
              {[
                'AI Content',
                'Calendar and scheduled publishing',
                'Campaigns',
                `Up to ${PLANS.premium.limits.staffSeats} staff seats`,
              ].map((item) => (
                <li key={item} className="flex items-center gap-2">
                  <Check aria-hidden className="size-4 text-success" />
                  {item}
                </li>
              ))}
            </ul>
            <Button asChild>
              <Link to="/dashboard/subscription">Choose Premium</Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{PLANS.free.name}</CardTitle>
            <CardDescription>{PLANS.free.description}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p className="text-sm text-muted-foreground">
              Keep your dashboard and analytics with up to {PLANS.free.limits.connectedAccounts}{' '}
              connected accounts. AI Content, Calendar and Campaigns need Premium.
            </p>
            <Button
              variant="outline"
              aria-describedby={FREE_NOTE_ID}
              disabled={!isOwner || !wasTrial || !ended || continueOnFree.isPending}
              onClick={() => {
                setError(null);
                continueOnFree.mutate();
              }}
            >
              {continueOnFree.isPending ? 'Switching…' : 'Continue on Free'}
            </Button>
            <p id={FREE_NOTE_ID} className="text-xs text-muted-foreground">
              {wasTrial
                ? 'Switch now; you can upgrade to Premium whenever you like.'
                : 'Your plan is not a trial: contact support to change it.'}
            </p>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
