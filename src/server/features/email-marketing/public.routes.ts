import { emailPublicRoutes } from '#shared/contracts/email-marketing.contract.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRouter } from '#server/platform/http/openapi.ts';
import { hitRateLimit, type RateLimitRule } from '#server/platform/security/rate-limit.ts';
import { escapeHtml } from './render.ts';
import {
  followClick,
  unsubscribe,
  unsubscribePage,
  type UnsubscribePage,
} from './public.service.ts';

// The pages a message's links open, outside /api and without sign-in (docs/decisions/100),
// mounted before the web app's catch-all. GET /email/unsubscribe/{token} only shows a page with a
// button: mail scanners open links, and opening one must not unsubscribe anyone. POST of the same
// address (that button, or a mail client's RFC 8058 one-click POST) unsubscribes. No session is
// needed or read, so there is nothing for a forged cross-site POST to borrow: the signed token is
// the only authority, and it names one recipient. GET /email/click/{token} redirects to one of the
// campaign's own links.

export const PUBLIC_RULE: RateLimitRule = { name: 'email-public', limit: 120, windowSeconds: 60 };

const toPath = (route: string) => route.replace('{token}', ':token');

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f1f5f9;font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;color:#0f172a;">
<main style="box-sizing:border-box;width:100%;max-width:440px;margin:24px;padding:32px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(15,23,42,.08);">
${body}
</main>
</body>
</html>`;
}

const heading = (text: string) =>
  `<h1 style="margin:0 0 12px;font-size:20px;line-height:1.3;">${escapeHtml(text)}</h1>`;
const paragraph = (html: string) =>
  `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#334155;">${html}</p>`;

function confirmPage(info: UnsubscribePage): string {
  const to = info.maskedEmail ? ` to <strong>${escapeHtml(info.maskedEmail)}</strong>` : '';
  return page(
    'Unsubscribe',
    `${heading(`Unsubscribe from ${info.businessName}?`)}
${paragraph(`${escapeHtml(info.businessName)} will stop sending its marketing e-mails${to}.`)}
<form method="post">
<button type="submit" style="width:100%;padding:12px 16px;border:0;border-radius:8px;background:#4f46e5;color:#fff;font-size:15px;font-weight:600;cursor:pointer;">Unsubscribe</button>
</form>`,
  );
}

function donePage(info: UnsubscribePage): string {
  const who = info.maskedEmail ? ` ${escapeHtml(info.maskedEmail)}` : ' This address';
  return page(
    'You are unsubscribed',
    `${heading('You are unsubscribed')}
${paragraph(`${who} will no longer receive marketing e-mails from ${escapeHtml(info.businessName)}.`)}
${paragraph('You can close this page.')}`,
  );
}

const notFoundPage = () =>
  page(
    'Link not found',
    `${heading('This link is not valid')}
${paragraph('It may have been copied incompletely. Open it again from the e-mail you received.')}`,
  );

export function createEmailPublicRoutes(deps: AppDeps) {
  const router = createRouter();

  /** Each client address may open a few of these pages a second; the rest wait. */
  const limited = async (c: AppContext) => {
    const hit = await hitRateLimit(deps.database, PUBLIC_RULE, c.get('clientIp'));
    if (hit.allowed) return null;
    c.header('Retry-After', String(hit.retryAfterSeconds));
    return c.html(
      page(
        'Too many requests',
        `${heading('Too many requests')}${paragraph('Please wait a moment before trying again.')}`,
      ),
      429,
    );
  };
  const html = (c: AppContext, body: string, status: 200 | 404 = 200) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(body, status);
  };

  router.get(toPath(emailPublicRoutes.unsubscribe), async (c) => {
    const refused = await limited(c);
    if (refused) return refused;
    const info = await unsubscribePage(deps, c.req.param('token') ?? '');
    if (!info) return html(c, notFoundPage(), 404);
    return html(c, info.unsubscribed ? donePage(info) : confirmPage(info));
  });

  router.post(toPath(emailPublicRoutes.unsubscribe), async (c) => {
    const refused = await limited(c);
    if (refused) return refused;
    const info = await unsubscribe(deps, c.req.param('token') ?? '');
    if (!info) return html(c, notFoundPage(), 404);
    return html(c, donePage(info));
  });

  router.get(toPath(emailPublicRoutes.click), async (c) => {
    const refused = await limited(c);
    if (refused) return refused;
    const target = await followClick(deps, c.req.param('token') ?? '');
    if (!target) return html(c, notFoundPage(), 404);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(target, 302);
  });

  return router;
}
