import type { Hono } from 'hono';
import { SIM_HOSTS, type SimContext } from './context.ts';

// Pictures (SIM_HOSTS.cdn): avatars and a video's thumbnail frame (docs/decisions/078). Public,
// not a control path (docs/decisions/057).

export function mountCdn(ctx: SimContext, app: Hono) {
  const { state } = ctx;

  // Avatars: a coloured initial, so pictures render without any network. Public, unlike /_sim.
  app.get(`${SIM_HOSTS.cdn}/avatar/:file`, (c) => {
    const id = c.req.param('file').replace(/\.svg$/, '');
    const name =
      state.pages.get(id)?.name ??
      state.igAccounts.get(id)?.name ??
      state.people.get(id)?.name ??
      '?';
    const hue = [...id].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 7);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" fill="hsl(${hue} 55% 45%)"/><text x="100" y="128" font-family="sans-serif" font-size="96" font-weight="700" fill="#fff" text-anchor="middle">${name.charAt(0).toUpperCase()}</text></svg>`;
    return c.body(svg, 200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=3600',
    });
  });

  // A video's thumbnail when no cover was sent: a dark frame with a play mark. Public, as avatars
  // are, and the same for every id.
  app.get(`${SIM_HOSTS.cdn}/media-thumbnail/:file`, (c) => {
    if (!/^\d+\.svg$/.test(c.req.param('file'))) return c.body(null, 404);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="1136" viewBox="0 0 640 1136"><rect width="640" height="1136" fill="#1f2430"/><circle cx="320" cy="568" r="84" fill="#ffffff" fill-opacity="0.18"/><path d="M292 520 L372 568 L292 616 Z" fill="#fff"/></svg>`;
    return c.body(svg, 200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=3600',
    });
  });
}
