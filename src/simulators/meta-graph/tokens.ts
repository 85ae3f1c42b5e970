import type { Hono } from 'hono';
import { FAULTS } from './faults.ts';
import {
  fail,
  invalidParam,
  missingPermission,
  type GraphArea,
  type SimContext,
} from './context.ts';

// Tokens: the Instagram code exchange on api.instagram.com, the Facebook code exchange and
// long-lived token on graph.facebook.com, debug_token, and the Instagram long-lived token and
// its refresh on graph.instagram.com (docs/product/meta-platform.md#long-lived-user-token).

export function mountInstagramCodeExchange(ctx: SimContext, app: Hono) {
  const { state, cfg, nowSec, paramsOf, issueToken } = ctx;

  // api.instagram.com: code → short-lived token, with its own flat error shape
  // (docs/product/meta-platform.md#instagram-login).
  app.post('/ig-api/oauth/access_token', async (c) => {
    const flatError = (message: string) =>
      c.json({ error_type: 'OAuthException', code: 400, error_message: message }, 400);
    let params: Record<string, string>;
    try {
      params = await paramsOf(c);
    } catch {
      return flatError('Invalid request');
    }
    if (params.client_id !== cfg().igAppId || params.client_secret !== cfg().igAppSecret) {
      return flatError('Invalid client_id or client_secret');
    }
    if (params.grant_type !== 'authorization_code') return flatError('Unsupported grant_type');
    const code = state.codes.get((params.code ?? '').replace(/#_$/, ''));
    if (!code || code.login !== 'instagram' || code.used || code.expiresAt <= nowSec()) {
      return flatError('Matching code was not found or was already used');
    }
    if (code.redirectUri !== params.redirect_uri) {
      return flatError(
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      );
    }
    code.used = true;
    const person = state.people.get(code.personId)!;
    const igId = person.igLoginAccountId!;
    const token = issueToken({
      kind: 'IG_USER',
      personId: person.id,
      subjectId: igId,
      scopes: code.scopes,
      declined: code.declined,
      ttlSeconds: 3600,
      longLived: false,
    });
    if (cfg().igTokenShape === 'wrapped') {
      return c.json({
        data: [{ access_token: token.value, user_id: igId, permissions: code.scopes.join(',') }],
      });
    }
    // Production answers the flat shape with a numeric user_id
    // (docs/product/meta-platform.md#instagram-login).
    return c.body(
      `{"access_token":${JSON.stringify(token.value)},"user_id":${igId},"permissions":${JSON.stringify(code.scopes)}}`,
      200,
      { 'content-type': 'application/json' },
    );
  });
}

export function tokenRoutes(ctx: SimContext): { graph: GraphArea; igGraph: GraphArea } {
  const { state, cfg, nowSec, tokenFrom, authenticate, issueToken } = ctx;

  // graph.facebook.com: code → user token, short → long-lived, debug_token.
  const graph: GraphArea = ({ c, params, segments }) => {
    const method = c.req.method;
    const [first, second] = segments;

    if (first === 'oauth' && second === 'access_token' && method === 'GET') {
      if (params.client_id !== cfg().appId) {
        fail({
          status: 400,
          code: 101,
          message: 'Error validating application. Invalid application ID.',
        });
      }
      if (params.client_secret !== cfg().appSecret) {
        fail({ status: 400, code: 1, message: 'Error validating client secret.' });
      }
      if (params.grant_type === 'fb_exchange_token') {
        const short = state.tokens.get(params.fb_exchange_token ?? '');
        if (!short || short.kind !== 'USER') fail(FAULTS.malformed_token);
        if (short!.invalidSubcode || (short!.expiresAt !== 0 && short!.expiresAt <= nowSec())) {
          fail(FAULTS.token_expired);
        }
        const long = issueToken({
          kind: 'USER',
          personId: short!.personId,
          subjectId: short!.subjectId,
          scopes: short!.scopes,
          declined: short!.declined,
          ttlSeconds: cfg().longLivedTokenSeconds,
          longLived: true,
        });
        return c.json({
          access_token: long.value,
          token_type: 'bearer',
          expires_in: cfg().longLivedTokenSeconds,
        });
      }
      const code = state.codes.get(params.code ?? '');
      if (!code || code.login !== 'facebook')
        fail(invalidParam('Invalid verification code format.'));
      if (code!.used) {
        fail(
          invalidParam('This authorization code has been used.'),
          'OAuth "Facebook Platform" "invalid_code" "This authorization code has been used."',
        );
      }
      if (code!.expiresAt <= nowSec())
        fail(invalidParam('This authorization code has expired.', 36007));
      if (code!.redirectUri !== params.redirect_uri) {
        fail(
          invalidParam(
            'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
            36008,
          ),
        );
      }
      code!.used = true;
      const token = issueToken({
        kind: 'USER',
        personId: code!.personId,
        subjectId: code!.personId,
        scopes: code!.scopes,
        declined: code!.declined,
        ttlSeconds: cfg().shortLivedTokenSeconds,
        longLived: false,
      });
      return c.json({
        access_token: token.value,
        token_type: 'bearer',
        expires_in: cfg().shortLivedTokenSeconds,
      });
    }

    if (first === 'debug_token' && method === 'GET') {
      const appToken = tokenFrom(c, params);
      if (appToken !== `${cfg().appId}|${cfg().appSecret}`) {
        const asToken = appToken ? state.tokens.get(appToken) : undefined;
        if (!asToken) fail(FAULTS.malformed_token);
      }
      const input = state.tokens.get(params.input_token ?? '');
      if (!input) {
        return c.json({
          data: {
            is_valid: false,
            error: { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' },
            scopes: [],
          },
        });
      }
      const expired = input.expiresAt !== 0 && input.expiresAt <= nowSec();
      const data: Record<string, unknown> = {
        app_id: cfg().appId,
        type: input.kind === 'PAGE' ? 'PAGE' : 'USER',
        application: cfg().appName,
        data_access_expires_at: input.dataAccessExpiresAt,
        expires_at: input.expiresAt,
        is_valid: !expired && !input.invalidSubcode,
        issued_at: input.issuedAt,
        scopes: input.scopes,
        granular_scopes: input.scopes.map((scope) => ({ scope })),
        user_id: input.personId,
      };
      if (input.kind === 'PAGE') data.profile_id = input.subjectId;
      if (expired || input.invalidSubcode) {
        const sub = input.invalidSubcode ?? 463;
        const spec = Object.values(FAULTS).find(
          (f) => f.code === 190 && 'subcode' in f && f.subcode === sub,
        );
        data.error = {
          code: 190,
          message: spec?.message ?? 'Error validating access token',
          subcode: sub,
        };
      }
      return c.json({ data });
    }
    return undefined;
  };

  // graph.instagram.com: token exchange and refresh (unversioned).
  const igGraph: GraphArea = ({ c, params, segments }) => {
    const method = c.req.method;
    const [first] = segments;
    if (first === 'access_token' && method === 'GET') {
      if (params.grant_type !== 'ig_exchange_token') fail(invalidParam('Unsupported grant_type'));
      if (params.client_secret !== cfg().igAppSecret) {
        fail({ status: 400, code: 1, message: 'Error validating client secret.' });
      }
      const short = authenticate(c, params, ['IG_USER']);
      const long = issueToken({
        kind: 'IG_USER',
        personId: short.personId,
        subjectId: short.subjectId,
        scopes: short.scopes,
        declined: short.declined,
        ttlSeconds: cfg().longLivedTokenSeconds,
        longLived: true,
      });
      return c.json({
        access_token: long.value,
        token_type: 'bearer',
        expires_in: cfg().longLivedTokenSeconds,
      });
    }
    if (first === 'refresh_access_token' && method === 'GET') {
      if (params.grant_type !== 'ig_refresh_token') fail(invalidParam('Unsupported grant_type'));
      const current = authenticate(c, params, ['IG_USER']);
      if (!current.longLived) fail(invalidParam('(#100) Only long-lived tokens can be refreshed'));
      if (nowSec() - current.issuedAt < 86_400) {
        fail(invalidParam('(#100) The token can only be refreshed 24 hours after it was issued'));
      }
      if (!current.scopes.includes('instagram_business_basic')) {
        fail(missingPermission('instagram_business_basic'));
      }
      const refreshed = issueToken({
        kind: 'IG_USER',
        personId: current.personId,
        subjectId: current.subjectId,
        scopes: current.scopes,
        declined: current.declined,
        ttlSeconds: cfg().longLivedTokenSeconds,
        longLived: true,
      });
      return c.json({
        access_token: refreshed.value,
        token_type: 'bearer',
        expires_in: cfg().longLivedTokenSeconds,
      });
    }
    return undefined;
  };

  return { graph, igGraph };
}
