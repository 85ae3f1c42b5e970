import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppContext } from '#server/platform/http/context.ts';

export const SESSION_COOKIE = 'sg_session';

export function readSessionCookie(c: AppContext): string | undefined {
  const value = getCookie(c, SESSION_COOKIE);
  return value && value.length <= 100 ? value : undefined;
}

export function writeSessionCookie(c: AppContext, token: string, maxAgeSeconds: number): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.get('deps').env.appUrl.startsWith('https://'),
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(c: AppContext): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}

/**
 * The nonce of the browser that signed up (docs/decisions/026): the confirmation link signs in
 * only the browser holding it. Sent only to the confirmation endpoint, also when the link is
 * opened from an e-mail (a top-level navigation, hence Lax), for as long as the link lives.
 */
export const SIGN_UP_COOKIE = 'sg_signup';
const SIGN_UP_COOKIE_PATH = '/api/auth/confirm';

export function readSignUpCookie(c: AppContext): string | undefined {
  const value = getCookie(c, SIGN_UP_COOKIE);
  return value && value.length <= 100 ? value : undefined;
}

export function writeSignUpCookie(c: AppContext, nonce: string, maxAgeSeconds: number): void {
  setCookie(c, SIGN_UP_COOKIE, nonce, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.get('deps').env.appUrl.startsWith('https://'),
    path: SIGN_UP_COOKIE_PATH,
    maxAge: maxAgeSeconds,
  });
}

export function clearSignUpCookie(c: AppContext): void {
  deleteCookie(c, SIGN_UP_COOKIE, { path: SIGN_UP_COOKIE_PATH });
}

/**
 * The invitation a sign-up came from (docs/decisions/035): the confirmation link takes the
 * browser that signed up back to that invitation instead of the site root. It holds the link's
 * token, which this browser already has in its address bar; accepting still needs the invited
 * address signed in. Same path, flags and life as the sign-up cookie.
 */
export const SIGN_UP_INVITATION_COOKIE = 'sg_signup_invitation';
const INVITATION_TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

export function readSignUpInvitationCookie(c: AppContext): string | undefined {
  const value = getCookie(c, SIGN_UP_INVITATION_COOKIE);
  return value && INVITATION_TOKEN.test(value) ? value : undefined;
}

export function writeSignUpInvitationCookie(
  c: AppContext,
  token: string,
  maxAgeSeconds: number,
): void {
  setCookie(c, SIGN_UP_INVITATION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.get('deps').env.appUrl.startsWith('https://'),
    path: SIGN_UP_COOKIE_PATH,
    maxAge: maxAgeSeconds,
  });
}

export function clearSignUpInvitationCookie(c: AppContext): void {
  deleteCookie(c, SIGN_UP_INVITATION_COOKIE, { path: SIGN_UP_COOKIE_PATH });
}

/**
 * The device cookie (device-cookie.ts): needed only by the sign-in endpoints, which the app's own
 * pages call, so Strict.
 */
export const DEVICE_COOKIE = 'sg_device';
const DEVICE_COOKIE_PATH = '/api/auth';

export function readDeviceCookie(c: AppContext): string | undefined {
  return getCookie(c, DEVICE_COOKIE);
}

export function writeDeviceCookie(c: AppContext, value: string, maxAgeSeconds: number): void {
  setCookie(c, DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: c.get('deps').env.appUrl.startsWith('https://'),
    path: DEVICE_COOKIE_PATH,
    maxAge: maxAgeSeconds,
  });
}
