import fs from 'node:fs';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import { secureHeaders } from 'hono/secure-headers';
import { AppError } from '#shared/errors/index.ts';
import { isAppPage } from '#shared/app-pages.ts';
import { mediaRoutes } from '#shared/contracts/media.contract.ts';
import {
  audienceImportRoutes,
  IMPORT_BODY_BYTES,
} from '#shared/contracts/audience-import.contract.ts';
import type { AppDeps } from './platform/deps.ts';
import type { AppEnv } from './platform/http/context.ts';
import { handleError, notFound } from './platform/http/errors.ts';
import { createRouter } from './platform/http/openapi.ts';
import { ownOrigins } from './platform/http/own-origins.ts';
import { inputGuard } from './platform/http/input-guard.ts';
import { authService } from './features/auth/auth.service.ts';
import { createAuthRoutes } from './features/auth/auth.routes.ts';
import { sessionMiddleware } from './features/auth/auth.middleware.ts';
import { createDevMailboxRoutes } from './features/dev/dev-mailbox.routes.ts';
import { createHealthRoutes } from './features/health/health.routes.ts';
import { createContactRoutes } from './features/contact/contact.routes.ts';
import { fileTooLarge } from './features/audience/contacts-import-file.ts';
import { featureRouters } from './features/routers.ts';
import { monitorMiddleware } from './platform/monitor/monitor.ts';

/** The built web app, unless WEB_DIST_DIR names another build (the browser tests' own). */
const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../dist/web');

// YOU PROBABLY DON'T NEED TO EDIT THIS FILE, UNLESS you add platform-wide middleware. A new area
// adds its router to features/routers.ts.
export function createApp(deps: AppDeps, options: { serveWeb?: boolean } = {}) {
  const app = createRouter();
  const auth = authService(deps);

  app.onError(handleError);
  app.notFound(notFound);

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('startedAt', performance.now());
    c.set('requestId', c.req.header('x-request-id')?.slice(0, 100) || crypto.randomUUID());
    const forwarded = deps.env.TRUST_PROXY
      ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
      : undefined;
    let ip = forwarded;
    // In-process requests (tests, benchmarks) have no socket; asking would throw.
    if (!ip && (c.env as { incoming?: unknown } | undefined)?.incoming) {
      ip = getConnInfo(c).remote.address;
    }
    c.set('clientIp', ip || '127.0.0.1');
    await next();
    c.header('X-Request-Id', c.get('requestId'));
  });

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      xFrameOptions: 'SAMEORIGIN',
      referrerPolicy: 'strict-origin-when-cross-origin',
      strictTransportSecurity: deps.env.appUrl.startsWith('https://')
        ? 'max-age=31536000; includeSubDomains'
        : false,
      crossOriginEmbedderPolicy: false,
      // A route that sets one of these itself means it (stored files: a sandbox CSP; calendar
      // feeds: no referrer); the defaults are for everything else.
      overwrite: false,
    }),
  );

  const apiBodyLimit = bodyLimit({
    maxSize: deps.env.MAX_BODY_BYTES,
    onError: () => {
      throw AppError.from('PAYLOAD_TOO_LARGE', {
        technicalMessage: `Body over ${deps.env.MAX_BODY_BYTES} bytes`,
      });
    },
  });
  // A contacts import sends a CSV file of up to 5 MB in base64 (docs/decisions/101).
  const importBodyLimit = bodyLimit({
    maxSize: IMPORT_BODY_BYTES,
    onError: () => {
      throw fileTooLarge(`Import body over ${IMPORT_BODY_BYTES} bytes`);
    },
  });
  const importPaths = new Set<string>(Object.values(audienceImportRoutes));
  // Media uploads stream to disk under their own per-plan limit (features/media/media.routes.ts).
  app.use('/api/*', (c, next) => {
    if (c.req.method === 'POST' && c.req.path === mediaRoutes.upload) return next();
    if (c.req.method === 'POST' && importPaths.has(c.req.path)) return importBodyLimit(c, next);
    return apiBodyLimit(c, next);
  });
  // NUL characters and over-deep JSON never reach a handler (platform/http/input-guard.ts).
  app.use('/api/*', inputGuard({ skip: (path) => path === mediaRoutes.upload }));
  // Cross-site form posts carry the session cookie only with SameSite=Lax top-level navigations;
  // this refuses the rest unless the browser says the request is from our own origin (APP_URL's,
  // not the Host header's: platform/http/own-origins.ts).
  const origins = ownOrigins(deps.env);
  app.use('/api/*', csrf({ origin: (origin) => origins.has(origin) }));
  app.use('/api/*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });
  app.use('/api/*', monitorMiddleware());
  app.use('/api/*', sessionMiddleware(auth));

  app.route('/', createHealthRoutes(deps));
  app.route('/', createAuthRoutes(auth));
  app.route('/', createContactRoutes(deps));
  for (const create of featureRouters) app.route('/', create(deps));
  if (deps.env.mailbox !== 'off') app.route('/', createDevMailboxRoutes(deps));

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Soci Gen API',
      version: '1.0.0',
      description: 'Responses use the success and error envelopes of the product specification.',
    },
  });

  app.all('/api/*', (c) => notFound(c));

  if (options.serveWeb !== false) {
    mountWeb(app, deps.env.WEB_DIST_DIR ? path.resolve(deps.env.WEB_DIST_DIR) : DEFAULT_WEB_DIST);
  }
  return app;
}

function mountWeb(app: ReturnType<typeof createRouter>, webDist: string) {
  const indexPath = path.join(webDist, 'index.html');
  const root = path.relative(process.cwd(), webDist);
  // `npm run dev` serves the web app from Vite and nothing is built: no static files to look for.
  if (fs.existsSync(webDist)) mountStaticFiles(app, root);
  // Every other GET gets the single-page app, which renders the page; an address that is no page
  // of it (the table in #shared/app-pages.ts) answers 404, and the app shows its not-found page.
  app.get('*', (c) => {
    if (!fs.existsSync(indexPath)) {
      return c.text(
        'The web app is not built. Run `npm run build` (npm start does it for you).',
        503,
      );
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexPath, 'utf8'), isAppPage(c.req.path) ? 200 : 404);
  });
}

function mountStaticFiles(app: ReturnType<typeof createRouter>, root: string) {
  // The build wrote .br and .gz beside each text file (scripts/vite-precompress.ts): the smallest
  // one the browser accepts is sent, with Content-Encoding and Vary set.
  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  const staticFiles = serveStatic({ root, precompressed: true });
  // Only paths that name a file (favicon.svg, robots.txt, …) can be static; the rest are routes.
  app.use('*', (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? staticFiles(c, next) : next()));
}

export type App = ReturnType<typeof createApp>;
export type { AppEnv };
