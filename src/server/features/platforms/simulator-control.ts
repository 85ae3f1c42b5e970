import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AppDeps } from '#server/platform/deps.ts';
import { SIM_HOSTS } from '#simulators/meta-graph/simulator.ts';
import { billingRuntime } from '../billing/billing-runtime.ts';
import { metaRuntime } from './meta-runtime.ts';

// The in-app simulator's control API (reset, clock, faults, token events, webhook and signed
// request delivery), and the Stripe simulator's under /_stripe/_sim, for the browser tests of demo mode: never on the app's port, only on its own
// listener bound to 127.0.0.1, started with META_SIMULATOR_CONTROL_PORT, which env.ts refuses in
// production (docs/decisions/057). Its paths are /_sim/… as on the standalone simulator.

export const SIMULATOR_CONTROL_HOST = '127.0.0.1';
export const STRIPE_CONTROL_PATH = '/_stripe/_sim';

export function serveSimulatorControl(deps: AppDeps, port: number): Promise<ServerType> {
  const { simulator } = metaRuntime(deps);
  if (!simulator) {
    return Promise.reject(
      new Error('META_SIMULATOR_CONTROL_PORT needs demo mode (no META_APP_ID/META_APP_SECRET)'),
    );
  }
  const app = new Hono();
  app.route(SIM_HOSTS.control, simulator.control);
  // Test payments: the in-app Stripe simulator's control API (clock, faults, webhook behaviour).
  const stripe = billingRuntime(deps).simulator;
  if (stripe) app.route(STRIPE_CONTROL_PATH, stripe.control);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: SIMULATOR_CONTROL_HOST }, () => {
      server.off('error', reject);
      resolve(server);
    });
    server.once('error', reject);
  });
}
