import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { MetaApiError } from '#server/integrations/meta/errors.ts';
import { createSignedInUser, type SignedInUser, type TestApp } from '#server/test/app.ts';
import { tokenContext } from '../platforms/connection-health.ts';
import { metaRuntime } from '../platforms/meta-runtime.ts';
import { platformConnections } from '../platforms/platforms.tables.ts';
import { inboxPlatform, type InboxPlatformClient } from './inbox-actions-platform.ts';
import { inboxItems, inboxThreads } from './inbox.tables.ts';

// Set-up of the social monitor's route tests (docs/decisions/091): a signed-in business with an
// Instagram account and a Facebook Page connected (rows written straight to the database, with
// encrypted tokens), threads and items as the ingest would have stored them, and a scripted
// platform in place of the Graph API's inbox calls that records every call and can refuse.

export interface Account {
  id: string;
  externalId: string;
  platform: 'instagram' | 'facebook';
}

export interface InboxOwner {
  user: SignedInUser;
  tenantId: string;
  ig: Account;
  page: Account;
}

let counter = 0;
export const uid = (prefix = 'x') =>
  `${prefix}${Date.now().toString(36)}${(counter += 1)}${Math.floor(Math.random() * 1e6)}`;

export async function connect(
  t: TestApp,
  tenantId: string,
  platform: 'instagram' | 'facebook',
): Promise<Account> {
  const id = crypto.randomUUID();
  const externalId = uid(platform === 'instagram' ? '1784' : '1099');
  const deps = t.runtime.deps;
  await deps.database.unsafeDb.insert(platformConnections).values({
    id,
    userId: tenantId,
    platform,
    login: 'facebook',
    externalId,
    linkedPageId: platform === 'instagram' ? uid('1099') : null,
    name: `${platform === 'instagram' ? 'Insta' : 'Page'} ${externalId.slice(-4)}`,
    username: platform === 'instagram' ? `acct_${externalId.slice(-5)}` : null,
    accessToken: deps.secrets.encrypt(`token-${externalId}`, tokenContext(id)),
  });
  return { id, externalId, platform };
}

export async function inboxOwner(t: TestApp, businessName?: string): Promise<InboxOwner> {
  const user = await createSignedInUser(t, businessName ? { businessName } : {});
  return {
    user,
    tenantId: user.userId,
    ig: await connect(t, user.userId, 'instagram'),
    page: await connect(t, user.userId, 'facebook'),
  };
}

export interface SeedItem {
  direction: 'in' | 'out';
  text: string;
  /** Minutes before now (platform time). */
  minutesAgo: number;
  externalId?: string;
  parentExternalId?: string | null;
  origin?: 'app' | 'platform';
  sentByUserId?: string | null;
  hidden?: boolean;
  deleted?: boolean;
  authorId?: string;
}

export interface Seeded {
  threadId: string;
  itemIds: string[];
  externalIds: string[];
}

/** A thread with its items, its figures as the ingest keeps them. */
export async function seedThread(
  t: TestApp,
  tenantId: string,
  account: Account,
  options: {
    kind?: 'comment' | 'conversation';
    items: SeedItem[];
    participant?: { id?: string; name?: string | null; handle?: string | null };
    postExternalId?: string | null;
    unread?: number;
    sentiment?: 'positive' | 'neutral' | 'negative' | null;
  },
): Promise<Seeded> {
  const db = t.runtime.deps.database.unsafeDb;
  const kind = options.kind ?? 'comment';
  const now = Date.now();
  const personId = options.participant?.id ?? uid('p');
  const ids = options.items.map((i) => i.externalId ?? uid(kind === 'comment' ? 'c' : 'm'));
  const at = (i: SeedItem) => new Date(now - i.minutesAgo * 60_000);
  const sorted = [...options.items].sort((a, b) => b.minutesAgo - a.minutesAgo);
  const newest = sorted.at(-1)!;
  const inbound = sorted.filter((i) => i.direction === 'in').at(-1);
  const visible = sorted.filter((i) => !i.hidden && !i.deleted).at(-1);
  const threadId = crypto.randomUUID();
  await db.insert(inboxThreads).values({
    id: threadId,
    userId: tenantId,
    connectionId: account.id,
    platform: account.platform,
    kind,
    externalKey: kind === 'comment' ? ids[0]! : `${account.externalId}:${personId}`,
    postExternalId: kind === 'comment' ? (options.postExternalId ?? uid('media')) : null,
    participantId: personId,
    participantName: options.participant?.name ?? null,
    participantHandle: options.participant?.handle ?? `user_${personId.slice(-4)}`,
    lastItemAt: at(newest),
    lastInboundAt: inbound ? at(inbound) : null,
    unreadCount: options.unread ?? 0,
    needsReply: visible?.direction === 'in',
    sentiment: options.sentiment ?? null,
    preview: visible?.text ?? '',
  });
  const rows = await db
    .insert(inboxItems)
    .values(
      options.items.map((i, n) => ({
        userId: tenantId,
        threadId,
        platform: account.platform,
        kind: kind === 'comment' ? ('comment' as const) : ('message' as const),
        externalId: ids[n]!,
        parentExternalId:
          i.parentExternalId !== undefined ? i.parentExternalId : n === 0 ? null : ids[0]!,
        direction: i.direction,
        origin: i.origin ?? (i.direction === 'out' ? ('platform' as const) : ('platform' as const)),
        source: 'webhook' as const,
        authorId: i.authorId ?? (i.direction === 'in' ? personId : account.externalId),
        authorName: i.direction === 'in' ? (options.participant?.name ?? null) : null,
        text: i.text,
        sentAt: at(i),
        hidden: i.hidden ?? false,
        hiddenBy: i.hidden ? ('platform' as const) : null,
        deletedAt: i.deleted ? new Date() : null,
        sentByUserId: i.sentByUserId ?? null,
      })),
    )
    .returning({ id: inboxItems.id });
  return { threadId, itemIds: rows.map((r) => r.id), externalIds: ids };
}

export async function readItemRow(t: TestApp, id: string) {
  const [row] = await t.runtime.deps.database.unsafeDb
    .select()
    .from(inboxItems)
    .where(eq(inboxItems.id, id));
  return row;
}

export async function itemsOfThread(t: TestApp, threadId: string) {
  return t.runtime.deps.database.unsafeDb
    .select()
    .from(inboxItems)
    .where(eq(inboxItems.threadId, threadId));
}

export async function threadRow(t: TestApp, threadId: string) {
  const [row] = await t.runtime.deps.database.unsafeDb
    .select()
    .from(inboxThreads)
    .where(eq(inboxThreads.id, threadId));
  return row!;
}

export function graphError(code: number, subcode: number | null = null): MetaApiError {
  return new MetaApiError({
    kind: 'invalid_parameter',
    httpStatus: 400,
    code,
    subcode,
    type: 'OAuthException',
    message: `(#${code}) refused`,
    fbtraceId: null,
    isTransient: false,
    userTitle: null,
    userMessage: null,
    retryAfterMs: null,
    missingPermission: null,
  });
}

export type Call = { name: keyof InboxPlatformClient; input: Record<string, unknown> };

export interface ScriptedPlatform {
  calls: Call[];
  /** The next call throws this. */
  failNext(error: unknown): void;
  /** Runs before the next call answers, with the id it will give (an echo arriving first). */
  beforeAnswer(fn: (id: string) => Promise<void>): void;
  /** Puts the real inbox client back (test files may share the test app). */
  restore(): void;
}

/** The Graph API client's inbox calls (the simulator's, in demo mode). */
export function useRealPlatform(t: TestApp): void {
  inboxPlatform.replace(t.runtime.deps, metaRuntime(t.runtime.deps).client.inbox);
}

/** Puts a scripted Graph API in place of the inbox client of the test app. */
export function scriptPlatform(t: TestApp): ScriptedPlatform {
  const calls: Call[] = [];
  let failure: unknown = null;
  let hook: ((id: string) => Promise<void>) | null = null;
  let n = 0;
  /** The id the platform gives, after the scripted echo or failure. */
  const record = async (name: keyof InboxPlatformClient, input: object): Promise<string> => {
    calls.push({ name, input: input as Record<string, unknown> });
    if (failure) {
      const error = failure;
      failure = null;
      throw error;
    }
    n += 1;
    const id = `${name === 'replyToComment' ? 'reply' : 'mid'}_${n}_${uid()}`;
    if (hook) {
      const run = hook;
      hook = null;
      await run(id);
    }
    return id;
  };
  const fake: InboxPlatformClient = {
    async replyToComment(input) {
      return { id: await record('replyToComment', input) };
    },
    async setCommentHidden(input) {
      await record('setCommentHidden', input);
    },
    async deleteComment(input) {
      await record('deleteComment', input);
    },
    async setCommentLiked(input) {
      await record('setCommentLiked', input);
    },
    async privateReply(input) {
      return { recipientId: 'someone', messageId: await record('privateReply', input) };
    },
    async sendMessage(input) {
      return { recipientId: input.recipientId, messageId: await record('sendMessage', input) };
    },
  };
  inboxPlatform.replace(t.runtime.deps, fake);
  return {
    restore() {
      useRealPlatform(t);
    },
    calls,
    failNext(error) {
      failure = error;
    },
    beforeAnswer(fn) {
      hook = fn;
    },
  };
}

/** A request expected to answer `status`; its envelope's data. */
export async function expectOk(
  res: { status: number; text: string; json: { data: unknown } },
  status = 200,
) {
  expect(res.status, res.text).toBe(status);
  return res.json.data as never;
}
