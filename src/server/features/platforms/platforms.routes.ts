import { z } from 'zod';
import {
  connectionSchema,
  connectSelectedInputSchema,
  disconnectInputSchema,
  instagramMediaPageSchema,
  instagramMediaQuerySchema,
  oauthCallbackInputSchema,
  oauthCallbackResultSchema,
  platformsStatusSchema,
  startConnectInputSchema,
  startConnectResultSchema,
} from '#shared/contracts/platforms.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { writeSessionCookie } from '../auth/session-cookie.ts';
import {
  createFacebookSignIn,
  FACEBOOK_SIGN_IN_UNAVAILABLE,
  facebookSignInStart,
  SIGN_IN_STATE_COOKIE,
  SIGN_IN_STATE_SECONDS,
  SignInRefused,
} from './facebook-sign-in.ts';
import { readInstagramMedia } from './instagram-media.ts';
import { handleMetaCallback, type MetaCallbackKind } from './meta-callbacks.ts';
import { metaRuntime } from './meta-runtime.ts';
import * as platforms from './platforms.service.ts';
import { receiveDelivery, verifyHandshake } from './webhooks.ts';

const tags = ['Platforms'];
const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
const attemptParams = z.object({ attemptId: z.uuid({ error: 'Not a valid id' }) });
/** Meta's callbacks are small; anything bigger is not from Meta. */
const MAX_CALLBACK_BYTES = 1_048_576;

export function createPlatformsRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('/api/platforms/*', requireActor);

  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });
  const sessionOf = (c: AppContext) => {
    const session = c.get('session');
    if (!session) throw AppError.from('UNAUTHORIZED', { technicalMessage: 'No live session' });
    return session.sessionId;
  };

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/platforms/status',
      summary: 'Which logins are available, and whether Meta is simulated',
      tags,
      responses: envelope(platformsStatusSchema),
    }),
    async (c) => ok(c, platforms.platformsStatus(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/platforms/connections',
      summary: 'Connected Facebook Pages and Instagram accounts, with their health',
      tags,
      responses: envelope(z.array(connectionSchema)),
    }),
    async (c) => ok(c, await platforms.listConnections(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/platforms/connections/{id}/check',
      summary: "Ask Meta about the account's token now",
      tags,
      request: { params: idParams },
      responses: envelope(connectionSchema),
    }),
    async (c) => ok(c, await platforms.checkConnection(context(c), c.req.valid('param').id)),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/platforms/connections/{id}/media',
      summary: "An Instagram account's published media, newest first, read from the platform",
      tags,
      request: { params: idParams, query: instagramMediaQuerySchema },
      responses: envelope(instagramMediaPageSchema),
    }),
    async (c) =>
      ok(c, await readInstagramMedia(context(c), c.req.valid('param').id, c.req.valid('query'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/platforms/connections/{id}/disconnect',
      summary: 'Disconnect an account, keeping or cancelling its scheduled posts',
      tags,
      request: { params: idParams, body: jsonBody(disconnectInputSchema) },
      responses: envelope(
        z.object({ connection: connectionSchema, cancelled_posts: z.number().int() }),
      ),
    }),
    async (c) =>
      ok(c, await platforms.disconnect(context(c), c.req.valid('param').id, c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/platforms/oauth/start',
      summary: 'Start connecting with Facebook or Instagram: the dialog address',
      tags,
      request: { body: jsonBody(startConnectInputSchema) },
      responses: envelope(startConnectResultSchema),
    }),
    async (c) =>
      ok(c, await platforms.startConnect(context(c), sessionOf(c), c.req.valid('json').login)),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/platforms/oauth/callback',
      summary: "The dialog's answer: checks state, exchanges the code, offers the accounts",
      tags,
      request: { body: jsonBody(oauthCallbackInputSchema) },
      responses: envelope(oauthCallbackResultSchema),
    }),
    async (c) =>
      ok(c, await platforms.completeCallback(context(c), sessionOf(c), c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/platforms/oauth/{attemptId}/connect',
      summary: 'Connect the chosen accounts',
      tags,
      request: { params: attemptParams, body: jsonBody(connectSelectedInputSchema) },
      responses: envelope(z.array(connectionSchema), 201),
    }),
    async (c) =>
      ok(
        c,
        await platforms.connectSelected(
          context(c),
          sessionOf(c),
          c.req.valid('param').attemptId,
          c.req.valid('json'),
        ),
        201,
      ),
  );

  // Meta's side: outside /api, because Meta sends no Origin and no session (CSRF and session
  // middleware are for browsers). Each checks Meta's signature instead.
  router.get('/meta/webhooks', (c) => {
    const result = verifyHandshake(deps, c.req.query());
    return result.ok ? c.text(result.challenge, 200) : c.text('Forbidden', 403);
  });

  router.post('/meta/webhooks', async (c) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    if (raw.byteLength > MAX_CALLBACK_BYTES) return c.text('Payload Too Large', 413);
    const result = await receiveDelivery(deps, raw, c.req.header('x-hub-signature-256'));
    if (result.malformed) return c.text('Bad Request', 400);
    return result.accepted ? c.text('EVENT_RECEIVED', 200) : c.text('Forbidden', 403);
  });

  const metaCallback = (kind: MetaCallbackKind) => async (c: AppContext) => {
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > MAX_CALLBACK_BYTES) return c.text('Payload Too Large', 413);
    let signed: string | undefined;
    try {
      const body = await c.req.parseBody();
      signed = typeof body.signed_request === 'string' ? body.signed_request : undefined;
    } catch {
      signed = undefined;
    }
    const answer = await handleMetaCallback(deps, kind, signed);
    if (!answer) return c.json({ error: 'Invalid signed_request' }, 400);
    return c.json(answer, 200);
  };
  router.post('/meta/deauthorize', metaCallback('deauthorize'));
  router.post('/meta/data-deletion', metaCallback('data_deletion'));

  // Continue with Facebook: a redirect flow, so the state travels in a short-lived cookie.
  const completeSignIn = createFacebookSignIn(deps);
  const stateCookie = { path: '/api/auth/facebook', httpOnly: true, sameSite: 'Lax' as const };
  // The login page's "Continue with Facebook" goes back there with the reason
  // (docs/product/routes.md#guard-behaviour).
  const toLogin = (c: AppContext, description: string) => {
    const target = new URLSearchParams({
      error: 'facebook_sign_in',
      error_description: description,
    });
    return c.redirect(`/login?${target.toString()}`, 302);
  };
  router.get('/api/auth/facebook/available', (c) =>
    ok(c, { available: metaRuntime(deps).facebookSignIn }),
  );
  router.get('/api/auth/facebook/start', (c) => {
    // Demo mode has no Meta app: a simulated sign-in would put every visitor into the account of
    // one simulated person (docs/decisions/057).
    if (!metaRuntime(deps).facebookSignIn) return toLogin(c, FACEBOOK_SIGN_IN_UNAVAILABLE);
    const { url, state } = facebookSignInStart(deps);
    setCookie(c, SIGN_IN_STATE_COOKIE, state, {
      ...stateCookie,
      secure: deps.env.appUrl.startsWith('https://'),
      maxAge: SIGN_IN_STATE_SECONDS,
    });
    return c.redirect(url, 302);
  });
  router.get('/api/auth/facebook/callback', async (c) => {
    const cookieState = getCookie(c, SIGN_IN_STATE_COOKIE);
    deleteCookie(c, SIGN_IN_STATE_COOKIE, { path: stateCookie.path });
    if (!metaRuntime(deps).facebookSignIn) return toLogin(c, FACEBOOK_SIGN_IN_UNAVAILABLE);
    try {
      const issued = await completeSignIn(c.req.query(), cookieState, {
        ip: c.get('clientIp'),
        userAgent: c.req.header('user-agent') ?? null,
      });
      writeSessionCookie(c, issued.token, issued.cookieMaxAgeSeconds);
      return c.redirect('/dashboard', 302);
    } catch (error) {
      if (!(error instanceof SignInRefused)) throw error;
      // The login page reports `error_description` as "Authentication error: …"
      // (docs/product/routes.md#guard-behaviour).
      return toLogin(c, error.description);
    }
  });

  // Demo mode: the Graph API simulator, on the app's own origin, without its control API
  // (docs/decisions/057).
  const meta = metaRuntime(deps);
  if (meta.simulator) router.route('/', meta.simulator.app as never);

  return router;
}
