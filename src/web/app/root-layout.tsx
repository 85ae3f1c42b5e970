import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { toast } from 'sonner';
import { AppError } from '#shared/errors/index.ts';
import { Spinner } from '../components/ui/spinner.tsx';
import { reportError } from '../lib/errors.ts';
import {
  authErrorMessage,
  EMAIL_CONFIRMED_MESSAGE,
  hasUrlNotices,
  readUrlNotices,
  stripUrlNotices,
} from '../lib/url-notices.ts';

export const LOADING_PAGE_MESSAGE = 'Loading page...';

/** Pages that show "your email is confirmed" in place, where a toast would be missed. */
function saysConfirmedItself(pathname: string): boolean {
  return pathname === '/login' || pathname === '/' || pathname.startsWith('/accept-invitation/');
}

function useUrlNotices() {
  const location = useLocation();
  const navigate = useNavigate();
  // Location keys already handled: StrictMode runs effects twice and a notice must show once.
  const handled = useRef(new Set<string>());

  useEffect(() => {
    if (!hasUrlNotices(location.search) || handled.current.has(location.key)) return;
    handled.current.add(location.key);
    const notices = readUrlNotices(location.search);
    // The login page, the home page and an invitation say it themselves, beside what comes next.
    if (notices.confirmed && !saysConfirmedItself(location.pathname)) {
      toast.success(EMAIL_CONFIRMED_MESSAGE, { id: 'email-confirmed' });
    }
    if (notices.authErrorDescription !== null) {
      const message = authErrorMessage(notices.authErrorDescription);
      reportError(
        AppError.from('AUTH_SESSION_ERROR', {
          userMessage: message,
          technicalMessage: `Redirected with error=${notices.authError ?? ''}: ${notices.authErrorDescription}`,
          component: 'url-notices',
          context: { suppressToast: true, path: location.pathname },
        }),
      );
      toast.error(message, { id: 'auth-error' });
    }
    // Dashboard routes drop the parameters in the login guard, which may be redirecting at the
    // same moment; two navigations would race.
    if (!location.pathname.startsWith('/dashboard')) {
      void navigate(
        {
          pathname: location.pathname,
          search: stripUrlNotices(location.search),
          hash: location.hash,
        },
        { replace: true, preventScrollReset: true },
      );
    }
  }, [location, navigate]);
}

/** While a lazily loaded page is fetched after a click, the current page stays with this notice. */
function PageLoadingIndicator() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed top-3 left-1/2 z-[60] flex -translate-x-1/2 items-center gap-2 rounded-full border border-border bg-card px-3 py-1.5 text-xs font-medium text-foreground shadow-md"
    >
      <Spinner size="sm" className="text-primary" />
      {LOADING_PAGE_MESSAGE}
    </div>
  );
}

export function RootLayout() {
  useUrlNotices();
  return (
    <>
      <PageLoadingIndicator />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** First load of a lazy route, before anything else can render. */
export function PageLoadingFallback() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 text-muted-foreground"
    >
      <Spinner size="lg" className="text-primary" />
      <p className="text-sm font-medium">{LOADING_PAGE_MESSAGE}</p>
    </div>
  );
}
