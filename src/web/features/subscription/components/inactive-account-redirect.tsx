import { Navigate, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/index.ts';
import { accountApi, accountKeys } from '../../account/index.ts';

// docs/product/routes.md#guard-behaviour, docs/product/services.md#profiles: an administrator can
// set a person's status (profiles.settings.status) to inactive; like an inactive subscription, that
// sends them to /dashboard/trial-expired. The login guard looks at the subscription; this looks at
// the person.

const ALLOWED = new Set([
  '/dashboard/trial-expired',
  '/dashboard/subscription',
  '/dashboard/admin-setup',
]);

export function InactiveAccountRedirect() {
  const { user } = useAuth();
  const location = useLocation();
  const profile = useQuery({
    queryKey: accountKeys.profile(user?.id ?? 'anonymous'),
    queryFn: ({ signal }) => accountApi.getProfile(signal),
    enabled: Boolean(user),
  });
  const path = location.pathname.replace(/\/$/, '');
  if (!user || ALLOWED.has(path)) return null;
  if (profile.data?.settings['status'] === 'inactive') {
    return <Navigate to="/dashboard/trial-expired" replace />;
  }
  return null;
}
