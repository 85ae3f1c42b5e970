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
