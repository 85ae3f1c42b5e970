import { Hono } from 'hono';
import type { Checkout } from './checkout.ts';
import type { SimContext } from './context.ts';
import { StripeError } from './http.ts';
import type { WebhookEndpoint } from './state.ts';

// The control API (`/_sim`), served only where mounted: state, reset, the clock, faults for the
// next calls, webhook behaviour (duplicate, delay, hold and release), replays and deliveries,
// completing a Checkout Session without the page, and API requests made with the account's key.

export interface ControlDeps {
  reset(): void;
  advance(seconds: number): { now: number; offsetMs: number };
  checkout: Checkout;
  /** One API request with the account's own key (form fields as the SDK would send them). */
  api(method: string, path: string, form: Record<string, string>): Promise<Response>;
}

export function createControl(ctx: SimContext, deps: ControlDeps): Hono {
  const { state } = ctx;
  const control = new Hono();
  const json = async <T>(c: { req: { json(): Promise<unknown> } }) =>
    ((await c.req.json().catch(() => ({}))) ?? {}) as T;

  control.get('/state', (c) =>
    c.json({
      now: ctx.nowSec(),
      offsetMs: state.clockOffsetMs,
      objects: [...state.objects.values()].filter((o) => o.object !== 'event').length,
      events: [...state.objects.values()].filter((o) => o.object === 'event').length,
      faults: state.faults,
      webhookMode: state.webhookMode,
      held: state.held.length,
    }),
  );
  control.post('/reset', (c) => {
    deps.reset();
    return c.json({ success: true });
  });
  control.post('/clock', async (c) => {
    const body = await json<{ advanceSeconds?: number; advanceDays?: number }>(c);
    const seconds = (body.advanceSeconds ?? 0) + (body.advanceDays ?? 0) * 86_400;
    // Step by step, letting deliveries finish in between, so that the retries of failed
    // deliveries run at their own times on the same clock.
    const target = ctx.nowSec() + Math.max(0, Math.floor(seconds));
    let result = { now: ctx.nowSec(), offsetMs: state.clockOffsetMs };
    for (let round = 0; round < 1000; round += 1) {
      await ctx.idle();
      const retryAt = Math.min(...state.retries.map((r) => r.at));
      const stepTo = retryAt <= target ? Math.max(retryAt, ctx.nowSec()) : target;
      result = deps.advance(stepTo - ctx.nowSec());
      ctx.retryDue(ctx.nowSec());
      await ctx.idle();
      if (stepTo >= target && !state.retries.some((r) => r.at <= target)) break;
    }
    return c.json(result);
  });
  control.post('/faults', async (c) => {
    const body = await json<{ status?: number; times?: number; path?: string; message?: string }>(
      c,
    );
    const status = body.status ?? 500;
    state.faults.push({
      status,
      type: status === 429 ? 'invalid_request_error' : 'api_error',
      ...(status === 429 ? { code: 'rate_limit' } : {}),
      message:
        body.message ??
        (status === 429
          ? 'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.'
          : 'An unknown error occurred'),
      remaining: body.times ?? 1,
      ...(body.path ? { path: body.path } : {}),
    });
    return c.json({ faults: state.faults.length });
  });
  control.delete('/faults', (c) => {
    state.faults = [];
    return c.json({ success: true });
  });
  control.post('/webhooks/mode', async (c) => {
    const body = await json<{ duplicate?: boolean; delayMs?: number; hold?: boolean }>(c);
    Object.assign(state.webhookMode, body);
    return c.json(state.webhookMode);
  });
  control.post('/webhooks/release', async (c) => {
    const released = ctx.releaseHeld();
    await ctx.idle();
    return c.json({ released });
  });
  control.post('/webhooks/replay', async (c) => {
    const body = await json<{ eventId?: string; endpointId?: string }>(c);
    const event = state.objects.get(body.eventId ?? '');
    if (event?.object !== 'event') return c.json({ error: 'No such event' }, 404);
    const targets = ctx
      .all('webhook_endpoint')
      .filter((e) => !body.endpointId || e.id === body.endpointId) as WebhookEndpoint[];
    await Promise.all(targets.map((endpoint) => ctx.deliver(event, endpoint)));
    return c.json({ delivered: targets.length });
  });
  control.get('/webhooks/deliveries', async (c) => {
    await ctx.idle();
    return c.json({ deliveries: state.deliveries });
  });
  control.post('/webhooks/flush', async (c) => {
    await ctx.idle();
    return c.json({ success: true });
  });
  // An API request made as the account (tests that hold no key: e.g. making a promotion code
  // for a browser test of the app's test payments).
  control.post('/api', async (c) => {
    const body = await json<{ method?: string; path?: string; form?: Record<string, string> }>(c);
    if (!body.path?.startsWith('/v1/')) return c.json({ error: 'path must start with /v1/' }, 400);
    return deps.api(body.method ?? 'POST', body.path, body.form ?? {});
  });
  control.post('/checkout/:id/complete', async (c) => {
    const body = await json<{ card?: string; promotionCode?: string; name?: string }>(c);
    try {
      const redirect = deps.checkout.complete(
        c.req.param('id'),
        {
          number: body.card ?? '4242424242424242',
          expiry: '12/34',
          cvc: '123',
          name: body.name ?? '',
        },
        body.promotionCode,
      );
      await ctx.idle();
      return c.json({ redirect });
    } catch (error) {
      if (error instanceof StripeError) return c.json(error.body(), error.status as 400);
      throw error;
    }
  });
  return control;
}
