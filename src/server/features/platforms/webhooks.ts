import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { AppDeps } from '#server/platform/deps.ts';
import type { JobDefinition } from '#server/platform/jobs/queue.ts';
import { findUnsafeInput } from '#server/platform/http/input-guard.ts';
import { constantTimeEqual } from '#server/platform/security/tokens.ts';
import { verifyHubSignature } from '#server/integrations/meta/signatures.ts';
import { metaRuntime } from './meta-runtime.ts';
import * as repo from './platforms.repository.ts';

// Meta webhooks (docs/product/meta-platform.md#webhooks): the verification handshake, signature
// checks over the raw body, and one stored row per change, deduplicated, processed once by a job.
// Later areas (social monitor: comments and messages) register handlers for the fields they
// consume.

export const webhookEventJob: JobDefinition<{ eventId: string }> = {
  id: 'platforms.webhook-event',
  version: 1,
  payload: z.object({ eventId: z.uuid() }),
  retryLimit: 8,
  retryDelay: 5,
  policy: 'stately',
  // Comments and messages reach the inbox's open streams within a second (docs/decisions/091):
  // several events at once (their commits share the disk's flushes), and an idle queue asked
  // twice a second.
  concurrency: 8,
  pollingIntervalSeconds: 0.5,
};

export interface WebhookEvent {
  id: string;
  object: string;
  entryId: string;
  field: string;
  eventTime: Date | null;
  value: unknown;
}

type WebhookHandler = (deps: AppDeps, event: WebhookEvent) => Promise<void>;
const handlers = new Map<string, WebhookHandler[]>();

/** Subscribes to `object`/`field` changes, e.g. ('instagram', 'comments'), ('page', 'messages'). */
export function onMetaWebhook(object: string, field: string, handler: WebhookHandler): void {
  const key = `${object}:${field}`;
  handlers.set(key, [...(handlers.get(key) ?? []), handler]);
}

export function verifyHandshake(
  deps: AppDeps,
  query: Record<string, string | undefined>,
): { ok: true; challenge: string } | { ok: false } {
  const expected = metaRuntime(deps).webhookVerifyToken;
  const given = query['hub.verify_token'];
  if (
    query['hub.mode'] !== 'subscribe' ||
    !expected ||
    !given ||
    !constantTimeEqual(given, expected) ||
    !query['hub.challenge']
  ) {
    return { ok: false };
  }
  return { ok: true, challenge: query['hub.challenge'] };
}

const deliverySchema = z.object({
  object: z.string().min(1),
  entry: z
    .array(
      z
        .object({
          id: z.union([z.string(), z.number()]).transform(String),
          time: z.number().optional(),
          changes: z.array(z.object({ field: z.string(), value: z.unknown() })).optional(),
          messaging: z.array(z.record(z.string(), z.unknown())).optional(),
        })
        .loose(),
    )
    .max(1000),
});

/**
 * A delivery: refused (false) unless signed with one of the app secrets over exactly these bytes.
 * Each change (and each messaging item) becomes one row; a duplicate delivery finds its rows
 * already there and queues nothing.
 */
export async function receiveDelivery(
  deps: AppDeps,
  rawBody: Uint8Array,
  signature: string | undefined,
): Promise<{ accepted: boolean; malformed?: true; queued: number }> {
  if (!verifyHubSignature(rawBody, signature, metaRuntime(deps).signingSecrets)) {
    return { accepted: false, queued: 0 };
  }
  let parsed: z.infer<typeof deliverySchema>;
  try {
    const text = Buffer.from(rawBody).toString('utf8');
    // Nothing Meta sends is nested this deep; walking such a body would overflow the stack.
    if (findUnsafeInput(JSON.parse(text))?.problem === 'depth') {
      deps.logger.warn('meta webhook body nested too deep');
      return { accepted: false, malformed: true, queued: 0 };
    }
    // PostgreSQL cannot store a NUL character; a message that holds one is kept with U+FFFD.
    parsed = deliverySchema.parse(
      JSON.parse(text, (_key, value: unknown) =>
        typeof value === 'string' ? value.replaceAll(String.fromCharCode(0), '\uFFFD') : value,
      ),
    );
  } catch (error) {
    // Signed by Meta but not understood: accepted (so Meta stops retrying) and logged.
    deps.logger.warn({ err: error }, 'meta webhook body not understood');
    return { accepted: true, queued: 0 };
  }
  const rows = [];
  for (const entry of parsed.entry) {
    const items: { field: string; value: unknown }[] = [
      ...(entry.changes ?? []),
      ...(entry.messaging ?? []).map((m) => ({ field: 'messaging', value: m })),
    ];
    for (const item of items) {
      const body = JSON.stringify(item.value);
      rows.push({
        dedupeKey: createHash('sha256')
          .update(`${parsed.object}|${entry.id}|${item.field}|${entry.time ?? ''}|${body}`)
          .digest('hex'),
        object: parsed.object,
        entryId: entry.id,
        field: item.field,
        // Changes carry Unix seconds; messaging carries milliseconds
        // (docs/product/meta-platform.md#request-conventions).
        eventTime: entry.time ? new Date(entry.time > 1e12 ? entry.time : entry.time * 1000) : null,
        payload: item.value as object,
      });
    }
  }
  const ids = await repo.unsafeInsertWebhookEvents(deps.database.unsafeDb, rows);
  for (const eventId of ids) {
    await deps.jobs.send(webhookEventJob, { eventId }, { singletonKey: eventId });
  }
  return { accepted: true, queued: ids.length };
}

/** The job: runs each event's handlers once; a processed event is never handled again. */
export async function processWebhookEvent(deps: AppDeps, eventId: string): Promise<boolean> {
  const db = deps.database.unsafeDb;
  const row = await repo.unsafeFindWebhookEvent(db, eventId);
  if (!row || row.processedAt) return false;
  const event: WebhookEvent = {
    id: row.id,
    object: row.object,
    entryId: row.entryId,
    field: row.field,
    eventTime: row.eventTime,
    value: row.payload,
  };
  try {
    for (const handler of handlers.get(`${row.object}:${row.field}`) ?? []) {
      await handler(deps, event);
    }
  } catch (error) {
    await repo.unsafeRecordWebhookFailure(
      db,
      eventId,
      error instanceof Error ? error.message : String(error),
    );
    throw error;
  }
  return repo.unsafeMarkWebhookProcessed(db, eventId);
}
