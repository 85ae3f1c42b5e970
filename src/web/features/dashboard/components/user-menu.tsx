import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CircleUser, CreditCard, LogOut, Settings } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { reportError } from '../../../lib/errors.ts';
import { safeNavigate } from '../../../lib/navigation.ts';
import { useAuth } from '../../auth/index.ts';
import { actorCan, useActor } from '../../staff/index.ts';

function initialsOf(text: string): string {
  const words = text.split(/[\s@._-]+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?';
}

export function UserMenu() {
  const auth = useAuth();
  const actor = useActor();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  if (!auth.user) {
    return (
      <Button asChild size="sm">
        <Link to="/login">Log in</Link>
      </Button>
    );
  }

  const businessName = auth.businessProfile?.business_name ?? null;
  const email = auth.user.email;
  // Someone in no business yet (docs/decisions/035) is not told "Your business".
  const noBusiness = actor.data?.memberships.length === 0;
  const heading = businessName ?? (noBusiness ? 'No business yet' : 'Your business');
  // Only the owner manages the subscription, and is offered it once the server says so.
  const managesSubscription =
    actor.data !== undefined && actorCan(actor.data, 'manage:subscription');

  const signOut = async () => {
    setSigningOut(true);
    try {
      await auth.signOut();
      toast.success('You have been signed out.');
    } catch (error) {
      // This tab has forgotten the session anyway; say why the server may still hold it.
      reportError(error);
    } finally {
      setSigningOut(false);
      safeNavigate(navigate, '/login', { replace: true });
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label="Account menu"
          className="flex min-w-0 items-center gap-2 rounded-full p-1 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:rounded-lg sm:pr-3"
        >
          <span
            aria-hidden
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
          >
            {initialsOf(businessName ?? email)}
          </span>
          <span className="hidden max-w-40 min-w-0 flex-col md:flex">
            <span className="truncate text-sm font-medium text-foreground">{heading}</span>
            <span className="truncate text-xs text-muted-foreground">{email}</span>
          </span>
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate font-semibold">{heading}</span>
          <span className="block truncate text-xs font-normal text-muted-foreground">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => safeNavigate(navigate, '/dashboard/profile')}>
          <CircleUser aria-hidden className="size-4" /> Profile
        </DropdownMenuItem>
        {noBusiness ? null : (
          <DropdownMenuItem onSelect={() => safeNavigate(navigate, '/dashboard/settings')}>
            <Settings aria-hidden className="size-4" /> Settings
          </DropdownMenuItem>
        )}
        {managesSubscription ? (
          <DropdownMenuItem onSelect={() => safeNavigate(navigate, '/dashboard/subscription')}>
            <CreditCard aria-hidden className="size-4" /> Subscription
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem destructive disabled={signingOut} onSelect={() => void signOut()}>
          <LogOut aria-hidden className="size-4" /> Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
