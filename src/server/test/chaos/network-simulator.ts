import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type HttpBindings } from '@hono/node-server';
import { FACEBOOK_SCOPES } from '#server/integrations/meta/client.ts';
import { FAULTS, type GraphErrorSpec } from '#simulators/meta-graph/faults.ts';
import { createMetaGraphSimulator, SIM_HOSTS } from '#simulators/meta-graph/simulator.ts';
import { digits, SEED, tokenValue } from '#simulators/meta-graph/state.ts';

// The Graph API simulator behind an unreliable network, for the chaos run and the lateness
// figures of the publishing pipeline (docs/decisions/089). It serves the simulator over real HTTP
// and, on the calls that publish, answers now and then with a 5xx, a throttle or an expired
// token, holds a request until the caller gives up without ever passing it on, or lets the
// simulator carry a request out and then drops the connection instead of answering. It keeps
// its own record of what was published and when, which the invariant is checked against.
//
// Run as a process: `node --import tsx network-simulator.ts`; it prints one JSON line
// `{"port": N}` once it listens. Control under /_chaos: POST /world, POST /faults, GET /record.

export interface FaultRates {
  /** Per publishing POST: a 5xx (Graph transient error or a bare gateway error). */
  serverError: number;
  /** Per publishing POST: a Page or Instagram account throttle. */
  throttle: number;
  /** Per publishing POST: an expired token (subcode 463). */
  tokenExpired: number;
  /** Per publishing POST: the request hangs and never reaches the platform. */
  hang: number;
  /** Per publishing POST: the platform carries the request out and the answer is lost. */
  lostAnswer: number;
  /** Per read (GET) on the publishing paths: a 5xx. */
  readServerError: number;
  /** How long a hanging request is held before the connection is dropped. */
  hangMs: number;
  /** Minutes until a throttled account may be called again (fractions allowed). */
  throttleMinutes: number;
}

export const NO_FAULTS: FaultRates = {
  serverError: 0,
  throttle: 0,
  tokenExpired: 0,
  hang: 0,
  lostAnswer: 0,
  readServerError: 0,
  hangMs: 0,
  throttleMinutes: 0,
};

export interface WorldAccount {
  tenant: number;
  pageId: string;
  pageName: string;
  igAccountId: string;
  igUsername: string;
  /** A Page token from a long-lived user token: it never expires. */
  pageToken: string;
}

/** What the simulator published: Facebook posts and Instagram media, with the platform's time. */
export interface PublishedRecord {
  /** [id, pageId, message, createdAtMs] of published Facebook posts. */
  facebook: [string, string, string | null, number][];
  /** [id, igUserId, caption, timestampMs] of Instagram media. */
  instagram: [string, string, string | null, number][];
  /** Texts of publish calls the platform carried out whose answer was dropped. */
  lostAnswers: string[];
  stats: Record<string, number>;
}

const PUBLISH_POST = /\/(feed|photos|videos|media|media_publish)$/;
const COMMIT_POST = /\/(feed|photos|videos|media_publish)$/;
const PUBLISH_READ = /\/(feed|media|content_publishing_limit)$|^\/\d+$/;

export function startNetworkSimulator(port = 0) {
  const sim = createMetaGraphSimulator({
    config: {
      // A chaos world publishes far more than one account's real daily allowance; the quota
      // itself is exercised by the publishing tests.
      callsPerHour: 1_000_000_000,
      containerLimit: 1_000_000,
      quotaTotal: 1_000_000,
      videoProcessingSeconds: 3,
    },
  });
  const state = sim.state;
  let rates: FaultRates = { ...NO_FAULTS };
  const stats: Record<string, number> = {};
  const count = (name: string) => {
    stats[name] = (stats[name] ?? 0) + 1;
  };
  const lostAnswers: string[] = [];
  // The simulator keeps every call of the last hour for its usage header; the chaos world has no
  // app-wide limit, so the list is emptied instead of scanned on every call.
  const trim = setInterval(() => {
    state.calls = [];
  }, 1_000);
  trim.unref();

  const throttle = (ig: boolean): GraphErrorSpec => ({
    ...(ig ? FAULTS.throttle_80002 : FAULTS.throttle_32),
    regainMinutes: rates.throttleMinutes,
  });

  /** The text a publish call makes public (for matching a dropped answer to its post). */
  function publishedText(path: string, params: URLSearchParams): string | null {
    if (path.endsWith('/media_publish')) {
      const container = state.containers.get(params.get('creation_id') ?? '');
      return container?.caption ?? null;
    }
    if (path.endsWith('/photos') && params.get('published') === 'false') return null;
    return params.get('message') ?? params.get('description');
  }

  const handle = async (request: Request, env: HttpBindings): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/_chaos/')) return control(request, url);
    const path = url.pathname.replace(/^\/[a-z-]+\/v\d+\.\d+/, '');
    const isGraph = url.pathname !== path;
    const post = request.method === 'POST' && isGraph && PUBLISH_POST.test(path);
    const read = request.method === 'GET' && isGraph && PUBLISH_READ.test(path);
    const ig = url.pathname.startsWith('/ig-graph') || /\/media(_publish)?$/.test(path);
    const roll = Math.random();
    if (post) {
      let edge = 0;
      const within = (rate: number) => roll < (edge += rate);
      if (within(rates.serverError)) {
        count('serverError');
        if (Math.random() < 0.25)
          return new Response('<html>502 Bad Gateway</html>', { status: 502 });
        return injected(request, path, ig ? FAULTS.ig_server_error : FAULTS.transient_2);
      }
      if (within(rates.throttle)) {
        count('throttle');
        return injected(request, path, throttle(ig));
      }
      if (within(rates.tokenExpired)) {
        count('tokenExpired');
        return injected(request, path, FAULTS.token_expired);
      }
      if (within(rates.hang)) {
        count('hang');
        await sleepUntilClosed(env, rates.hangMs);
        env.outgoing.destroy();
        return new Response(null, { status: 204 });
      }
      if (within(rates.lostAnswer)) {
        const params = new URLSearchParams(await request.clone().text());
        const response = await sim.app.fetch(request);
        const text = response.ok && COMMIT_POST.test(path) ? publishedText(path, params) : null;
        if (text !== null) {
          lostAnswers.push(text);
          count('lostAnswerCommit');
        } else {
          count('lostAnswer');
        }
        env.outgoing.destroy();
        return new Response(null, { status: 204 });
      }
    } else if (read && roll < rates.readServerError) {
      count('readServerError');
      return injected(request, path, FAULTS.transient_1);
    }
    return sim.app.fetch(request);
  };

  /** A fault answered by the simulator itself, so the body and headers are Meta's exact ones. */
  function injected(request: Request, path: string, error: GraphErrorSpec) {
    state.faults.unshift({
      id: randomBytes(4).toString('hex'),
      error,
      method: request.method,
      path,
      remaining: 1,
    });
    return sim.app.fetch(request);
  }

  async function control(request: Request, url: URL): Promise<Response> {
    const route = `${request.method} ${url.pathname}`;
    if (route === 'POST /_chaos/world') {
      const body = (await request.json()) as { tenants: number };
      return Response.json(createWorld(body.tenants));
    }
    if (route === 'POST /_chaos/faults') {
      rates = { ...NO_FAULTS, ...((await request.json()) as Partial<FaultRates>) };
      return Response.json(rates);
    }
    if (route === 'GET /_chaos/record') {
      const record: PublishedRecord = {
        facebook: [...state.posts.values()]
          .filter((p) => p.published)
          .map((p) => [p.id, p.pageId, p.message, p.createdAt]),
        instagram: [...state.media.values()].map((m) => [m.id, m.igUserId, m.caption, m.timestamp]),
        lostAnswers,
        stats,
      };
      return Response.json(record);
    }
    return Response.json({ error: `No route ${route}` }, { status: 404 });
  }

  /** One Page with its Instagram account per tenant, all managed by the seeded person. */
  function createWorld(tenants: number): WorldAccount[] {
    const person = state.people.get(SEED.personId)!;
    const accounts: WorldAccount[] = [];
    for (let tenant = 0; tenant < tenants; tenant += 1) {
      const pageId = digits(15, '7237');
      const igAccountId = digits(17, '17841');
      const igUsername = `chaos.bakery.${tenant}`;
      state.igAccounts.set(igAccountId, {
        id: igAccountId,
        appScopedId: digits(16, '2690'),
        username: igUsername,
        name: `Chaos Bakery ${tenant}`,
        followers: 100,
        follows: 10,
        accountType: 'BUSINESS',
      });
      state.pages.set(pageId, {
        id: pageId,
        name: `Chaos Bakery ${tenant}`,
        username: `chaosbakery${tenant}`,
        category: 'Bakery',
        tasks: ['MANAGE', 'CREATE_CONTENT', 'MODERATE', 'ANALYZE'],
        followers: 100,
        igAccountId,
        businessId: null,
      });
      person.pageIds.push(pageId);
      const now = Math.floor(sim.now() / 1000);
      const pageToken = tokenValue('PAGE');
      state.tokens.set(pageToken, {
        value: pageToken,
        kind: 'PAGE',
        personId: person.id,
        subjectId: pageId,
        scopes: [...FACEBOOK_SCOPES],
        declined: [],
        issuedAt: now,
        expiresAt: 0,
        dataAccessExpiresAt: now + 90 * 86_400,
        longLived: true,
        invalidSubcode: null,
      });
      accounts.push({
        tenant,
        pageId,
        pageName: `Chaos Bakery ${tenant}`,
        igAccountId,
        igUsername,
        pageToken,
      });
    }
    return accounts;
  }

  const server = serve({
    fetch: (request, env) => handle(request, env as HttpBindings),
    port,
    hostname: '127.0.0.1',
  });
  return {
    sim,
    server,
    hosts: SIM_HOSTS,
    port: () => (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits `ms`, or less when the caller hangs up first. */
function sleepUntilClosed(env: HttpBindings, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    env.incoming.socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const host = startNetworkSimulator(Number(process.argv[2] ?? 0));
  host.server.once('listening', () => {
    process.stdout.write(`${JSON.stringify({ port: host.port() })}\n`);
  });
  const stop = () => void host.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
