import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { createMetaGraphSimulator, SIM_HOSTS } from './simulator.ts';

// `npm run simulator:meta`: the Graph API simulator on its own port, for pointing a client (or
// the contract tests, or the app via META_GRAPH_BASE_URL and friends) at it.
// Options: --port (default 3214, or META_SIM_PORT), --app-url for the callback URLs of the app.
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.META_SIM_PORT ?? '3214' },
    'app-url': { type: 'string', default: process.env.APP_URL ?? 'http://localhost:3000' },
    'auto-consent': { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
const appUrl = values['app-url']!.replace(/\/$/, '');
const simulator = createMetaGraphSimulator({
  config: {
    webhookCallbackUrl: `${appUrl}/meta/webhooks`,
    deauthorizeUrl: `${appUrl}/meta/deauthorize`,
    dataDeletionUrl: `${appUrl}/meta/data-deletion`,
    igDeauthorizeUrl: `${appUrl}/meta/deauthorize`,
    igDataDeletionUrl: `${appUrl}/meta/data-deletion`,
    ...(values['auto-consent'] ? { autoConsent: 'allow' as const } : {}),
  },
});
serve({ fetch: simulator.app.fetch, port }, () => {
  const root = `http://localhost:${port}`;
  const cfg = simulator.state.config;
  console.log(`Meta Graph API simulator at ${root}`);
  console.log(`  META_APP_ID=${cfg.appId} META_APP_SECRET=${cfg.appSecret}`);
  console.log(`  INSTAGRAM_APP_ID=${cfg.igAppId} INSTAGRAM_APP_SECRET=${cfg.igAppSecret}`);
  console.log(`  META_GRAPH_BASE_URL=${root}${SIM_HOSTS.graph}`);
  console.log(`  META_GRAPH_VIDEO_BASE_URL=${root}${SIM_HOSTS.graphVideo}`);
  console.log(`  META_DIALOG_BASE_URL=${root}${SIM_HOSTS.facebookDialog}`);
  console.log(`  INSTAGRAM_GRAPH_BASE_URL=${root}${SIM_HOSTS.instagramGraph}`);
  console.log(`  INSTAGRAM_API_BASE_URL=${root}${SIM_HOSTS.instagramApi}`);
  console.log(`  INSTAGRAM_DIALOG_BASE_URL=${root}${SIM_HOSTS.instagramDialog}`);
  console.log(`  control: ${root}${SIM_HOSTS.control}/state`);
});
