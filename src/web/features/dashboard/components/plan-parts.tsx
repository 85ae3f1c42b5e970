import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Check, ShieldAlert, Sparkles } from 'lucide-react';
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

// The parts of the plan status page (pages/trial-expired-page.tsx).

export function formatDay(date: Date): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(date);
}

export function IconBadge({ children }: { children: ReactNode }) {
  return (
    <div className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
      {children}
    </div>
  );
}

export function AccountPaused() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Your account is paused"
        description="An administrator has made this account inactive, so the dashboard is closed for now. Your posts, media and settings are kept."
      />
      <Card className="max-w-2xl">
        <CardHeader>
          <IconBadge>
            <ShieldAlert aria-hidden className="size-5" />
          </IconBadge>
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

export function BackToDashboard() {
  return (
    <Button asChild variant="outline">
      <Link to="/dashboard">
        Back to your dashboard <ArrowRight aria-hidden className="size-4" />
      </Link>
    </Button>
  );
}

const PREMIUM_FEATURES = [
  'AI Content',
  'Calendar and scheduled publishing',
  'Campaigns',
  `Up to ${PLANS.premium.limits.staffSeats} staff seats`,
];

export function PremiumCard({
  isOwner,
  current,
  action,
}: {
  isOwner: boolean;
  current: boolean;
  /** The owner's way to upgrade in place; without it, a link to the subscription page. */
  action?: ReactNode;
}) {
  return (
    <Card className="border-primary/40">
      <CardHeader>
        <IconBadge>
          <Sparkles aria-hidden className="size-5" />
        </IconBadge>
        <CardTitle>{PLANS.premium.name}</CardTitle>
        <CardDescription>{PLANS.premium.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-1.5 text-sm">
          {PREMIUM_FEATURES.map((item) => (
            <li key={item} className="flex items-center gap-2">
              <Check aria-hidden className="size-4 text-success" />
              {item}
            </li>
          ))}
        </ul>
        {current || !isOwner ? null : action ? (
          action
        ) : (
          <Button asChild>
            <Link to="/dashboard/subscription">Choose Premium</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

export function OwnerOnlyNote({ businessName }: { businessName: string }) {
  return (
    <Alert variant="info">
      Only the owner of {businessName} can choose a plan. Ask them to continue on Free or upgrade.
    </Alert>
  );
}
