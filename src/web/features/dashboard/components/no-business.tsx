import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Building2, CircleUser, Mail, MessageCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { LoadingScreen } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../auth/index.ts';
import { useActor } from '../../staff/index.ts';

// Someone who signed up from an invitation has no business of their own (docs/decisions/035).
// Until they accept it they belong to no business at all: the dashboard says so and how to join,
// instead of showing the empty areas of a business that does not exist.

/** Dashboard areas that are the person's own, not a business's: they work without one. */
export const PERSONAL_AREAS: ReadonlySet<string> = new Set(['', 'profile', 'admin']);
const PERSONAL_PATHS: ReadonlySet<string> = new Set([
  '/dashboard/profile',
  '/dashboard/admin',
  '/dashboard/admin-setup',
  // Says itself why an account is paused, business or not.
  '/dashboard/trial-expired',
]);

/** Whether the person belongs to no business: unknown until the server's answer. */
export function useNoBusiness(): boolean | undefined {
  const actor = useActor();
  return actor.data ? actor.data.memberships.length === 0 : undefined;
}

export const NO_BUSINESS_TITLE = 'You are not part of a business yet';

export function NoBusinessPanel() {
  const { user } = useAuth();
  return (
    <div className="grid gap-6">
      <PageHeader
        title={NO_BUSINESS_TITLE}
        description="Your account is ready, but it is not linked to a business, so there are no posts, media or settings to show yet."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <div className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <Mail aria-hidden className="size-5" />
            </div>
            <CardTitle>Join your team’s business</CardTitle>
            <CardDescription>
              Open the invitation link in the e-mail you were sent
              {user ? (
                <>
                  {' '}
                  at <strong className="font-medium text-foreground">{user.email}</strong>
                </>
              ) : null}{' '}
              and choose <strong className="font-medium text-foreground">Join</strong>. The business
              appears here straight away.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-muted-foreground">
              Link expired or lost? Invitations work for 7 days: ask the owner or a manager to send
              it again from their Staff page.
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <div className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <Building2 aria-hidden className="size-5" />
            </div>
            <CardTitle>A business of your own</CardTitle>
            <CardDescription>
              Setting up your own business from an account that joined by invitation is not
              available in the app yet. Contact us and we will set it up for you, with its free
              trial.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to="/contact">
                <MessageCircle aria-hidden className="size-4" /> Contact us
              </Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to="/dashboard/profile">
                <CircleUser aria-hidden className="size-4" /> Your profile
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/**
 * Around the dashboard's pages: someone in no business sees NoBusinessPanel instead of a
 * business's area, and keeps their own profile (and, if an administrator, the admin area).
 */
export function NoBusinessGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { accountStatus, subscription } = useAuth();
  const actor = useActor();
  if (PERSONAL_PATHS.has(withoutTrailingSlash(location.pathname))) return children;
  if (actor.data?.memberships.length === 0) return <NoBusinessPanel />;
  // No subscription to read is the sign of it: wait for the answer rather than flash an empty
  // business's page.
  if (actor.isPending && accountStatus === 'ready' && subscription === null) {
    return <LoadingScreen message="Loading your dashboard..." />;
  }
  return children;
}
