import { useQuery } from '@tanstack/react-query';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { api } from '../../../lib/api-client.ts';
import { platformPaths } from '../../../lib/api-paths.ts';
import { FacebookIcon } from './brand-icons.tsx';

// "Continue with Facebook" on the login page, shown only when a real Meta app is configured
// (demo mode simulates Facebook for connecting accounts, never for signing in). It is a plain
// link: the server sends the browser on to Facebook's dialog.

export function ContinueWithFacebook() {
  const query = useQuery({
    // Asked before anyone signs in: the same answer for everyone on this installation.
    queryKey: ['auth', 'facebook-sign-in'] as const,
    queryFn: ({ signal }) =>
      api.get<{ available: boolean }>(platformPaths.facebookSignInAvailable, { signal }),
    staleTime: Infinity,
    retry: false,
    meta: { handlesErrors: true },
  });
  if (!query.data?.available) return null;
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
      </div>
      <a
        href={platformPaths.facebookSignIn}
        className={buttonClasses({ variant: 'outline', size: 'lg', className: 'w-full' })}
      >
        <FacebookIcon className="size-5" /> Continue with Facebook
      </a>
    </div>
  );
}
