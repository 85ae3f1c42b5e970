import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CircleUser, CreditCard, LogOut, Settings } from 'lucide-react';
import { AccountButton, initialsOf } from './account-button.tsx';
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

export default function AccountMenu() {
  const auth = useAuth();
  const actor = useActor();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  if (!auth.user) return null;

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
        <AccountButton
          heading={heading}
          email={email}
          initials={initialsOf(businessName ?? email)}
        />
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
