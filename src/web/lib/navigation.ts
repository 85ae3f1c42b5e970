// docs/product/validation.md#navigation-path: a navigation path must be a non-empty string, a
// missing leading slash is added, and a navigation that fails falls back to a full page load.

export const INVALID_PATH_MESSAGE = 'Invalid path provided';

export function normalizePath(path: unknown): string {
  if (typeof path !== 'string' || path.trim() === '') {
    throw new Error(INVALID_PATH_MESSAGE);
  }
  const trimmed = path.trim();
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export type NavigateFn = (
  to: string,
  options?: { replace?: boolean; state?: unknown },
) => void | Promise<void>;

/**
 * Navigates in-app and falls back to a full page load when the router cannot (it throws or its
 * promise rejects), so a user is never stuck on a page after clicking.
 */
export function safeNavigate(
  navigate: NavigateFn,
  path: unknown,
  options?: { replace?: boolean; state?: unknown },
  hardNavigate: (url: string) => void = (url) => window.location.assign(url),
): void {
  const target = normalizePath(path);
  try {
    const result = navigate(target, options);
    if (result && typeof result.then === 'function') {
      result.catch(() => hardNavigate(target));
    }
  } catch {
    hardNavigate(target);
  }
}

/**
 * A post-login destination taken from the URL. Only same-origin paths are accepted, so a crafted
 * link cannot send a user who just signed in to another site.
 */
export function safeRedirectTarget(
  value: string | null | undefined,
  fallback = '/dashboard',
): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}
