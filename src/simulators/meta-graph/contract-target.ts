import { serve, type ServerType } from '@hono/node-server';
import type { MetaConfig } from '#server/integrations/meta/client.ts';
import { createMetaGraphSimulator, SIM_HOSTS, type MetaGraphSimulator } from './simulator.ts';
import type { FaultName } from './faults.ts';

// Where the Graph API contract tests run. With META_CONTRACT_GRAPH_BASE_URL (and the real app's
// credentials and tokens) they run against that API; otherwise against this simulator, started on
// a free port and reached over real HTTP, with the control API for faults, clock and consent.

/** Decided when the test files are collected, before any target is opened. */
export const REAL_API = Boolean(process.env.META_CONTRACT_GRAPH_BASE_URL);

export interface ContractControl {
  simulator: MetaGraphSimulator;
  call(path: string, body?: unknown): Promise<Record<string, unknown>>;
  fault(input: {
    fault: FaultName;
    path?: string;
    resource?: string;
    method?: string;
    host?: string;
    times?: number | null;
  }): Promise<void>;
  clearFaults(): Promise<void>;
  authorize(
    login: 'facebook' | 'instagram',
    redirectUri: string,
    scopes: readonly string[],
    granted?: readonly string[],
  ): Promise<string>;
}

export interface ContractTarget {
  name: string;
  config: MetaConfig;
  redirectUri: string;
  /** Present against the simulator only: tests that need faults or consent skip without it. */
  control: ContractControl | null;
  /** Tokens for the real API (a long-lived user token, a Page and its IG account). */
  fixtures: { userToken?: string; pageId?: string; igUserId?: string; igLoginToken?: string };
  close(): Promise<void>;
}

export async function openContractTarget(): Promise<ContractTarget> {
  const env = process.env;
  if (env.META_CONTRACT_GRAPH_BASE_URL) {
    const version = env.META_CONTRACT_GRAPH_VERSION ?? 'v25.0';
    return {
      name: env.META_CONTRACT_GRAPH_BASE_URL,
      config: {
        appId: env.META_CONTRACT_APP_ID ?? '',
        appSecret: env.META_CONTRACT_APP_SECRET ?? '',
        graphVersion: version,
        graphBaseUrl: env.META_CONTRACT_GRAPH_BASE_URL,
        graphVideoBaseUrl:
          env.META_CONTRACT_GRAPH_VIDEO_BASE_URL ?? 'https://graph-video.facebook.com',
        dialogBaseUrl: env.META_CONTRACT_DIALOG_BASE_URL ?? 'https://www.facebook.com',
        igAppId: env.META_CONTRACT_INSTAGRAM_APP_ID ?? '',
        igAppSecret: env.META_CONTRACT_INSTAGRAM_APP_SECRET ?? '',
        igGraphBaseUrl: env.META_CONTRACT_INSTAGRAM_GRAPH_BASE_URL ?? 'https://graph.instagram.com',
        igApiBaseUrl: env.META_CONTRACT_INSTAGRAM_API_BASE_URL ?? 'https://api.instagram.com',
        igDialogBaseUrl: env.META_CONTRACT_INSTAGRAM_DIALOG_BASE_URL ?? 'https://www.instagram.com',
        appsecretProof: env.META_CONTRACT_APPSECRET_PROOF === '1',
      },
      redirectUri: env.META_CONTRACT_REDIRECT_URI ?? 'https://localhost/dashboard/connect',
      control: null,
      fixtures: {
        ...(env.META_CONTRACT_USER_TOKEN ? { userToken: env.META_CONTRACT_USER_TOKEN } : {}),
        ...(env.META_CONTRACT_PAGE_ID ? { pageId: env.META_CONTRACT_PAGE_ID } : {}),
        ...(env.META_CONTRACT_IG_USER_ID ? { igUserId: env.META_CONTRACT_IG_USER_ID } : {}),
        ...(env.META_CONTRACT_IG_LOGIN_TOKEN
          ? { igLoginToken: env.META_CONTRACT_IG_LOGIN_TOKEN }
          : {}),
      },
      close: async () => {},
    };
  }

  const simulator = createMetaGraphSimulator();
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: simulator.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(s),
    );
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const root = `http://127.0.0.1:${port}`;
  const call = async (path: string, body?: unknown) => {
    const res = await fetch(`${root}${SIM_HOSTS.control}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  const cfg = simulator.state.config;
  return {
    name: 'simulator',
    config: {
      appId: cfg.appId,
      appSecret: cfg.appSecret,
      graphVersion: cfg.defaultVersion,
      graphBaseUrl: `${root}${SIM_HOSTS.graph}`,
      graphVideoBaseUrl: `${root}${SIM_HOSTS.graphVideo}`,
      dialogBaseUrl: `${root}${SIM_HOSTS.facebookDialog}`,
      igAppId: cfg.igAppId,
      igAppSecret: cfg.igAppSecret,
      igGraphBaseUrl: `${root}${SIM_HOSTS.instagramGraph}`,
      igApiBaseUrl: `${root}${SIM_HOSTS.instagramApi}`,
      igDialogBaseUrl: `${root}${SIM_HOSTS.instagramDialog}`,
      appsecretProof: false,
    },
    redirectUri: 'http://localhost:3000/dashboard/connect',
    control: {
      simulator,
      call,
      async fault(input) {
        await call('/faults', input);
      },
      async clearFaults() {
        await fetch(`${root}${SIM_HOSTS.control}/faults`, { method: 'DELETE' });
      },
      async authorize(login, redirectUri, scopes, granted) {
        const answer = await call('/authorize', {
          login,
          redirectUri,
          scopes,
          ...(granted ? { granted } : {}),
        });
        return String(answer.code);
      },
    },
    fixtures: {},
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}
