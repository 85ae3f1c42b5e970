import { Hono, type Context } from 'hono';
import type { SimContext } from './context.ts';
import { readParams, StripeError, strings, type Params } from './http.ts';
import { randomId } from './state.ts';

// The /v1 front door: Bearer secret-key auth, injected faults, Idempotency-Key replay, the
// `expand[]` parameter and Stripe's error envelope around each resource handler.

export type ApiHandler = (p: Params, c: Context) => unknown;

export function createApi(ctx: SimContext) {
  const { state, secretKey } = ctx;
  const app = new Hono();

  const reply = (status: number, body: unknown) =>
    new Response(JSON.stringify(body, null, 2), {
      status,
      headers: {
        'content-type': 'application/json',
        'request-id': randomId('req', 14),
        'stripe-version': '2026-10-28.endive',
      },
    });

  async function run(c: Context, handler: ApiHandler): Promise<Response> {
    ctx.setOrigin(new URL(c.req.url).origin);
    const auth = c.req.header('authorization') ?? '';
    // Bearer as the SDK sends it; Basic (`curl -u sk_test_…:`) as Stripe also accepts.
    const key = /^basic\s+/i.test(auth)
      ? Buffer.from(auth.replace(/^basic\s+/i, ''), 'base64')
          .toString('utf8')
          .split(':')[0]!
      : auth.replace(/^Bearer\s+/i, '').trim();
    if (key !== secretKey) {
      return reply(401, {
        error: {
          type: 'invalid_request_error',
          message: key
            ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
            : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        },
      });
    }
    const path = new URL(c.req.url).pathname;
    const fault = state.faults.find((f) => !f.path || path.startsWith(f.path));
    if (fault) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) state.faults.splice(state.faults.indexOf(fault), 1);
      return reply(fault.status, {
        error: {
          type: fault.type,
          message: fault.message,
          ...(fault.code ? { code: fault.code } : {}),
        },
      });
    }
    const { params, raw } = await readParams(c);
    const idemKey = c.req.method === 'POST' ? c.req.header('idempotency-key') : undefined;
    const fingerprint = `${c.req.method} ${path} ${raw}`;
    if (idemKey) {
      const stored = state.idempotency.get(idemKey);
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          return reply(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
            },
          });
        }
        const res = reply(stored.status, JSON.parse(stored.body));
        res.headers.set('idempotent-replayed', 'true');
        return res;
      }
    }
    let status = 200;
    let body: unknown;
    try {
      const result = handler(params, c);
      const expand = strings(params, 'expand');
      body = expand.length ? ctx.expand(result, expand) : ctx.clone(result);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      body = error.body();
    }
    if (idemKey && status !== 500) {
      state.idempotency.set(idemKey, { fingerprint, status, body: JSON.stringify(body) });
    }
    return reply(status, body);
  }

  const route = (method: 'get' | 'post' | 'delete') => (path: string, handler: ApiHandler) =>
    app[method](`/v1${path}`, (c) => run(c, handler));

  app.notFound((c) =>
    reply(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${c.req.method}: ${new URL(c.req.url).pathname}).`,
      },
    }),
  );

  return { app, get: route('get'), post: route('post'), del: route('delete') };
}

export type Api = ReturnType<typeof createApi>;
