import { useState } from 'react';
import { useLocation } from 'react-router';
import { CircleCheck, X } from 'lucide-react';
import {
  EMAIL_CONFIRMED_LOG_IN_MESSAGE,
  EMAIL_CONFIRMED_MESSAGE,
  readUrlNotices,
} from '../../../lib/url-notices.ts';
import { ButtonLink } from './button-link.tsx';
import { Container } from './container.tsx';

/**
 * The confirmation link lands on the site root (`/?confirmed=1`, docs/decisions/026). A toast
 * would be gone before anyone read it; this band stays, under the header, with the way in. The
 * root layout drops the parameter from the address at once, so the band remembers it was there.
 */
export function EmailConfirmedBanner({
  signedIn,
}: {
  /** null while the session is being checked. */
  signedIn: boolean | null;
}) {
  const location = useLocation();
  const confirmedHere = location.pathname === '/' && readUrlNotices(location.search).confirmed;
  const [shown, setShown] = useState(confirmedHere);
  // Adjusted while rendering, when the address changes (React's pattern for state that follows
  // a prop): shown when a confirmation lands here, ended when the person leaves the home page.
  const [seen, setSeen] = useState({ confirmedHere, pathname: location.pathname });
  if (seen.confirmedHere !== confirmedHere || seen.pathname !== location.pathname) {
    setSeen({ confirmedHere, pathname: location.pathname });
    if (confirmedHere) setShown(true);
    else if (location.pathname !== '/') setShown(false);
  }
  if (!shown) return null;

  return (
    <div className="border-b border-success/30 bg-success/10">
      <Container className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:gap-4">
        <div role="status" className="flex min-w-0 flex-1 items-start gap-3">
          <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
          <div className="grid gap-0.5">
            <p className="font-semibold text-foreground">
              {signedIn === false ? EMAIL_CONFIRMED_LOG_IN_MESSAGE : EMAIL_CONFIRMED_MESSAGE}
            </p>
            {signedIn ? (
              <p className="text-sm text-muted-foreground">
                Your account is ready and you are signed in.
              </p>
            ) : null}
          </div>
        </div>
        <div className="flex items-center gap-2">
          {signedIn === null ? null : signedIn ? (
            <ButtonLink to="/dashboard" className="flex-1 sm:flex-none">
              Go to your dashboard
            </ButtonLink>
          ) : (
            <ButtonLink to="/login" className="flex-1 sm:flex-none">
              Log in
            </ButtonLink>
          )}
          <button
            type="button"
            onClick={() => setShown(false)}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-success/15 hover:text-foreground"
          >
            <X aria-hidden className="size-4" />
            <span className="sr-only">Dismiss</span>
          </button>
        </div>
      </Container>
    </div>
  );
}
