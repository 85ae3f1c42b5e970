import { RequireAuth } from '../../auth/require-auth.tsx';
import { RouteErrorBoundary } from '../../errors/route-error.tsx';
import { InactiveAccountRedirect } from '../../subscription/components/inactive-account-redirect.tsx';
import { DashboardLayout } from './dashboard-layout.tsx';

// Route module for /dashboard: the login guard around the dashboard chrome.

export default function DashboardShell() {
  return (
    <RequireAuth>
      <InactiveAccountRedirect />
      <DashboardLayout />
    </RequireAuth>
  );
}

export function DashboardErrorBoundary() {
  return <RouteErrorBoundary />;
}
