import { createHmac, randomBytes } from 'node:crypto';
import { getCookie, setCookie } from 'hono/cookie';
import { AppError } from '#shared/errors/index.ts';
import type { Env } from '#server/platform/env.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { readOrCreateLocalSecret } from '#server/platform/security/local-secret.ts';
import { constantTimeEqual } from '#server/platform/security/tokens.ts';

// Who may read the outbox (docs/security.md, "Development mailbox"). Every e-mail a person is
// sent — confirmation and reset links included — sits in it, so reading it is reading every
// account: outside production only whoever holds the key printed at start (or an administrator),
// only through this installation's own host name; in production only administrators.

export const MAILBOX_COOKIE = 'sg_mailbox';
const COOKIE_PATH = '/api/dev/mailbox';
const COOKIE_DAYS = 30;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

const keys = new WeakMap<Env, string>();

/**
 * The mailbox key: DEV_MAILBOX_KEY, or one generated once into DATA_DIR/dev-mailbox.key. Tests
 * (NODE_ENV=test) without a configured key get a fresh one held in memory.
 */
export function mailboxKey(env: Env): string {
  let key = keys.get(env);
  if (!key) {
    key =
      env.DEV_MAILBOX_KEY ??
      (env.NODE_ENV === 'test'
        ? randomBytes(32).toString('base64url')
        : readOrCreateLocalSecret(env.dataDir, 'dev-mailbox.key'));
    keys.set(env, key);
  }
  return key;
}

/** The address printed at start: the key travels in the fragment, never to a server log. */
export function mailboxUrl(env: Env): string {
  return `${env.appUrl}/dev/mailbox#key=${encodeURIComponent(mailboxKey(env))}`;
}

/** What the cookie holds: proof of the key, not the key itself. */
function cookieValue(env: Env): string {
  return createHmac('sha256', mailboxKey(env)).update('sg-dev-mailbox').digest('base64url');
}

/** The host name a request was addressed to (its Host header, or the URL's in process). */
function hostnameOf(c: AppContext): string {
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/**
 * Whether a request names this installation: the host of APP_URL, or a loopback name. Another
 * name pointing at this machine (DNS rebinding from a web page) is not this installation.
 */
export function addressedToThisInstallation(env: Env, c: AppContext): boolean {
  const hostname = hostnameOf(c);
  return hostname === new URL(env.appUrl).hostname.toLowerCase() || LOOPBACK_HOSTS.has(hostname);
}

const hidden = (c: AppContext) =>
  AppError.from('NOT_FOUND', { technicalMessage: `No mailbox for ${c.req.method} ${c.req.path}` });

/** Throws unless the request may read the outbox; NOT_FOUND where the mailbox should not show. */
export function requireMailboxReader(env: Env, c: AppContext): void {
  const isAdmin = c.get('actor')?.isAdmin === true;
  if (env.mailbox === 'administrators') {
    if (!isAdmin) throw hidden(c);
    return;
  }
  if (env.mailbox !== 'development' || !addressedToThisInstallation(env, c)) throw hidden(c);
  if (isAdmin) return;
  const presented = getCookie(c, MAILBOX_COOKIE);
  if (presented && constantTimeEqual(presented, cookieValue(env))) return;
  throw AppError.from('UNAUTHORIZED', {
    userMessage:
      'This mailbox is locked. Open the link printed when the server started, or enter its key.',
    technicalMessage: 'No mailbox key',
    details: { reason: 'mailbox_locked' },
  });
}

/** Checks a key typed or carried in the link; on a match the browser keeps a cookie for it. */
export function unlockMailbox(env: Env, c: AppContext, key: string): boolean {
  if (!constantTimeEqual(key, mailboxKey(env))) return false;
  setCookie(c, MAILBOX_COOKIE, cookieValue(env), {
    httpOnly: true,
    sameSite: 'Strict',
    secure: env.appUrl.startsWith('https://'),
    path: COOKIE_PATH,
    maxAge: COOKIE_DAYS * 86_400,
  });
  return true;
}
