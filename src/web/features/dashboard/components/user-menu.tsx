import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../auth/index.ts';
import { AccountButton, initialsOf } from './account-button.tsx';

// The menu (a dropdown built on Radix) loads after the header renders; until then its button
// shows as it will (docs/decisions/028).
const AccountMenu = lazy(() => import('./account-menu.tsx'));

export function UserMenu() {
  const auth = useAuth();
  if (!auth.user) {
    return (
      <Button asChild size="sm">
        <Link to="/login">Log in</Link>
      </Button>
    );
  }
  const businessName = auth.businessProfile?.business_name ?? null;
  const email = auth.user.email;
  return (
    <Suspense
      fallback={
        <AccountButton
          heading={businessName ?? 'Your business'}
          email={email}
          initials={initialsOf(businessName ?? email)}
          disabled
        />
      }
    >
      <AccountMenu />
    </Suspense>
  );
}
