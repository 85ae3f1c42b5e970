import { and, eq, inArray, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { hubSignature } from '#server/integrations/meta/signatures.ts';
import { createTenant, type TenantFixture } from '#server/test/fixtures.ts';
import type { TestApp } from '#server/test/app.ts';
import { metaRuntime } from '../platforms/meta-runtime.ts';
import { metaWebhookEvents, platformConnections } from '../platforms/platforms.tables.ts';
import { tokenContext } from '../platforms/connection-health.ts';
import { processWebhookEvent } from '../platforms/webhooks.ts';
import { inboxItems, inboxThreads } from './inbox.tables.ts';
import { registerInboxWebhooks } from './ingest-webhooks.ts';
import {
  inboxSource,
  type InboxSource,
  type PolledComment,
  type PolledMessage,
} from './sync-source.ts';

// A business with a connected Instagram account and Facebook Page, written straight to the
// database, and webhook deliveries signed as Meta signs them, sent through the app's own
// endpoint and processed by the same job function the worker runs.

registerInboxWebhooks();

export interface InboxBusiness {
  tenant: TenantFixture;
  tenantId: string;
  ig: { id: string; externalId: string };
  page: { id: string; externalId: string };
}

let counter = 0;
export const uniqueId = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(counter += 1)}${Math.floor(Math.random() * 1e6)}`;

export async function connectAccount(
  t: TestApp,
  tenantId: string,
  platform: 'instagram' | 'facebook',
  externalId: string,
  login: 'facebook' | 'instagram' = 'facebook',
): Promise<string> {
  const id = crypto.randomUUID();
  const deps = t.runtime.deps;
  await deps.database.unsafeDb.insert(platformConnections).values({
    id,
    userId: tenantId,
    platform,
    login,
    externalId,
    name: `${platform} ${externalId}`,
    username: platform === 'instagram' ? `acct_${externalId.slice(-5)}` : null,
    accessToken: deps.secrets.encrypt(`token-${externalId}`, tokenContext(id)),
  });
  return id;
}

export async function inboxBusiness(t: TestApp, ids?: { ig?: string; page?: string }) {
  const tenant = await createTenant(t.runtime.deps.database, 'inbox');
  const igExternal = ids?.ig ?? uniqueId('1784');
  const pageExternal = ids?.page ?? uniqueId('1099');
  return {
    tenant,
    tenantId: tenant.tenantId,
    ig: {
      id: await connectAccount(t, tenant.tenantId, 'instagram', igExternal),
      externalId: igExternal,
    },
    page: {
      id: await connectAccount(t, tenant.tenantId, 'facebook', pageExternal),
      externalId: pageExternal,
    },
  } satisfies InboxBusiness;
}

/** POSTs a signed delivery to /meta/webhooks; answers the HTTP status. */
export async function post(t: TestApp, body: string, signWith?: string): Promise<number> {
  const secret = signWith ?? metaRuntime(t.runtime.deps).signingSecrets[0]!;
  const res = await t.app.request('/meta/webhooks', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': hubSignature(body, secret),
    },
    body,
  });
  return res.status;
}

/** Delivers and processes it now (the worker may take some events first: either way, once). */
export async function deliver(t: TestApp, delivery: object): Promise<void> {
  const status = await post(t, JSON.stringify(delivery));
  expect(status).toBe(200);
  const entryIds = (delivery as { entry: { id: string }[] }).entry.map((e) => String(e.id));
  await processPending(t, entryIds);
}

export async function processPending(t: TestApp, entryIds: string[]): Promise<void> {
  const db = t.runtime.deps.database.unsafeDb;
  const rows = await db
    .select({ id: metaWebhookEvents.id })
    .from(metaWebhookEvents)
    .where(and(inArray(metaWebhookEvents.entryId, entryIds), isNull(metaWebhookEvents.processedAt)))
    .orderBy(metaWebhookEvents.receivedAt);
  for (const row of rows) await processWebhookEvent(t.runtime.deps, row.id);
}

// ——— Payloads (docs/product/meta-platform.md#webhook-payloads) ———

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

export function igComment(
  account: string,
  c: { id: string; text: string; from: string; media: string; parent?: string; at: Date },
) {
  return {
    object: 'instagram',
    entry: [
      {
        id: account,
        time: seconds(c.at),
        changes: [
          {
            field: 'comments',
            value: {
              id: c.id,
              text: c.text,
              from: { id: c.from, username: `user_${c.from}` },
              media: { id: c.media, media_product_type: 'FEED' },
              ...(c.parent ? { parent_id: c.parent } : {}),
            },
          },
        ],
      },
    ],
  };
}

export function feed(
  page: string,
  v: {
    verb: 'add' | 'edited' | 'remove' | 'hide' | 'unhide';
    id: string;
    post: string;
    text?: string;
    from?: string;
    parent?: string;
    at: Date;
  },
) {
  return {
    object: 'page',
    entry: [
      {
        id: page,
        time: seconds(v.at),
        changes: [
          {
            field: 'feed',
            value: {
              item: 'comment',
              verb: v.verb,
              comment_id: v.id,
              post_id: v.post,
              parent_id: v.parent ?? v.post,
              from: { id: v.from ?? '555', name: `Person ${v.from ?? '555'}` },
              message: v.text ?? '',
              created_time: seconds(v.at),
            },
          },
        ],
      },
    ],
  };
}

export function message(
  object: 'instagram' | 'page',
  account: string,
  m: {
    mid: string;
    person: string;
    text?: string;
    at: Date;
    echo?: boolean;
    metadata?: string;
    deleted?: boolean;
  },
) {
  const fromUs = m.echo === true;
  return {
    object,
    entry: [
      {
        id: account,
        time: m.at.getTime(),
        messaging: [
          {
            sender: { id: fromUs ? account : m.person },
            recipient: { id: fromUs ? m.person : account },
            timestamp: m.at.getTime(),
            message: {
              mid: m.mid,
              ...(m.deleted ? { is_deleted: true } : { text: m.text ?? '' }),
              ...(fromUs ? { is_echo: true, app_id: 1234 } : {}),
              ...(m.metadata ? { metadata: m.metadata } : {}),
            },
          },
        ],
      },
    ],
  };
}

export function read(
  object: 'instagram' | 'page',
  account: string,
  person: string,
  at: Date,
  mid?: string,
) {
  return {
    object,
    entry: [
      {
        id: account,
        time: at.getTime(),
        messaging: [
          {
            sender: { id: person },
            recipient: { id: account },
            timestamp: at.getTime(),
            read: mid ? { mid } : { watermark: at.getTime() },
          },
        ],
      },
    ],
  };
}

// ——— Reading the inbox back ———

export async function itemsOf(t: TestApp, tenantId: string) {
  return t.runtime.deps.database.unsafeDb
    .select()
    .from(inboxItems)
    .where(eq(inboxItems.userId, tenantId))
    .orderBy(inboxItems.sentAt);
}

export async function threadsOf(t: TestApp, tenantId: string) {
  return t.runtime.deps.database.unsafeDb
    .select()
    .from(inboxThreads)
    .where(eq(inboxThreads.userId, tenantId))
    .orderBy(inboxThreads.lastItemAt);
}

// ——— The live stream, read as a browser's EventSource would ———

export interface InboxStream {
  /** Data of each `inbox` event, parsed, with the time it was read (performance.now()). */
  events: { data: { threadId: string; kind: string; change: string }; at: number }[];
  /** Waits until an event names `threadId` (or fails after `ms`). */
  waitFor(threadId: string, ms?: number): Promise<number>;
  close(): Promise<void>;
}

export async function openInboxStream(
  t: TestApp,
  client: { ip: string; cookie?: string | null },
): Promise<InboxStream> {
  const res = await t.app.request('/api/publishing/live', {
    headers: { 'x-forwarded-for': client.ip, ...(client.cookie ? { cookie: client.cookie } : {}) },
  });
  expect(res.status).toBe(200);
  const events: InboxStream['events'] = [];
  const waiters = new Set<() => void>();
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          if (!lines.includes('event: inbox')) continue;
          const data = lines.find((l) => l.startsWith('data: '))?.slice(6) ?? '{}';
          events.push({ data: JSON.parse(data), at: performance.now() });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // Cancelled.
    }
  })();
  return {
    events,
    waitFor: (threadId, ms = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const hit = events.find((e) => e.data.threadId === threadId);
          if (!hit) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(hit.at);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no inbox event for ${threadId} within ${ms} ms`));
        }, ms);
        waiters.add(wake);
        check();
      }),
    close: async () => {
      await reader.cancel().catch(() => {});
      await pump;
    },
  };
}

// ——— A platform the sync reads, kept in memory ———

export interface FakeAccountData {
  posts: Map<string, PolledComment[]>;
  conversations: Map<string, { updatedTime: string; messages: PolledMessage[] }>;
  /** Comment listings stop short (not complete): no removal may be concluded. */
  partial?: boolean;
  calls: string[];
  fail?: string;
}

const fakeAccounts = new Map<string, FakeAccountData>();

/** The account's data as the sync will read it; other accounts read as empty. */
export function fakePlatform(t: TestApp, externalId: string): FakeAccountData {
  inboxSource.replace(t.runtime.deps, (account) => fakeSource(account.externalId));
  const data: FakeAccountData = { posts: new Map(), conversations: new Map(), calls: [] };
  fakeAccounts.set(externalId, data);
  return data;
}

function fakeSource(externalId: string): InboxSource {
  const data = () => fakeAccounts.get(externalId);
  const call = (name: string) => {
    const d = data();
    d?.calls.push(name);
    if (d?.fail) throw new Error(d.fail);
    return d;
  };
  return {
    recentPosts: async () => [...(call('posts')?.posts.keys() ?? [])].map((id) => ({ id })),
    comments: async (postId) => {
      const d = call(`comments:${postId}`);
      return { comments: [...(d?.posts.get(postId) ?? [])], complete: !d?.partial };
    },
    conversations: async () =>
      [...(call('conversations')?.conversations.entries() ?? [])].map(([id, c]) => ({
        id,
        updatedTime: c.updatedTime,
      })),
    messages: async (id) => [...(call(`messages:${id}`)?.conversations.get(id)?.messages ?? [])],
  };
}
