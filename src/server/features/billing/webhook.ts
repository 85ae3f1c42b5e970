import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { AppError } from '#shared/errors/index.ts';
import type { Tx } from '#server/platform/db/client.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { SYSTEM_SCOPE } from '../subscription/trial-expiry.ts';
import { subscription } from '../subscription/subscription.tables.ts';
import { billingEvents, billingWebhookFailures } from './billing.tables.ts';
import { billingRuntime } from './billing-runtime.ts';
import { businessOfCustomer, convergeBusiness, type ConvergeOutcome } from './converge.ts';
import { sendPaymentFailed, sendTrialEnding } from './billing-emails.ts';

// Stripe's webhooks (docs/decisions/094, "Webhooks"). A delivery is believed only when Stripe's
// signature over the raw body verifies and was made at most WEBHOOK_TOLERANCE_S ago, so a
// forged or replayed delivery changes nothing. The event id is recorded in the same transaction
// as its effect (`on conflict do nothing`): a duplicate finds the id and applies nothing, and an
// event whose effect failed leaves no id, so Stripe's retry applies it. The effect never comes
// from the payload: the business's subscriptions are read again from Stripe and stored
// (converge.ts), so the same events in any order leave the same row.

/** Seconds a signature stays valid; an older one is a replay. */
export const WEBHOOK_TOLERANCE_S = 300;

/** The events that converge the business; every other type is recorded as ignored. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
]);

/**
 * The cap on what an unauthenticated sender can write (docs/decisions/094): a failure row with
 * the same reason (and, for signed events, the same event id) is written at most once per
 * FAILURE_WINDOW_MS. The reasons of refused deliveries are a few fixed texts, so a forger
 * flooding the endpoint adds at most one row per reason per minute, and never pushes an
 * administrator's real failures out of view as pruning to the newest rows would.
 */
export const FAILURE_WINDOW_MS = 60_000;
const FIELD_CHARS = 255;
const REASON_CHARS = 1_000;

export const REFUSALS = {
  missing: 'signature missing: no Stripe-Signature header',
  signature: 'signature invalid: no signature matches the body with the webhook secret',
  tolerance: `signature too old: signed more than ${WEBHOOK_TOLERANCE_S} s ago (a replay)`,
  malformed: 'payload malformed: signed, but not a Stripe event',
} as const;

export interface WebhookAnswer {
  received: true;
  /** The event was applied before: nothing was done. */
  duplicate: boolean;
  /** What recording it did (null for a duplicate). */
  outcome: 'applied' | 'ignored' | null;
}

interface FailureInput {
  reason: string;
  eventId?: string | null;
  type?: string | null;
  /** Signed events: dedupe per event id too; refused deliveries: per reason only. */
  perEvent: boolean;
}

const clip = (value: string | null | undefined, chars: number) =>
  typeof value === 'string' ? value.slice(0, chars) : null;

/** Writes a failure row unless the same one was written within the window. */
async function writeFailure(tx: Tx, input: FailureInput, now: Date): Promise<boolean> {
  const reason = clip(input.reason, REASON_CHARS)!;
  const eventId = input.perEvent ? clip(input.eventId, FIELD_CHARS) : null;
  const key = `billing-webhook-failure:${reason}:${eventId ?? ''}`;
  // One writer per key at a time, so concurrent refusals cannot both pass the check.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  const recent = await tx
    .select({ id: billingWebhookFailures.id })
    .from(billingWebhookFailures)
    .where(
      sql`${billingWebhookFailures.reason} = ${reason} and ${billingWebhookFailures.at} > ${since}::timestamptz
          ${input.perEvent ? sql`and ${billingWebhookFailures.eventId} is not distinct from ${eventId}` : sql``}`,
    )
    .limit(1);
  if (recent.length > 0) return false;
  await tx.insert(billingWebhookFailures).values({
    reason,
    eventId: clip(input.eventId, FIELD_CHARS),
    type: clip(input.type, FIELD_CHARS),
    at: now,
  });
  return true;
}

/** Records a failure in a transaction of its own (after a refusal or a rollback). */
export async function recordFailure(deps: AppDeps, input: FailureInput, now = new Date()) {
  try {
    await withTenant(deps.database, SYSTEM_SCOPE, (tx) => writeFailure(tx, input, now));
  } catch (error) {
    deps.logger.error({ err: error, reason: input.reason }, 'billing webhook failure not recorded');
  }
}

/** The id and type a body claims, for the failure row; never trusted for anything else. */
function claimed(raw: string): { eventId: string | null; type: string | null } {
  try {
    const parsed = JSON.parse(raw) as { id?: unknown; type?: unknown };
    return {
      eventId: typeof parsed.id === 'string' ? parsed.id : null,
      type: typeof parsed.type === 'string' ? parsed.type : null,
    };
  } catch {
    return { eventId: null, type: null };
  }
}

function refused(kind: keyof typeof REFUSALS): AppError {
  return AppError.from('VALIDATION_ERROR', {
    userMessage:
      kind === 'malformed'
        ? 'The webhook payload is not a Stripe event.'
        : 'The Stripe signature is missing, invalid or too old. Nothing was changed.',
    technicalMessage: `Stripe webhook refused: ${REFUSALS[kind]}`,
  });
}

/** Verifies the delivery; throws the 400 (after recording the failure) when it does not. */
async function verified(
  deps: AppDeps,
  raw: string,
  header: string | undefined,
): Promise<Stripe.Event> {
  const runtime = billingRuntime(deps);
  const stripe = runtime.stripe!;
  let kind: keyof typeof REFUSALS | null = null;
  let event: Stripe.Event | null = null;
  if (!header) kind = 'missing';
  else {
    try {
      // Test mode: the simulator's clock is Stripe's time, so a signature is as old as it says.
      const receivedAt = runtime.simulator ? runtime.simulator.nowSec() * 1000 : undefined;
      event = await stripe.webhooks.constructEventAsync(
        raw,
        header,
        runtime.webhookSecret!,
        WEBHOOK_TOLERANCE_S,
        undefined,
        receivedAt,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      const isSignature = (error as { type?: string }).type === 'StripeSignatureVerificationError';
      kind = !isSignature ? 'malformed' : /tolerance/i.test(message) ? 'tolerance' : 'signature';
    }
  }
  if (
    !kind &&
    (!event || typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data)
  ) {
    kind = 'malformed';
  }
  if (kind) {
    await recordFailure(deps, { reason: REFUSALS[kind], ...claimed(raw), perEvent: false });
    deps.logger.warn({ reason: REFUSALS[kind] }, 'Stripe webhook refused');
    throw refused(kind);
  }
  return event!;
}

const idOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id;
  }
  return null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The business the event is about: its Stripe customer's. A Checkout Session's
 * client_reference_id names a business too, but is believed only when that business's stored
 * customer is the session's.
 */
async function businessOfEvent(tx: Tx, event: Stripe.Event): Promise<string | null> {
  const object = event.data.object as {
    id?: unknown;
    object?: unknown;
    customer?: unknown;
    client_reference_id?: unknown;
  };
  const customer = object.object === 'customer' ? idOf(object.id) : idOf(object.customer);
  if (!customer) return null;
  const byCustomer = await businessOfCustomer(tx, customer);
  if (byCustomer) return byCustomer;
  const reference = object.client_reference_id;
  if (object.object !== 'checkout.session' || typeof reference !== 'string') return null;
  if (!UUID.test(reference)) return null;
  const [row] = await tx
    .select({ customer: subscription.stripeCustomerId })
    .from(subscription)
    .where(eq(subscription.userId, reference))
    .limit(1);
  return row?.customer === customer ? reference : null;
}

interface Applied {
  outcome: 'applied' | 'ignored';
  businessId: string | null;
  converged: ConvergeOutcome | null;
}

/** The event's effect and its record, in one transaction; null for a duplicate. */
async function apply(deps: AppDeps, event: Stripe.Event, now: Date): Promise<Applied | null> {
  return withTenant(deps.database, SYSTEM_SCOPE, async (tx) => {
    const inserted = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, outcome: 'ignored', receivedAt: now })
      .onConflictDoNothing({ target: billingEvents.id })
      .returning({ id: billingEvents.id });
    if (inserted.length === 0) return null;
    const businessId = await businessOfEvent(tx, event);
    let result: Applied;
    let detail: string;
    if (!HANDLED_EVENTS.has(event.type)) {
      result = { outcome: 'ignored', businessId, converged: null };
      detail = 'not an event billing acts on';
    } else if (!businessId) {
      result = { outcome: 'ignored', businessId: null, converged: null };
      detail = 'unknown customer';
    } else {
      const converged = await convergeBusiness(deps, tx, businessId, now);
      result = { outcome: 'applied', businessId, converged };
      detail = converged.detail;
      if (converged.problem) {
        deps.logger.error(
          { businessId, eventId: event.id, problem: converged.problem },
          'billing problem: an administrator must resolve it',
        );
        await writeFailure(
          tx,
          {
            reason: `business ${businessId}: ${converged.problem}`,
            eventId: event.id,
            type: event.type,
            perEvent: false,
          },
          now,
        );
      }
    }
    await tx
      .update(billingEvents)
      .set({
        outcome: result.outcome,
        userId: result.businessId,
        detail: clip(detail, REASON_CHARS),
        stripeCalls: result.converged?.stripeCalls ?? 0,
      })
      .where(eq(billingEvents.id, event.id));
    return result;
  });
}

/** The owner's e-mails for an event just recorded (never for a duplicate). */
async function mailOwner(deps: AppDeps, event: Stripe.Event, applied: Applied) {
  const { businessId, converged } = applied;
  if (!businessId || !converged) return;
  try {
    if (event.type === 'customer.subscription.trial_will_end' && converged.trialEndsAt) {
      await sendTrialEnding(deps, businessId, converged.trialEndsAt);
    }
    // Whichever event first shows the failed renewal (invoice.payment_failed or the
    // subscription's update to past_due) opens the episode and sends its one e-mail.
    if (converged.enteredPastDue && converged.graceEndsAt) {
      await sendPaymentFailed(deps, businessId, converged.graceEndsAt);
    }
  } catch (error) {
    deps.logger.error({ err: error, businessId, eventId: event.id }, 'billing e-mail not sent');
  }
}

/**
 * Handles one delivery of Stripe's webhook: 404 in manual mode, 400 when refused, 500 (Stripe
 * retries) when the effect failed, otherwise what was recorded.
 */
export async function receiveStripeWebhook(
  deps: AppDeps,
  raw: string,
  signature: string | undefined,
  now = new Date(),
): Promise<WebhookAnswer> {
  const runtime = billingRuntime(deps);
  if (runtime.mode === 'manual' || !runtime.stripe || !runtime.webhookSecret) {
    throw AppError.from('NOT_FOUND', {
      technicalMessage: 'Stripe webhook: billing is manual or has no webhook secret',
    });
  }
  const event = await verified(deps, raw, signature);
  let applied: Applied | null;
  try {
    applied = await apply(deps, event, now);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.logger.error(
      { err: error, eventId: event.id, type: event.type },
      'Stripe webhook not applied',
    );
    await recordFailure(deps, {
      reason: `not applied (Stripe will retry): ${message}`,
      eventId: event.id,
      type: event.type,
      perEvent: true,
    });
    throw AppError.from('SUBSCRIPTION_ERROR', {
      userMessage: 'The event could not be applied now; send it again later.',
      technicalMessage: `Stripe webhook ${event.id} (${event.type}) not applied`,
      cause: error,
    });
  }
  if (!applied) return { received: true, duplicate: true, outcome: null };
  await mailOwner(deps, event, applied);
  return { received: true, duplicate: false, outcome: applied.outcome };
}
