import { z } from 'zod';
import type { AppDeps } from '#server/platform/deps.ts';
import { businessScope, withTenant } from '#server/platform/db/tenant.ts';
import { onMetaWebhook, type WebhookEvent } from '../platforms/webhooks.ts';
import * as repo from './inbox-ingest.repository.ts';
import {
  ingestChange,
  ingestItem,
  ingestWatermark,
  type IngestTarget,
  type InboxChange,
} from './ingest.ts';
import { sentimentOf } from './sentiment.ts';

// The webhook side of the inbox's ingest (docs/product/meta-platform.md#webhook-payloads,
// #webhook-subscriptions): Instagram comments, mentions and messages, Facebook Page feed comments
// and Messenger messages, echoes and reads. Each stored webhook event (platforms/webhooks.ts, one
// row per change, processed once by a job) is turned into items and changes for every business
// that holds the account; an account nobody holds is acknowledged and dropped. A payload that
// does not parse is logged and dropped: retrying would not make it parse.

type Platform = repo.InboxPlatform;

const idString = z.union([z.string(), z.number()]).transform(String);
const person = z
  .object({ id: idString, username: z.string().optional(), name: z.string().optional() })
  .loose();
/** Unix seconds, milliseconds, or an ISO date. */
const time = z.union([z.number(), z.string()]).optional();

const igComment = z
  .object({
    id: idString,
    text: z.string().optional(),
    from: person.optional(),
    media: z.object({ id: idString }).loose().optional(),
    parent_id: idString.optional(),
    timestamp: time,
  })
  .loose();

const igMention = z
  .object({ media_id: idString, comment_id: idString.optional(), text: z.string().optional() })
  .loose();

const feedChange = z
  .object({
    item: z.string(),
    verb: z.string(),
    comment_id: idString.optional(),
    post_id: idString.optional(),
    parent_id: idString.optional(),
    from: person.optional(),
    message: z.string().optional(),
    created_time: time,
  })
  .loose();

const attachment = z
  .object({
    type: z.string(),
    payload: z.object({ url: z.string().optional() }).loose().optional(),
  })
  .loose();
const messagingItem = z
  .object({
    sender: z.object({ id: idString }).loose(),
    recipient: z.object({ id: idString }).loose(),
    timestamp: time,
    message: z
      .object({
        mid: z.string(),
        text: z.string().optional(),
        attachments: z.array(attachment).optional(),
        is_echo: z.boolean().optional(),
        is_deleted: z.boolean().optional(),
        metadata: z.string().optional(),
        reply_to: z.object({ mid: z.string().optional() }).loose().optional(),
      })
      .loose()
      .optional(),
    message_edit: z.object({ mid: z.string(), text: z.string().optional() }).loose().optional(),
    read: z
      .object({ watermark: z.number().optional(), mid: z.string().optional() })
      .loose()
      .optional(),
  })
  .loose();

/** A platform time as a Date; `fallback` when missing or unreadable. */
export function platformTime(value: number | string | undefined, fallback: Date): Date {
  if (value === undefined) return fallback;
  if (typeof value === 'number') return new Date(value > 1e12 ? value : value * 1000);
  const asNumber = Number(value);
  if (Number.isFinite(asNumber) && value.trim() !== '') return platformTime(asNumber, fallback);
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? fallback : parsed;
}

/** How often (at most) the last-webhook time of one account is written. */
const WEBHOOK_TOUCH_GAP_MS = 10_000;
const lastTouched = new Map<string, number>();

async function touch(deps: AppDeps, target: IngestTarget, at: Date): Promise<void> {
  const last = lastTouched.get(target.connectionId) ?? 0;
  if (at.getTime() - last < WEBHOOK_TOUCH_GAP_MS) return;
  lastTouched.set(target.connectionId, at.getTime());
  await withTenant(deps.database, businessScope(target.tenantId), (tx) =>
    repo.touchWebhookAt(tx, target.tenantId, target.connectionId, at, WEBHOOK_TOUCH_GAP_MS),
  );
}

type PerBusiness = (target: IngestTarget, event: WebhookEvent, entryTime: Date) => Promise<void>;

/** Runs `work` for each business holding the event's account. */
function forHolders(platform: Platform, work: PerBusiness) {
  return async (deps: AppDeps, event: WebhookEvent): Promise<void> => {
    const holders = await repo.unsafeConnectionsHolding(
      deps.database.unsafeDb,
      platform,
      event.entryId,
    );
    const entryTime = event.eventTime ?? new Date();
    for (const holder of holders) {
      const target = { tenantId: holder.userId, connectionId: holder.id };
      await work(target, event, entryTime);
      await touch(deps, target, new Date());
    }
  };
}

function parseOr<T>(deps: AppDeps, schema: z.ZodType<T>, event: WebhookEvent): T | null {
  const parsed = schema.safeParse(event.value);
  if (parsed.success) return parsed.data;
  deps.logger.warn(
    { eventId: event.id, object: event.object, field: event.field },
    'inbox webhook value not understood, dropped',
  );
  return null;
}

function instagramComment(deps: AppDeps): PerBusiness {
  return async (target, event, entryTime) => {
    const v = parseOr(deps, igComment, event);
    if (!v) return;
    const out = v.from?.id === event.entryId;
    const author = v.from ? { id: v.from.id, name: null, handle: v.from.username ?? null } : null;
    const text = v.text ?? '';
    await ingestItem(deps, target, {
      platform: 'instagram',
      kind: 'comment',
      externalId: v.id,
      parentExternalId: v.parent_id ?? null,
      thread: {
        kind: 'comment',
        key: v.parent_id ?? v.id,
        postExternalId: v.media?.id ?? null,
        conversationId: null,
        participant: v.parent_id ? null : author,
      },
      direction: out ? 'out' : 'in',
      origin: 'platform',
      source: 'webhook',
      author,
      text,
      attachments: [],
      sentAt: platformTime(v.timestamp, entryTime),
      sentiment: out ? null : sentimentOf(text),
    });
  };
}

function instagramMention(deps: AppDeps): PerBusiness {
  return async (target, event, entryTime) => {
    const v = parseOr(deps, igMention, event);
    // A mention in a caption names no comment: nothing to answer in the inbox.
    if (!v?.comment_id) return;
    const text = v.text ?? '';
    await ingestItem(deps, target, {
      platform: 'instagram',
      kind: 'comment',
      externalId: v.comment_id,
      parentExternalId: null,
      thread: {
        kind: 'comment',
        key: v.comment_id,
        postExternalId: v.media_id,
        conversationId: null,
        participant: null,
      },
      direction: 'in',
      origin: 'platform',
      source: 'webhook',
      author: null,
      text,
      attachments: [],
      sentAt: entryTime,
      sentiment: sentimentOf(text),
    });
  };
}

const FEED_VERBS: Record<string, InboxChange['verb']> = {
  edited: 'edited',
  remove: 'remove',
  hide: 'hide',
  unhide: 'unhide',
};

function pageFeed(deps: AppDeps): PerBusiness {
  return async (target, event, entryTime) => {
    const v = parseOr(deps, feedChange, event);
    if (!v || v.item !== 'comment' || !v.comment_id) return;
    if (v.verb !== 'add') {
      const verb = FEED_VERBS[v.verb];
      if (!verb) return;
      await ingestChange(
        deps,
        target,
        'facebook',
        v.comment_id,
        verb === 'edited' ? { verb, text: v.message ?? '' } : { verb },
        entryTime,
      );
      return;
    }
    // A top-level comment names the post as its parent.
    const parent = v.parent_id && v.parent_id !== v.post_id ? v.parent_id : null;
    const out = v.from?.id === event.entryId;
    const author = v.from ? { id: v.from.id, name: v.from.name ?? null, handle: null } : null;
    const text = v.message ?? '';
    await ingestItem(deps, target, {
      platform: 'facebook',
      kind: 'comment',
      externalId: v.comment_id,
      parentExternalId: parent,
      thread: {
        kind: 'comment',
        key: parent ?? v.comment_id,
        postExternalId: v.post_id ?? null,
        conversationId: null,
        participant: parent ? null : author,
      },
      direction: out ? 'out' : 'in',
      origin: 'platform',
      source: 'webhook',
      author,
      text,
      attachments: [],
      sentAt: platformTime(v.created_time, entryTime),
      sentiment: out ? null : sentimentOf(text),
    });
  };
}

function messaging(deps: AppDeps, platform: Platform): PerBusiness {
  return async (target, event, entryTime) => {
    const v = parseOr(deps, messagingItem, event);
    if (!v) return;
    const account = event.entryId;
    const at = platformTime(v.timestamp, entryTime);
    const echo = v.message?.is_echo === true || v.sender.id === account;
    const personId = echo ? v.recipient.id : v.sender.id;
    const threadKey = `${account}:${personId}`;
    if (v.read) {
      if (v.read.mid) {
        await ingestChange(deps, target, platform, v.read.mid, { verb: 'read' }, at);
      } else if (v.read.watermark) {
        await ingestWatermark(
          deps,
          target,
          platform,
          threadKey,
          platformTime(v.read.watermark, at),
          at,
        );
      }
      return;
    }
    if (v.message_edit) {
      const edit = { verb: 'edited' as const, text: v.message_edit.text ?? '' };
      await ingestChange(deps, target, platform, v.message_edit.mid, edit, at);
      return;
    }
    const m = v.message;
    if (!m) return;
    if (m.is_deleted) {
      await ingestChange(deps, target, platform, m.mid, { verb: 'unsend' }, at);
      return;
    }
    const text = m.text ?? '';
    await ingestItem(deps, target, {
      platform,
      kind: 'message',
      externalId: m.mid,
      parentExternalId: m.reply_to?.mid ?? null,
      thread: {
        kind: 'conversation',
        key: threadKey,
        postExternalId: null,
        conversationId: null,
        participant: { id: personId, name: null, handle: null },
      },
      direction: echo ? 'out' : 'in',
      origin: 'platform',
      source: 'webhook',
      author: echo ? null : { id: personId, name: null, handle: null },
      text,
      attachments: (m.attachments ?? []).map((a) => ({ type: a.type, url: a.payload?.url ?? '' })),
      sentAt: at,
      sentiment: echo ? null : sentimentOf(text),
      clientRef: echo ? (m.metadata ?? null) : null,
    });
  };
}

let registered = false;

/** Subscribes the inbox to Meta's webhooks, once per process. */
export function registerInboxWebhooks(): void {
  if (registered) return;
  registered = true;
  const on = (object: 'instagram' | 'page', field: string, make: (deps: AppDeps) => PerBusiness) =>
    onMetaWebhook(object, field, (deps, event) =>
      forHolders(object === 'page' ? 'facebook' : 'instagram', make(deps))(deps, event),
    );
  on('instagram', 'comments', instagramComment);
  on('instagram', 'live_comments', instagramComment);
  on('instagram', 'mentions', instagramMention);
  on('instagram', 'messaging', (deps) => messaging(deps, 'instagram'));
  // Test events sent from Meta's dashboard arrive as changes of the field `messages`.
  on('instagram', 'messages', (deps) => messaging(deps, 'instagram'));
  on('page', 'feed', pageFeed);
  on('page', 'messaging', (deps) => messaging(deps, 'facebook'));
}
