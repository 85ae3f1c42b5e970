import { createApi } from './api.ts';
import { createCheckout } from './checkout.ts';
import { createClock } from './clock.ts';
import { createContext, type StripeSimulatorOptions } from './context.ts';
import { createControl } from './control.ts';
import { createDiscounts } from './discounts.ts';
import { createInvoicesEngine } from './invoices-engine.ts';
import { mountPages } from './pages.ts';
import { mountBillingResources } from './resources-billing.ts';
import { mountCoreResources } from './resources-core.ts';
import { createState } from './state.ts';
import { createSubscriptionsEngine } from './subscriptions-engine.ts';

// The Stripe simulator: one HTTP app serving the API (`/v1/…`, form-encoded like the official
// SDK sends it), the hosted pages (`/checkout/:id`, `/portal/:id`, `/invoice/:id`) and, where
// mounted, the control API (`/_sim/…`). Objects, ids, list and error envelopes, idempotency,
// test cards, prorations and signed webhooks follow Stripe's API reference for the API version
// of the `stripe` package (state.ts API_VERSION). The catalogue of src/shared/plans.ts is
// seeded as products and prices with lookup keys (premium_monthly, addon_crm_yearly, …).

export { API_VERSION, TEST_CARDS } from './state.ts';
export {
  DEFAULT_SECRET_KEY,
  DEFAULT_WEBHOOK_SECRET,
  signPayload,
  type StripeSimulatorOptions,
} from './context.ts';

export function createStripeSimulator(options: StripeSimulatorOptions = {}) {
  const ctx = createContext(options);
  const api = createApi(ctx);
  const invoices = createInvoicesEngine(ctx);
  const discounts = createDiscounts(ctx);
  const subs = createSubscriptionsEngine(ctx, invoices, discounts);
  const core = mountCoreResources(ctx, api);
  const billing = mountBillingResources(ctx, api, subs, invoices, discounts);
  const checkout = createCheckout(ctx, api, subs, discounts);
  const clock = createClock(ctx, subs, billing);
  mountPages(ctx, api.app, checkout, subs, billing);

  const reset = () => {
    Object.assign(ctx.state, createState());
    core.seedCatalogue();
    ctx.seedEndpoint();
  };
  reset();

  const callApi = async (method: string, path: string, form: Record<string, string>) => {
    const query = new URLSearchParams(form).toString();
    const get = method === 'GET' || method === 'DELETE';
    return api.app.fetch(
      new Request(`${new URL(ctx.origin()).origin}${path}${get && query ? `?${query}` : ''}`, {
        method,
        headers: {
          authorization: `Bearer ${ctx.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        ...(get ? {} : { body: query }),
      }),
    );
  };
  const control = createControl(ctx, { reset, advance: clock.advance, checkout, api: callApi });
  if (options.mountControl ?? true) api.app.route('/_sim', control);

  return {
    app: api.app,
    /** The control API, its paths without the /_sim prefix. */
    control,
    state: ctx.state,
    secretKey: ctx.secretKey,
    reset,
    advanceClock: clock.advance,
    nowSec: ctx.nowSec,
    /** Resolves when every webhook delivery started so far has finished. */
    idle: ctx.idle,
  };
}

export type StripeSimulator = ReturnType<typeof createStripeSimulator>;
