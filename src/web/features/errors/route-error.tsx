import { useEffect, useRef } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { AlertTriangle, RotateCcw } from 'lucide-react';
import { AppError } from '#shared/errors/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { reportError } from '../../lib/errors.ts';
import { cn } from '../../lib/cn.ts';
import { NotFoundContent } from './not-found-page.tsx';

// docs/product/routes.md#error-panel: the generic error panel.
export const ERROR_PANEL_TITLE = 'Something went wrong';
export const ERROR_PANEL_TEXT = 'An error occurred while loading this section.';
export const ERROR_DETAILS_FALLBACK = 'An unexpected error occurred';

export function errorDetailsOf(error: unknown): string {
  if (error instanceof AppError) return error.record.userMessage;
  if (isRouteErrorResponse(error)) return error.statusText || `${error.status}`;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return ERROR_DETAILS_FALLBACK;
}

/** A lazily loaded page whose file is gone (a deploy replaced it): only a fresh load helps. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

interface ErrorPanelProps {
  error: unknown;
  onRetry: () => void;
  className?: string;
}

export function ErrorPanel({ error, onRetry, className }: ErrorPanelProps) {
  const correlationId = error instanceof AppError ? error.record.correlationId : null;
  return (
    <div
      role="alert"
      className={cn(
        'mx-auto flex w-full max-w-xl flex-col items-center gap-4 p-6 text-center',
        className,
      )}
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <AlertTriangle aria-hidden className="size-6" />
      </div>
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold text-foreground">{ERROR_PANEL_TITLE}</h2>
        <p className="text-sm text-muted-foreground">{ERROR_PANEL_TEXT}</p>
      </div>
      <div className="w-full rounded-lg border border-border bg-muted/60 p-3 text-left text-sm">
        <p className="font-mono break-words text-foreground">{errorDetailsOf(error)}</p>
        {correlationId ? (
          <p className="mt-2 text-xs text-muted-foreground">
            Reference: <span className="font-mono">{correlationId}</span>
          </p>
        ) : null}
      </div>
      <Button onClick={onRetry}>
        <RotateCcw aria-hidden className="size-4" />
        Try Again
      </Button>
    </div>
  );
}

/**
 * The route error boundary. "Try Again" navigates to the same address, which re-runs the route's
 * loading and resets the boundary; a page file that failed to download needs a full reload.
 */
export function RouteErrorBoundary({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const reported = useRef<unknown>(null);

  useEffect(() => {
    if (reported.current === error) return;
    reported.current = error;
    // The panel is the message; the toast would repeat it.
    reportError(error, {
      component: 'route-error-boundary',
      context: { suppressToast: true, path: location.pathname },
    });
  }, [error, location.pathname]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;

  const retry = () => {
    if (isChunkLoadError(error)) {
      window.location.reload();
      return;
    }
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  };

  return (
    <div
      className={cn(
        'flex w-full items-center justify-center',
        fullPage ? 'min-h-dvh bg-background' : 'py-10',
      )}
    >
      <ErrorPanel error={error} onRetry={retry} />
    </div>
  );
}

export function RootErrorBoundary() {
  return <RouteErrorBoundary fullPage />;
}
