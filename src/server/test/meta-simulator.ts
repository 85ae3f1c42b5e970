import { serve, type ServerType } from '@hono/node-server';
import {
  createMetaGraphSimulator,
  SIM_HOSTS,
  type MetaGraphSimulator,
} from '#simulators/meta-graph/simulator.ts';
import type { SimConfig, SimWorld } from '#simulators/meta-graph/state.ts';
import { metaRuntime } from '#server/features/platforms/meta-runtime.ts';
import { createApp, type App } from '#server/app.ts';
import type { TestApp } from './app.ts';

// The test app's Graph API simulator (demo mode). Its control API is not served on the app's
// port (docs/decisions/057): tests call it in process through the simulator object.

export function simulatorOf(t: TestApp): MetaGraphSimulator {
  const { simulator } = metaRuntime(t.runtime.deps);
  if (!simulator) throw new Error('The test app is not in demo mode');
  return simulator;
}

/** A control API request (`/reset`, `/tokens`, `/signed-request`…): POST with a body, else GET. */
export function simulatorControlRequest(t: TestApp, path: string, body?: unknown) {
  return simulatorOf(t).control.request(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The same, answered: its JSON body; a refusal of the control API itself throws. */
export async function simulatorControl(
  t: TestApp,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const res = await simulatorControlRequest(t, path, body);
  const text = await res.text();
  if (!res.ok) throw new Error(`simulator control ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** The simulated person, Pages and Instagram accounts of a business (made on first use). */
export function simulatedWorld(t: TestApp, businessId: string): SimWorld {
  return simulatorOf(t).provisionWorld(businessId);
}

export interface LiveMetaApp {
  /** The app with a Meta app configured, on the test app's database and workers. */
  app: App;
  /** The simulator playing Meta, over HTTP on a loopback port, with its control API. */
  simulator: MetaGraphSimulator;
  root: string;
  close(): Promise<void>;
}

/**
 * The app in live mode: META_APP_ID/SECRET and the META_* and INSTAGRAM_* hosts point at a
 * standalone simulator served on a free loopback port, as a real Meta app would be configured.
 * What needs a real Meta app (Continue with Facebook) is tested here, never in demo mode.
 */
export async function liveMetaApp(
  t: TestApp,
  config: Partial<SimConfig> = {},
): Promise<LiveMetaApp> {
  const base = t.runtime.deps.env;
  const simulator = createMetaGraphSimulator({
    config: {
      redirectUris: [
        `${base.appUrl}/dashboard/connect`,
        `${base.appUrl}/dashboard/instagram-callback`,
        `${base.appUrl}/api/auth/facebook/callback`,
      ],
      ...config,
    },
  });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: simulator.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(s),
    );
  });
  const address = server.address();
  const root = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const cfg = simulator.state.config;
  const env = {
    ...base,
    META_APP_ID: cfg.appId,
    META_APP_SECRET: cfg.appSecret,
    INSTAGRAM_APP_ID: cfg.igAppId,
    INSTAGRAM_APP_SECRET: cfg.igAppSecret,
    META_GRAPH_BASE_URL: `${root}${SIM_HOSTS.graph}`,
    META_GRAPH_VIDEO_BASE_URL: `${root}${SIM_HOSTS.graphVideo}`,
    META_DIALOG_BASE_URL: `${root}${SIM_HOSTS.facebookDialog}`,
    INSTAGRAM_GRAPH_BASE_URL: `${root}${SIM_HOSTS.instagramGraph}`,
    INSTAGRAM_API_BASE_URL: `${root}${SIM_HOSTS.instagramApi}`,
    INSTAGRAM_DIALOG_BASE_URL: `${root}${SIM_HOSTS.instagramDialog}`,
  };
  // A deps object of its own: the Meta runtime is built per deps, here a live one.
  const app = createApp({ ...t.runtime.deps, env }, { serveWeb: false });
  return {
    app,
    simulator,
    root,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}
