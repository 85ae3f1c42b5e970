import { RequireAuth } from '../../auth/index.ts';
import { RouteErrorBoundary } from '../../errors/index.ts';
import { InactiveAccountRedirect } from '../../subscription/index.ts';
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
