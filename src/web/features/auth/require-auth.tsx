import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { toast } from 'sonner';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { appPaths } from '../../lib/app-paths.ts';
import { hasUrlNotices, stripUrlNotices } from '../../lib/url-notices.ts';
import { useAuth } from './auth-context.ts';

// docs/product/routes.md#guard-behaviour.

/** Shown without any check: a first-run setup, and the places a blocked user is sent to. */
export const UNGUARDED_DASHBOARD_PATHS: ReadonlySet<string> = new Set([
  appPaths.adminSetup,
  appPaths.subscription,
  appPaths.trialExpired,
]);

export const VERIFYING_MESSAGE = 'Verifying your account...';
export const LOGIN_REQUIRED_MESSAGE = 'Please log in to access this page';
const LOGIN_REQUIRED_TOAST_ID = 'login-required';

/** Location state the login page reads to explain why it is shown and where to go next. */
export interface LoginRedirectState {
  from: string;
  reason: 'login-required';
}

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

function RedirectToLogin({ from, announce }: { from: string; announce: boolean }) {
  useEffect(() => {
    // The id keeps one toast when StrictMode or a re-render runs this twice.
    if (announce) toast.error(LOGIN_REQUIRED_MESSAGE, { id: LOGIN_REQUIRED_TOAST_ID });
  }, [announce]);
  if (!announce) return <Navigate to={appPaths.login} replace />;
  const state: LoginRedirectState = { from, reason: 'login-required' };
  return (
    <Navigate to={`${appPaths.login}?redirect=${encodeURIComponent(from)}`} replace state={state} />
  );
}

/**
 * Wraps the dashboard. Children default to <Outlet/> so it can be a layout route.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const auth = useAuth();
  const path = withoutTrailingSlash(location.pathname);
  // Notices in the address (`error`/`error_description`, docs/product/routes.md#guard-behaviour)
  // are reported by the root layout; here they are dropped from the address, or from the origin
  // kept for after login.
  const search = stripUrlNotices(location.search);
  const content = hasUrlNotices(location.search) ? (
    <Navigate to={{ pathname: location.pathname, search, hash: location.hash }} replace />
  ) : (
    (children ?? <Outlet />)
  );

  if (UNGUARDED_DASHBOARD_PATHS.has(path)) return content;

  if (auth.status === 'loading') return <LoadingScreen message={VERIFYING_MESSAGE} size="xl" />;

  if (!auth.user) {
    // A user who just pressed "Sign out" is not told to log in again.
    const announce = auth.signOutReason !== 'user' && path !== appPaths.login;
    return (
      <RedirectToLogin from={`${location.pathname}${search}${location.hash}`} announce={announce} />
    );
  }

  if (auth.accountStatus === 'loading')
    return <LoadingScreen message={VERIFYING_MESSAGE} size="xl" />;

  if (auth.subscription?.status === 'inactive') {
    return <Navigate to={appPaths.trialExpired} replace />;
  }

  return content;
}
