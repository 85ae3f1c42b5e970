import type { PolledComment, PolledMessage } from './sync-source.ts';
import { feed, igComment, message } from './ingest.test-helpers.ts';

// A small Meta for the ingest chaos run: accounts with comments (replies, edits, removals) and
// conversations (messages, unsends, messages written on the phone, messages we send), each
// change as the webhook Meta would send, and the record of what is true in the end — the
// witness the inbox must equal. The run's chaos (duplicates, reordering, drops) is applied to
// the list of webhooks by the test.

export interface ChaosAccount {
  kind: 'instagram' | 'page';
  externalId: string;
}

export interface TruthItem {
  externalId: string;
  kind: 'comment' | 'message';
  text: string;
  deleted: boolean;
  direction: 'in' | 'out';
  origin: 'app' | 'platform';
  /** Ours: the client ref of the row written before the send. */
  clientRef?: string;
  threadKey: string;
  /** The account it belongs to. */
  account: string;
}

export interface ChaosWebhook {
  /** The delivery (one entry, one change). */
  body: { object: string; entry: object[] };
  /** May be lost without the inbox's result changing, once polling has repaired it. */
  droppable: boolean;
}

export interface OurSend {
  account: ChaosAccount;
  threadKey: string;
  personId: string;
  clientRef: string;
  mid: string;
  text: string;
  sentAt: Date;
  /** The send's answer (the id) is lost: only the echo names the row. */
  answerLost: boolean;
}

export interface ChaosWorld {
  webhooks: ChaosWebhook[];
  truth: Map<string, TruthItem>;
  sends: OurSend[];
  /** What a poll reads per account. */
  platform: Map<
    string,
    {
      posts: Map<string, PolledComment[]>;
      conversations: Map<string, { updatedTime: string; messages: PolledMessage[] }>;
    }
  >;
}

/** A seeded random number generator (mulberry32), so a failing run can be replayed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEXTS = [
  'Love it ❤️',
  'Where can I buy this?',
  'Terrible service',
  'ok',
  'Thanks!',
  'price?',
];

export function buildWorld(
  accounts: ChaosAccount[],
  size: {
    commentsPerAccount: number;
    conversationsPerAccount: number;
    messagesPerConversation: number;
  },
  random: () => number,
  t0: number,
): ChaosWorld {
  const world: ChaosWorld = { webhooks: [], truth: new Map(), sends: [], platform: new Map() };
  let clock = 0;
  let serial = 0;
  const tick = () => new Date(t0 + (clock += 1 + Math.floor(random() * 3)) * 1000);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const id = (prefix: string) => `${prefix}${(serial += 1)}x${Math.floor(random() * 1e9)}`;
  const wh = (body: ChaosWebhook['body'], droppable: boolean) =>
    world.webhooks.push({ body, droppable });

  for (const account of accounts) {
    const ig = account.kind === 'instagram';
    const polled = { posts: new Map<string, PolledComment[]>(), conversations: new Map() };
    world.platform.set(account.externalId, polled);
    const posts = Array.from({ length: 5 }, () =>
      ig ? id('18') : `${account.externalId}_${id('')}`,
    );
    for (const p of posts) polled.posts.set(p, []);
    const tops: { id: string; post: string }[] = [];
    for (let i = 0; i < size.commentsPerAccount; i += 1) {
      const parent = tops.length > 0 && random() < 0.3 ? pick(tops) : null;
      const post = parent?.post ?? pick(posts);
      const cid = ig ? id('179') : `${post}_${id('')}`;
      const from = id('7');
      const at = tick();
      const text = pick(TEXTS);
      const truth: TruthItem = {
        externalId: cid,
        kind: 'comment',
        text,
        deleted: false,
        direction: 'in',
        origin: 'platform',
        threadKey: parent?.id ?? cid,
        account: account.externalId,
      };
      world.truth.set(cid, truth);
      const polledComment: PolledComment = {
        id: cid,
        text,
        time: at.toISOString(),
        from: { id: from },
        parentId: parent?.id ?? null,
        hidden: false,
      };
      polled.posts.get(post)!.push(polledComment);
      if (!parent) tops.push({ id: cid, post });
      // The add may be lost (a poll finds the comment); what changes it later is then never lost.
      const addLost = random() < 0.5;
      wh(
        ig
          ? igComment(account.externalId, {
              id: cid,
              text,
              from,
              media: post,
              ...(parent ? { parent: parent.id } : {}),
              at,
            })
          : feed(account.externalId, {
              verb: 'add',
              id: cid,
              post,
              text,
              from,
              ...(parent ? { parent: parent.id } : {}),
              at,
            }),
        addLost,
      );
      const roll = random();
      if (!ig && roll < 0.25) {
        // Edited once or twice on Facebook.
        for (let e = 0; e < (random() < 0.5 ? 1 : 2); e += 1) {
          truth.text = `${pick(TEXTS)} (edit ${e + 1})`;
          polledComment.text = truth.text;
          wh(
            feed(account.externalId, {
              verb: 'edited',
              id: cid,
              post,
              text: truth.text,
              at: tick(),
            }),
            true,
          );
        }
      } else if (roll < 0.35 && !parent) {
        // Removed: Facebook tells it; Instagram only shows it gone to a poll.
        truth.deleted = true;
        const list = polled.posts.get(post)!;
        list.splice(list.indexOf(polledComment), 1);
        if (!ig) wh(feed(account.externalId, { verb: 'remove', id: cid, post, at: tick() }), true);
      }
    }
    // Replies of removed comments go with them on the platform: they are removed too.
    for (const item of world.truth.values()) {
      if (item.kind !== 'comment' || item.deleted || item.threadKey === item.externalId) continue;
      const top = world.truth.get(item.threadKey);
      if (top?.deleted) {
        item.deleted = true;
        for (const list of polled.posts.values()) {
          const at = list.findIndex((c) => c.id === item.externalId);
          if (at >= 0) list.splice(at, 1);
        }
      }
    }

    const object = ig ? 'instagram' : 'page';
    for (let c = 0; c < size.conversationsPerAccount; c += 1) {
      const person = id('66');
      const threadKey = `${account.externalId}:${person}`;
      const messages: PolledMessage[] = [];
      for (let m = 0; m < size.messagesPerConversation; m += 1) {
        const at = tick();
        const mid = id('mid.');
        const roll = random();
        const text = pick(TEXTS);
        const direction = roll < 0.7 ? 'in' : 'out';
        const ours = direction === 'out' && roll < 0.85;
        const truth: TruthItem = {
          externalId: mid,
          kind: 'message',
          text,
          deleted: false,
          direction,
          origin: ours ? 'app' : 'platform',
          threadKey,
          account: account.externalId,
        };
        world.truth.set(mid, truth);
        if (ours) {
          const clientRef = crypto.randomUUID();
          truth.clientRef = clientRef;
          const answerLost = random() < 0.3;
          world.sends.push({
            account,
            threadKey,
            personId: person,
            clientRef,
            mid,
            text,
            sentAt: at,
            answerLost,
          });
          wh(
            message(object, account.externalId, {
              mid,
              person,
              text,
              at,
              echo: true,
              metadata: clientRef,
            }),
            !answerLost,
          );
        } else {
          const unsent = direction === 'in' && random() < 0.1;
          // An unsent message is not lost (the poll no longer shows it: only its webhook tells).
          wh(
            message(object, account.externalId, {
              mid,
              person,
              text,
              at,
              echo: direction === 'out',
            }),
            !unsent,
          );
          if (unsent) {
            truth.deleted = true;
            wh(
              message(object, account.externalId, { mid, person, deleted: true, at: tick() }),
              false,
            );
            continue;
          }
        }
        messages.push({
          id: mid,
          text,
          time: at.toISOString(),
          fromId: direction === 'in' ? person : account.externalId,
          toId: direction === 'in' ? account.externalId : person,
          attachments: [],
        });
      }
      polled.conversations.set(`conv-${person}`, {
        updatedTime: new Date(t0 + clock * 1000).toISOString(),
        messages,
      });
    }
  }
  return world;
}
