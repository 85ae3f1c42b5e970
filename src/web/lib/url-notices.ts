// One-off messages carried in the address: the e-mail confirmation redirect (`/?confirmed=1`, or
// `/login?confirmed=1` where the login page shows it) and an auth failure from a redirect flow
// (`?error=…&error_description=…`, docs/product/routes.md#guard-behaviour). They are shown once and
// then removed from the address so a reload does not repeat them.

export const EMAIL_CONFIRMED_MESSAGE = 'Your email is confirmed. Welcome to Soci Gen!';
/**
 * A confirmation link opened in another browser than the one that signed up confirms the address
 * but signs nobody in (docs/decisions/026): it lands on `/login?confirmed=1`, which says this.
 */
export const EMAIL_CONFIRMED_LOG_IN_MESSAGE = 'Your email is confirmed. Please log in to continue.';
export const NOTICE_PARAMS = ['confirmed', 'error', 'error_description', 'error_code'] as const;

export function authErrorMessage(description: string): string {
  return `Authentication error: ${description}`;
}

export interface UrlNotices {
  confirmed: boolean;
  authErrorDescription: string | null;
  authError: string | null;
}

export function readUrlNotices(search: string): UrlNotices {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  const description = params.get('error_description');
  return {
    confirmed: params.get('confirmed') === '1',
    authError: error,
    authErrorDescription: error && description ? description : null,
  };
}

export function hasUrlNotices(search: string): boolean {
  const notices = readUrlNotices(search);
  return notices.confirmed || notices.authErrorDescription !== null;
}

/** The search string without the notice parameters ('' or '?…'). */
export function stripUrlNotices(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of NOTICE_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
