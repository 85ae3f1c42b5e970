import { Link } from 'react-router';
import { Check, Hourglass } from 'lucide-react';
import { PLANS } from '#shared/plans.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useAuth } from '../../auth/auth-context.ts';

// Seed §4: an inactive subscription sends the user here (PRODUCT.md §2: why access stopped,
// then choose Premium or continue on Free).

const FREE_NOTE_ID = 'continue-free-note';

export default function TrialExpiredPage() {
  const { subscription } = useAuth();
  const wasTrial = !subscription || subscription.plan === 'trial';
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
              connected accounts.
            </p>
            <Button variant="outline" disabled aria-describedby={FREE_NOTE_ID}>
              Continue on Free
            </Button>
            <p id={FREE_NOTE_ID} className="text-xs text-muted-foreground">
              Switching to Free arrives with account management. Until then, contact support to move
              to the Free plan.
            </p>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
