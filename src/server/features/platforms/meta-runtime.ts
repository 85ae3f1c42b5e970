import type { AppDeps } from '#server/platform/deps.ts';
import {
  createMetaClient,
  type MetaClient,
  type MetaConfig,
} from '#server/integrations/meta/client.ts';
import type { FetchLike } from '#server/integrations/meta/http.ts';
import {
  createMetaGraphSimulator,
  SIM_HOSTS,
  type MetaGraphSimulator,
} from '#simulators/meta-graph/simulator.ts';

// The Meta connection of this process. With META_APP_ID and META_APP_SECRET it talks to Meta;
// without them (demo mode) the Graph API simulator runs inside the app under /simulator/meta, and
// the client reaches it in process, so `npm start` alone lets a newcomer connect an account.

export const SIMULATOR_BASE_PATH = '/simulator/meta';
const SIMULATED_VERIFY_TOKEN = 'simulated-webhook-verify-token';

export interface MetaRuntime {
  mode: 'live' | 'simulated';
  config: MetaConfig;
  client: MetaClient;
  simulator: MetaGraphSimulator | null;
  /** Facebook Login is available (live: META_APP_ID/SECRET; simulated: always). */
  facebookLogin: boolean;
  /** Instagram Login is available (live: INSTAGRAM_APP_ID/SECRET; simulated: always). */
  instagramLogin: boolean;
  webhookVerifyToken: string | null;
  /** Secrets that may sign callbacks and webhooks: Facebook app, then Instagram app. */
  signingSecrets: string[];
  redirectUris: { facebook: string; instagram: string; signIn: string };
  /** Where the simulator sends what Meta would send to the app (tests route it in process). */
  setSimulatorOutbound(fetch: FetchLike): void;
}

const runtimes = new WeakMap<AppDeps, MetaRuntime>();

export function metaRuntime(deps: AppDeps): MetaRuntime {
  let runtime = runtimes.get(deps);
  if (!runtime) {
    runtime = buildRuntime(deps);
    runtimes.set(deps, runtime);
  }
  return runtime;
}

function buildRuntime(deps: AppDeps): MetaRuntime {
  const { env } = deps;
  const appUrl = env.appUrl;
  const redirectUris = {
    facebook: `${appUrl}/dashboard/connect`,
    instagram: `${appUrl}/dashboard/instagram-callback`,
    signIn: `${appUrl}/api/auth/facebook/callback`,
  };
  const live = Boolean(env.META_APP_ID && env.META_APP_SECRET);
  if (live) {
    const config: MetaConfig = {
      appId: env.META_APP_ID!,
      appSecret: env.META_APP_SECRET!,
      graphVersion: env.META_GRAPH_VERSION,
      graphBaseUrl: env.META_GRAPH_BASE_URL.replace(/\/$/, ''),
      graphVideoBaseUrl: env.META_GRAPH_VIDEO_BASE_URL.replace(/\/$/, ''),
      dialogBaseUrl: env.META_DIALOG_BASE_URL.replace(/\/$/, ''),
      igAppId: env.INSTAGRAM_APP_ID ?? '',
      igAppSecret: env.INSTAGRAM_APP_SECRET ?? '',
      igGraphBaseUrl: env.INSTAGRAM_GRAPH_BASE_URL.replace(/\/$/, ''),
      igApiBaseUrl: env.INSTAGRAM_API_BASE_URL.replace(/\/$/, ''),
      igDialogBaseUrl: env.INSTAGRAM_DIALOG_BASE_URL.replace(/\/$/, ''),
      appsecretProof: env.META_APPSECRET_PROOF,
    };
    return {
      mode: 'live',
      config,
      client: createMetaClient(config, { timeoutMs: env.META_REQUEST_TIMEOUT_SECONDS * 1000 }),
      simulator: null,
      facebookLogin: true,
      instagramLogin: Boolean(env.INSTAGRAM_APP_ID && env.INSTAGRAM_APP_SECRET),
      webhookVerifyToken: env.META_WEBHOOK_VERIFY_TOKEN ?? null,
      signingSecrets: [config.appSecret, config.igAppSecret].filter(Boolean),
      redirectUris,
      setSimulatorOutbound: () => {},
    };
  }

  let outbound: FetchLike = (url, init) => fetch(url, init);
  const callbacks = `${appUrl}/meta`;
  const simulator = createMetaGraphSimulator({
    basePath: SIMULATOR_BASE_PATH,
    config: {
      redirectUris: [redirectUris.facebook, redirectUris.instagram, redirectUris.signIn],
      webhookCallbackUrl: `${callbacks}/webhooks`,
      webhookVerifyToken: env.META_WEBHOOK_VERIFY_TOKEN ?? SIMULATED_VERIFY_TOKEN,
      deauthorizeUrl: `${callbacks}/deauthorize`,
      dataDeletionUrl: `${callbacks}/data-deletion`,
      igDeauthorizeUrl: `${callbacks}/deauthorize`,
      igDataDeletionUrl: `${callbacks}/data-deletion`,
    },
    fetch: (url, init) => outbound(url, init),
  });
  const root = `${appUrl}${SIMULATOR_BASE_PATH}`;
  const cfg = simulator.state.config;
  const config: MetaConfig = {
    appId: cfg.appId,
    appSecret: cfg.appSecret,
    graphVersion: env.META_GRAPH_VERSION,
    graphBaseUrl: `${root}${SIM_HOSTS.graph}`,
    graphVideoBaseUrl: `${root}${SIM_HOSTS.graphVideo}`,
    dialogBaseUrl: `${root}${SIM_HOSTS.facebookDialog}`,
    igAppId: cfg.igAppId,
    igAppSecret: cfg.igAppSecret,
    igGraphBaseUrl: `${root}${SIM_HOSTS.instagramGraph}`,
    igApiBaseUrl: `${root}${SIM_HOSTS.instagramApi}`,
    igDialogBaseUrl: `${root}${SIM_HOSTS.instagramDialog}`,
    appsecretProof: false,
  };
  // In process: no socket, no dependence on the server listening yet.
  const inProcess: FetchLike = async (url, init) => simulator.app.fetch(new Request(url, init));
  return {
    mode: 'simulated',
    config,
    client: createMetaClient(config, { fetch: inProcess }),
    simulator,
    facebookLogin: true,
    instagramLogin: true,
    webhookVerifyToken: cfg.webhookVerifyToken,
    signingSecrets: [cfg.appSecret, cfg.igAppSecret],
    redirectUris,
    setSimulatorOutbound(fn) {
      outbound = fn;
    },
  };
}
