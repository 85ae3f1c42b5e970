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
import { loadDemoSecrets } from './demo-secrets.ts';
import { simulatedPostPages } from './simulated-post-pages.ts';
import { perProcess } from '#server/platform/per-process.ts';

// The Meta connection of this process. With META_APP_ID and META_APP_SECRET it talks to Meta;
// without them (demo mode) the Graph API simulator runs inside the app under /simulator/meta, and
// the client reaches it in process, so `npm start` alone lets a newcomer connect an account.
// Inside the app the simulator is not a door (docs/decisions/057): its control API is not served
// on the app's port, its app secrets are random per installation, it sends only to the app's own
// callbacks, and each business gets a simulated person with Pages of its own. Permalinks of
// simulated posts lead to the simulator's own pages of them, shown only to their business
// (docs/decisions/058); with a Meta app they are the platform's.

export const SIMULATOR_BASE_PATH = '/simulator/meta';

export interface MetaRuntime {
  mode: 'live' | 'simulated';
  config: MetaConfig;
  client: MetaClient;
  simulator: MetaGraphSimulator | null;
  /** Facebook Login is available (live: META_APP_ID/SECRET; simulated: always). */
  facebookLogin: boolean;
  /** Instagram Login is available (live: INSTAGRAM_APP_ID/SECRET; simulated: always). */
  instagramLogin: boolean;
  /** Continue with Facebook (sign-in): a real Meta app only, never the simulator. */
  facebookSignIn: boolean;
  webhookVerifyToken: string | null;
  /** Secrets that may sign callbacks and webhooks: Facebook app, then Instagram app. */
  signingSecrets: string[];
  redirectUris: { facebook: string; instagram: string; signIn: string };
  /** Where the simulator sends what Meta would send to the app (tests route it in process). */
  setSimulatorOutbound(fetch: FetchLike): void;
  /** Stops the simulator's crowd of followers (demo mode; docs/decisions/091) at shutdown. */
  stopSimulator(): void;
  /**
   * The dialog address a business's browser is sent to. Live: `url` itself. Simulated: the
   * business's own simulated person (made on first use) signs in through a login ticket bound to
   * this attempt's `state`, appended as `sim_login` (docs/decisions/057).
   */
  dialogFor(url: string, attempt: { businessId: string; state: string }): string;
}

/** The process's Graph API client, its Meta apps, and in demo mode the simulator. */
export const metaRuntime = perProcess((deps): MetaRuntime => buildRuntime(deps));

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
      facebookSignIn: true,
      webhookVerifyToken: env.META_WEBHOOK_VERIFY_TOKEN ?? null,
      signingSecrets: [config.appSecret, config.igAppSecret].filter(Boolean),
      redirectUris,
      setSimulatorOutbound: () => {},
      stopSimulator: () => {},
      dialogFor: (url) => url,
    };
  }

  let outbound: FetchLike = (url, init) => fetch(url, init);
  const callbacks = `${appUrl}/meta`;
  const secrets = loadDemoSecrets({ dataDir: env.dataDir, ephemeral: env.NODE_ENV === 'test' });
  const root = `${appUrl}${SIMULATOR_BASE_PATH}`;
  const simulator = createMetaGraphSimulator({
    basePath: SIMULATOR_BASE_PATH,
    mountControl: false,
    config: {
      appSecret: secrets.appSecret,
      igAppSecret: secrets.igAppSecret,
      requireLoginTicket: true,
      // Continue with Facebook is off in demo mode: only the connect pages may be redirected to.
      redirectUris: [redirectUris.facebook, redirectUris.instagram],
      webhookCallbackUrl: `${callbacks}/webhooks`,
      webhookVerifyToken: env.META_WEBHOOK_VERIFY_TOKEN ?? secrets.webhookVerifyToken,
      deauthorizeUrl: `${callbacks}/deauthorize`,
      dataDeletionUrl: `${callbacks}/data-deletion`,
      igDeauthorizeUrl: `${callbacks}/deauthorize`,
      igDataDeletionUrl: `${callbacks}/data-deletion`,
      // Analytics has four months of past posts and insights to show from the first sync
      // (docs/product/meta-platform.md#insights, SIMULATOR_HISTORY_DAYS). Not in tests: there a
      // listing holds only what the test published, unless a test turns the history on.
      insightsHistoryDays: env.SIMULATOR_HISTORY_DAYS ?? (env.NODE_ENV === 'test' ? 0 : 120),
    },
    fetch: (url, init) => outbound(url, init),
    // "View on Instagram / Facebook" opens the simulated post here (docs/decisions/058).
    postPages: simulatedPostPages(deps, root),
  });
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
  // Simulated followers comment and write to each business's accounts (docs/decisions/091): in
  // development by default, elsewhere only with SIMULATOR_CROWD=on. Its timers do not hold the
  // process open; stopSimulator ends them.
  const crowd =
    env.SIMULATOR_CROWD === 'on' ||
    (env.SIMULATOR_CROWD === undefined && env.NODE_ENV === 'development');
  if (crowd) simulator.inbox.crowd.start({ provisionedOnly: true });
  return {
    mode: 'simulated',
    config,
    client: createMetaClient(config, { fetch: inProcess }),
    simulator,
    facebookLogin: true,
    instagramLogin: true,
    facebookSignIn: false,
    webhookVerifyToken: cfg.webhookVerifyToken,
    signingSecrets: [cfg.appSecret, cfg.igAppSecret],
    redirectUris,
    setSimulatorOutbound(fn) {
      outbound = fn;
    },
    stopSimulator() {
      simulator.inbox.crowd.stop();
    },
    dialogFor(url, attempt) {
      const world = simulator.provisionWorld(attempt.businessId);
      const dialog = new URL(url);
      dialog.searchParams.set(
        'sim_login',
        simulator.issueLoginTicket(world.personId, { state: attempt.state }),
      );
      return dialog.toString();
    },
  };
}
