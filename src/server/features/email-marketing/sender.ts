import type { Transporter } from 'nodemailer';
import type { AppDeps } from '#server/platform/deps.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { emailOutbox } from '#server/platform/db/system.tables.ts';
import { businessScope, withTenant, withTenantStatement } from '#server/platform/db/tenant.ts';
import { createSmtpTransport } from '#server/platform/email/smtp-transport.ts';
import { createLinkToken } from './link-tokens.ts';
import { linksOf, mergeValuesOf, renderCampaignEmail } from './render.ts';
import { whereOfSegment, segmentOf } from './reach.ts';
import { businessNameOf, fromOf } from './sender-identity.ts';
import { acquireSenderLease } from './sender-lease.ts';
import { senderSettingsOf, type SenderSettings } from './sender-settings.ts';
import { insertRecipients } from './campaigns.repository.ts';
import {
  SOFT_BOUNCE_ATTEMPTS,
  SOFT_BOUNCES_TO_SUPPRESS,
  answerRecipient,
  claimStatement,
  finishIfDone,
  markStarted,
  promoteDue,
  recordSent,
  sendingCampaigns,
  stillSending,
  softBounces,
  suppress,
  type Claimed,
} from './sending.repository.ts';
import type { CampaignRow } from './campaigns.repository.ts';

// The sender of one business (docs/decisions/100): it holds the business's lease, so no other
// sender of the business runs at the same time, and works through the business's e-mails being
// sent, the earliest due first, one message at a time at EMAIL_MARKETING_RATE_PER_MINUTE. For each
// message: claim the recipient (committed), check its consent and the suppression list again,
// hand the message to the SMTP server, record the answer. Without SMTP_URL each message is kept
// in the e-mail outbox, where the development mailbox shows it, and counts as sent.

export interface SenderReport {
  /** False when another sender held the business's lease. */
  ran: boolean;
  sent: number;
  refused: number;
  softBounces: number;
  skipped: number;
}

type Outcome =
  { kind: 'sent' } | { kind: 'hard'; reason: string } | { kind: 'soft'; reason: string };

/** An SMTP error's answer: 5xx is a refusal of the address, anything else may pass later. */
function outcomeOf(error: unknown): Outcome {
  const code = (error as { responseCode?: number }).responseCode;
  const reason = String((error as Error).message ?? error).slice(0, 500);
  if (typeof code === 'number' && code >= 500 && code < 600) return { kind: 'hard', reason };
  return { kind: 'soft', reason };
}

const ACTIVITY_BATCH = 200;
const RUN_SLICE_MS = 10 * 60_000;
const ACTIVITY_FLUSH_MS = 2000;

class Stopped extends Error {}

/** `promise`, or a Stopped error as soon as `signal` is aborted (the process died meanwhile). */
function untilStopped<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(new Stopped());
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

export async function runSender(
  deps: AppDeps,
  tenantId: string,
  overrides: Partial<SenderSettings> = {},
): Promise<SenderReport> {
  const settings = { ...senderSettingsOf(deps), ...overrides };
  const report: SenderReport = { ran: false, sent: 0, refused: 0, softBounces: 0, skipped: 0 };
  const { signal } = settings;
  const lease = await acquireSenderLease(deps.database, tenantId, settings.leaseSeconds);
  if (!lease) return report;
  report.ran = true;
  // Renewed well within its length, whatever a message takes; a lost lease stops the sender.
  let lost = false;
  const renewal = setInterval(
    () => {
      if (signal?.aborted) return;
      lease.renew().then(
        (held) => {
          if (!held) lost = true;
        },
        () => {},
      );
    },
    Math.max(200, (settings.leaseSeconds * 1000) / 3),
  );
  renewal.unref();
  let transport: Promise<Transporter> | undefined;
  const onAbort = () => {
    void transport?.then((t) => t.close()).catch(() => {});
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const waiting = new Set<string>();
    // A job hands over to the next one (the chore's, within seconds) well before pg-boss would
    // take a long-running job for a dead one (15 minutes).
    const until = Date.now() + RUN_SLICE_MS;
    let sliceOver = false;
    const paceMs = 60_000 / settings.ratePerMinute;
    let nextAt = 0;
    const stopIfAsked = () => {
      if (signal?.aborted || lost) throw new Stopped();
    };
    const scope = businessScope(tenantId);
    const inTenant = <T>(fn: (tx: Tx) => Promise<T>) => withTenant(deps.database, scope, fn);
    const businessName = await inTenant((tx) => businessNameOf(tx, tenantId));
    const from = fromOf(deps.env.MAIL_FROM, businessName);
    for (;;) {
      stopIfAsked();
      const campaign = await inTenant(async (tx) => {
        await promoteDue(tx, tenantId, new Date());
        return (await sendingCampaigns(tx, tenantId)).find((c) => !waiting.has(c.id));
      });
      if (!campaign || sliceOver) break;
      const started = campaign.startedAt ? campaign : await begin(deps, tenantId, campaign, from);
      const pending: string[] = [];
      let flushedAt = Date.now();
      const flush = async () => {
        if (pending.length === 0) return;
        const ids = pending.splice(0);
        flushedAt = Date.now();
        await inTenant((tx) => recordSent(tx, tenantId, started, ids));
      };
      try {
        // The recipient whose message the server has just accepted: recorded by the next claim.
        let sentId: string | undefined;
        for (;;) {
          // A lost lease stops the sender only after this statement has recorded the message
          // just sent; the recipient it claims then waits for the next sender.
          if (signal?.aborted) throw new Stopped();
          const [claimed] = await withTenantStatement<Claimed>(
            deps.database,
            scope,
            claimStatement(
              tenantId,
              started.id,
              settings.leaseSeconds,
              settings.softRetrySeconds,
              sentId,
            ),
          );
          sentId = undefined;
          stopIfAsked();
          if (pending.length >= ACTIVITY_BATCH || Date.now() - flushedAt > ACTIVITY_FLUSH_MS) {
            await flush();
          }
          if (!claimed) break;
          if (Date.now() > until) {
            // Handed back as it was, for the next sender.
            await inTenant((tx) =>
              answerRecipient(tx, tenantId, claimed.id, {
                status: 'queued',
                claimedAt: null,
                attempts: claimed.attempts - 1,
              }),
            );
            sliceOver = true;
            break;
          }
          if (!claimed.consenting || claimed.suppressed || !claimed.email) {
            await inTenant((tx) =>
              answerRecipient(tx, tenantId, claimed.id, {
                status: 'skipped',
                reason: claimed.suppressed
                  ? 'suppressed'
                  : claimed.contactId
                    ? 'no consent'
                    : 'contact deleted',
              }),
            );
            report.skipped += 1;
            continue;
          }
          const wait = nextAt - Date.now();
          if (wait > 0) {
            await new Promise((resolve) => setTimeout(resolve, wait));
            stopIfAsked();
            // Cancelled while this message waited for its turn: it does not go.
            if (!(await inTenant((tx) => stillSending(tx, tenantId, started.id)))) {
              await inTenant((tx) =>
                answerRecipient(tx, tenantId, claimed.id, {
                  status: 'skipped',
                  reason: 'cancelled',
                }),
              );
              continue;
            }
          }
          // The next message goes a full interval after this one leaves, however long the
          // statements take, so the server never sees two closer together than the rate allows.
          nextAt = Date.now() + paceMs;
          const message = compose(deps, tenantId, started, businessName, claimed);
          let outcome: Outcome;
          if (!settings.smtpUrl) {
            await deps.database.unsafeDb.insert(emailOutbox).values({
              to: claimed.email,
              subject: message.subject,
              html: message.html,
              text: message.text,
              template: 'email-marketing',
              status: 'captured',
              sentAt: new Date(),
            });
            outcome = { kind: 'sent' };
          } else {
            transport ??= createSmtpTransport(settings.smtpUrl, {
              pooled: true,
              socketTimeoutMs: Math.min(60_000, (settings.leaseSeconds * 1000) / 2),
            });
            try {
              const transporter = await transport;
              await untilStopped(
                transporter.sendMail({
                  from,
                  to: claimed.email,
                  subject: message.subject,
                  html: message.html,
                  text: message.text,
                  messageId: claimed.messageId,
                  headers: {
                    'List-Unsubscribe': `<${message.unsubscribeUrl}>`,
                    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                  },
                }),
                signal,
              );
              outcome = { kind: 'sent' };
            } catch (error) {
              outcome = outcomeOf(error);
            }
          }
          // A sender stopped while the server answered writes nothing: the claim stays and the
          // next sender takes it once the lease has passed.
          if (signal?.aborted) throw new Stopped();
          if (outcome.kind === 'sent') {
            // Recorded at once, by the statement that claims the next recipient.
            sentId = claimed.id;
            report.sent += 1;
            pending.push(claimed.id);
            continue;
          }
          await answer(deps, tenantId, started.id, claimed, outcome, report);
        }
      } finally {
        if (!signal?.aborted) await flush();
      }
      const done = await inTenant((tx) => finishIfDone(tx, tenantId, started.id));
      // Soft bounces wait for their retry; the chore comes back for them (sending.jobs.ts).
      if (!done) waiting.add(started.id);
      if (sliceOver) break;
    }
  } catch (error) {
    if (!(error instanceof Stopped)) throw error;
  } finally {
    clearInterval(renewal);
    signal?.removeEventListener('abort', onAbort);
    if (!signal?.aborted) {
      void transport?.then((t) => t.close()).catch(() => {});
      await lease.release().catch(() => {});
    }
  }
  return report;
}

/** Sending begins: the links are fixed and the recipients written, in one transaction. */
async function begin(
  deps: AppDeps,
  tenantId: string,
  campaign: CampaignRow,
  from: { address: string },
): Promise<CampaignRow> {
  const links = linksOf(campaign.body);
  const domain = from.address.split('@')[1] || 'localhost';
  await withTenant(deps.database, businessScope(tenantId), async (tx) => {
    if (!(await markStarted(tx, tenantId, campaign.id, links))) return;
    const segment = campaign.segmentId
      ? await segmentOf(tx, tenantId, campaign.segmentId)
      : undefined;
    if (segment) {
      await insertRecipients(
        tx,
        tenantId,
        campaign.id,
        whereOfSegment(segment, new Date()),
        domain,
      );
    }
  });
  return { ...campaign, startedAt: new Date(), links };
}

function compose(
  deps: AppDeps,
  tenantId: string,
  campaign: CampaignRow,
  businessName: string,
  claimed: Claimed,
) {
  const base = deps.env.appUrl;
  const unsubscribeUrl = `${base}/email/unsubscribe/${createLinkToken(deps.env, {
    kind: 'unsubscribe',
    recipientId: claimed.id,
    tenantId,
  })}`;
  const linkHref = campaign.clickTracking
    ? (url: string) => {
        const link = campaign.links.indexOf(url);
        if (link < 0) return url;
        const token = createLinkToken(deps.env, {
          kind: 'click',
          recipientId: claimed.id,
          tenantId,
          link,
        });
        return `${base}/email/click/${token}`;
      }
    : undefined;
  const rendered = renderCampaignEmail(campaign, {
    values: mergeValuesOf(claimed),
    businessName,
    unsubscribeUrl,
    ...(linkHref ? { linkHref } : {}),
  });
  return { ...rendered, unsubscribeUrl };
}

/** Records a refusal or a soft bounce; a refusal, or soft bounces enough, suppress the address. */
async function answer(
  deps: AppDeps,
  tenantId: string,
  campaignId: string,
  claimed: Claimed,
  outcome: Exclude<Outcome, { kind: 'sent' }>,
  report: SenderReport,
): Promise<void> {
  const email = claimed.email!;
  await withTenant(deps.database, businessScope(tenantId), async (tx) => {
    if (outcome.kind === 'hard') {
      report.refused += 1;
      await answerRecipient(tx, tenantId, claimed.id, {
        status: 'refused',
        bounceKind: 'hard',
        reason: outcome.reason,
      });
      await suppress(tx, tenantId, email, 'hard_bounce', campaignId);
      return;
    }
    report.softBounces += 1;
    const final = claimed.attempts >= SOFT_BOUNCE_ATTEMPTS;
    await answerRecipient(tx, tenantId, claimed.id, {
      status: final ? 'bounced' : 'queued',
      bounceKind: final ? 'soft' : null,
      reason: outcome.reason,
    });
    if (final && (await softBounces(tx, tenantId, email)) >= SOFT_BOUNCES_TO_SUPPRESS) {
      await suppress(tx, tenantId, email, 'soft_bounce', campaignId);
    }
  });
}
