import { Hono } from 'hono';
import { mountCdn } from './cdn.ts';
import { commentRoutes } from './comments.ts';
import {
  createSimContext,
  graphChain,
  requireObject,
  SIM_HOSTS,
  type Handler,
  type HostKey,
  type SimulatorOptions,
} from './context.ts';
import { createControl, mountControl } from './control.ts';
import { conversationRoutes } from './conversations.ts';
import { mountDialogs } from './dialogs.ts';
import { facebookPublishing } from './facebook-publishing.ts';
import { inboxFollowers } from './inbox-followers.ts';
import { inboxPayloads } from './inbox-payloads.ts';
import { createInboxWebhooks } from './inbox-webhooks.ts';
import { createCrowd } from './crowd.ts';
import { insightsRoutes } from './insights.ts';
import { createHistory, mountHistoryPictures } from './insights-media.ts';
import { instagramRoutes } from './instagram.ts';
import { pageRoutes } from './pages.ts';
import { mountPostPages } from './post-page-routes.ts';
import { addFreshWorld, createState, type SimConfig, type SimWorld } from './state.ts';
import { mountInstagramCodeExchange, tokenRoutes } from './tokens.ts';

// The Graph API simulator (docs/product/meta-platform.md#simulator): one HTTP app serving the
// paths of every Meta host the product calls, each under its own prefix:
//   /facebook   → www.facebook.com (Login dialog)      /graph     → graph.facebook.com
//   /graph-video → graph-video.facebook.com            /instagram → www.instagram.com (dialog)
//   /ig-api     → api.instagram.com (code exchange)    /ig-graph  → graph.instagram.com
//   /cdn        → pictures (avatars; a video's thumbnail frame, docs/decisions/078; history
//                 posts' pictures, insights-media.ts)
//   /instagram/p/…, /instagram/stories/…, /facebook/<page>/posts/… → a published post's page,
//                 when created with `postPages` (docs/decisions/058)
//   /_sim       → control: clock, faults, token events, webhooks, deauthorize/data deletion,
//                 the inbox's followers, webhook faults and crowd mode (inbox-control.ts);
//                 also served on its own (`control`), and only there inside the app
// Payload shapes, id formats, error bodies and usage headers follow the reference; every fault
// of its catalogue can be injected for the next call(s) or for one resource.

// Each Graph area is a module of its own; this file builds the shared context (context.ts:
// state, config, clock, faults, usage headers, error bodies) and mounts the areas in the order
// their paths need (specific routes before the catch-alls).

export { LOGIN_TICKET_SECONDS } from './dialogs.ts';
export { SIM_HOSTS, type PostPagesOptions, type SimulatorOptions } from './context.ts';
export { signedRequest } from './webhooks.ts';

export function createMetaGraphSimulator(options: SimulatorOptions = {}) {
  const ctx = createSimContext(options);
  const { state, nowMs, graphEntry } = ctx;
  const app = options.basePath ? new Hono().basePath(options.basePath) : new Hono();

  // www.facebook.com and www.instagram.com: the Login dialogs.
  const dialogs = mountDialogs(ctx, app);
  // api.instagram.com: the Instagram code exchange.
  mountInstagramCodeExchange(ctx, app);

  const tokens = tokenRoutes(ctx);
  const publishing = facebookPublishing(ctx);
  const pages = pageRoutes(ctx, publishing);
  // Past posts of every account and their insights (docs/product/meta-platform.md#insights).
  const history = createHistory(ctx);
  const instagram = instagramRoutes(ctx, history);
  const insights = insightsRoutes(ctx, history, publishing);
  // The social monitor's comments and messages, their webhooks and followers (docs/decisions/091).
  const webhooks = createInboxWebhooks(ctx);
  const payloads = inboxPayloads(ctx);
  const comments = commentRoutes(ctx, webhooks, payloads);
  const conversations = conversationRoutes(ctx, webhooks, payloads);
  const followers = inboxFollowers(ctx, webhooks, payloads);
  const crowd = createCrowd(ctx, followers);

  // graph.facebook.com and graph-video.facebook.com
  const graphHandler = graphChain(
    tokens.graph,
    pages.me,
    requireObject,
    insights.graph,
    conversations.graph,
    pages.businesses,
    pages.page,
    instagram.facebookLoginAccount,
    comments.graph,
    instagram.facebookLoginObjects,
    publishing.post,
  );
  // graph.instagram.com: token exchange/refresh (unversioned) and the Instagram Login graph.
  const igGraphHandler = graphChain(
    tokens.igGraph,
    conversations.igGraph,
    insights.igGraph,
    instagram.instagramLoginMe,
    requireObject,
    comments.igGraph,
    instagram.instagramLoginObjects,
  );

  const mountGraph = (prefix: string, host: HostKey, handler: Handler) => {
    app.all(`${prefix}/*`, (c) => {
      const pathname = new URL(c.req.url).pathname;
      const at = pathname.indexOf(`${prefix}/`);
      return graphEntry(c, host, at, at + prefix.length, handler);
    });
  };
  mountGraph(SIM_HOSTS.graph, 'graph', graphHandler);
  mountGraph(SIM_HOSTS.graphVideo, 'graph-video', graphHandler);
  mountGraph(SIM_HOSTS.instagramGraph, 'ig-graph', igGraphHandler);

  mountCdn(ctx, app);
  mountHistoryPictures(app);
  mountPostPages(ctx, app);

  const control = createControl(ctx, dialogs, { webhooks, followers, crowd });
  mountControl(app, control, options.mountControl ?? true);

  return {
    app,
    /** The control API, its paths without the /_sim prefix (e.g. `control.request('/reset')`). */
    control,
    state,
    now: nowMs,
    reset(config: Partial<SimConfig> = {}) {
      crowd.stop();
      webhooks.reset();
      Object.assign(state, createState({ ...options.config, ...config }));
    },
    /**
     * The inbox's side of the platform for tests (docs/decisions/091): followers' comments and
     * messages, webhook faults (`webhooks.setFaults`), `webhooks.flush()` / `webhooks.idle()`,
     * the record of one account (`followers.record`) and crowd mode.
     */
    inbox: { webhooks, followers, crowd },
    /**
     * The world of `key` (in the app: a business), made on first use with a person, Pages and
     * Instagram accounts of its own, shaped like the seed; the same world for the same key until
     * a reset (docs/decisions/057).
     */
    provisionWorld(key: string): SimWorld {
      let world = state.worlds.get(key);
      if (!world) {
        world = addFreshWorld(state);
        state.worlds.set(key, world);
      }
      return world;
    },
    issueLoginTicket: dialogs.issueLoginTicket,
  };
}

export type MetaGraphSimulator = ReturnType<typeof createMetaGraphSimulator>;
