import { SIM_HOSTS } from './context.ts';
import { createMetaGraphSimulator } from './simulator.ts';
import { digits, tokenValue, type SimState } from './state.ts';

// Published media and posts for tests of the inbox (docs/decisions/091), put straight into the
// simulator's state: comments need something to be on.

export function publishedMedia(state: SimState, igUserId: string, caption = 'Fresh bread'): string {
  const id = digits(17, '179');
  state.media.set(id, {
    id,
    igUserId,
    caption,
    mediaType: 'IMAGE',
    productType: 'FEED',
    mediaUrl: 'https://cdn.example/bread.jpg',
    coverUrl: null,
    children: [],
    timestamp: Date.now() + state.clockOffsetMs,
    shortcode: `C${digits(10)}`,
  });
  return id;
}

export function publishedPost(state: SimState, pageId: string, message = 'Open today'): string {
  const id = `${pageId}_${digits(16, '1')}`;
  state.posts.set(id, {
    id,
    pageId,
    kind: 'status',
    message,
    link: null,
    mediaUrl: null,
    attachedPhotoIds: [],
    published: true,
    scheduledPublishTime: null,
    createdAt: Date.now() + state.clockOffsetMs,
  });
  return id;
}

export interface SentWebhook {
  object: string;
  entry: {
    id: string;
    time: number;
    changes?: { field: string; value: Record<string, unknown> }[];
    messaging?: Record<string, unknown>[];
  }[];
}

/** Captures the simulator's outbound POSTs (its `fetch` option), answering 200. */
export function webhookSink() {
  const received: { url: string; body: string; signature: string; at: number }[] = [];
  let answer = 200;
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const headers = new Headers(init.headers);
    received.push({
      url,
      body: String(init.body ?? ''),
      signature: headers.get('x-hub-signature-256') ?? '',
      at: Date.now(),
    });
    return new Response('ok', { status: answer });
  };
  return {
    fetch,
    received,
    /** The parsed bodies received so far. */
    bodies: () => received.map((r) => JSON.parse(r.body) as SentWebhook),
    answerWith(status: number) {
      answer = status;
    },
  };
}

/** A long-lived token of `kind` for `subjectId` (a Page or an Instagram Login account). */
export function tokenFor(state: SimState, kind: 'PAGE' | 'IG_USER', subjectId: string): string {
  const value = tokenValue(kind);
  const person = [...state.people.values()][0]!;
  state.tokens.set(value, {
    value,
    kind,
    personId: person.id,
    subjectId,
    scopes: [],
    declined: [],
    issuedAt: Math.floor(Date.now() / 1000),
    expiresAt: 0,
    dataAccessExpiresAt: Math.floor(Date.now() / 1000) + 90 * 86_400,
    longLived: true,
    invalidSubcode: null,
  });
  return value;
}

export const CALLBACK = 'https://app.test/meta/webhooks';

/** A simulator whose webhooks go to a sink, and a caller of its graph.facebook.com. */
export function simulatorWithSink() {
  const sink = webhookSink();
  const sim = createMetaGraphSimulator({
    config: { webhookCallbackUrl: CALLBACK },
    fetch: sink.fetch,
  });
  const graph = (path: string, init: RequestInit & { form?: Record<string, string> } = {}) =>
    sim.app.request(`${SIM_HOSTS.graph}/v25.0${path}`, {
      ...init,
      ...(init.form
        ? {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(init.form).toString(),
          }
        : {}),
    });
  return { sim, sink, graph, followers: sim.inbox.followers, webhooks: sim.inbox.webhooks };
}
