import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { resolveBusinessName } from '#shared/business-name.ts';
import { rowsOf } from '#server/platform/db/client.ts';
import { emailOutbox } from '#server/platform/db/system.tables.ts';
import { sendEmailJob } from '#server/platform/email/mailer.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { businessScope, withTenant } from '#server/platform/db/tenant.ts';
import type { Chores } from '#server/platform/jobs/chores.ts';
import type { JobDefinition } from '#server/platform/jobs/queue.ts';
import { knownTimeZone } from '../queue/wall-clock.ts';
import { parseNotificationPreferences } from '../settings/notifications.ts';
import { inboxDigestEmail, type DigestBusiness } from './digest-email.tsx';

// The daily inbox digest (docs/decisions/091; the "daily inbox digest" notification preference):
// once a day, from 08:00 in the time zone of the person's first business, each member who opted
// in receives the comments and messages waiting for a reply in the businesses they belong to,
// with the threads that waited longest — only when something waits. Once per person per day:
// a digest e-mail to the person in the last 20 hours means this one has gone.

export const DIGEST_TEMPLATE = 'inbox-digest';
export const DIGEST_LOCAL_HOUR = 8;
const SENT_WITHIN_MS = 20 * 3_600_000;
const OLDEST_SHOWN = 5;

export const inboxDigestJob: JobDefinition<{ hour: string }> = {
  id: 'inbox.daily-digest',
  version: 1,
  payload: z.object({ hour: z.string().max(20) }),
  policy: 'stately',
  retryLimit: 2,
  pollingIntervalSeconds: 30,
};

interface Recipient {
  person: string;
  email: string;
  settings: Record<string, unknown> | null;
  tenants: Array<{ tenantId: string; name: string; timeZone: string }>;
}

/** Installation-wide: members of businesses with threads waiting, with their e-mail. */
async function unsafeDigestRecipients(deps: AppDeps): Promise<Recipient[]> {
  const rows = rowsOf<{
    person: string;
    email: string;
    settings: Record<string, unknown> | null;
    tenant_id: string;
    business_name: string | null;
    company_name: string | null;
    time_zone: string | null;
  }>(
    await deps.database.unsafeDb.execute(sql`
      with waiting as (
        select distinct user_id as tenant_id from public.inbox_threads
         where status = 'open' and needs_reply
      ), members as (
        select w.tenant_id, w.tenant_id as person, 0 as rank from waiting w
        union all
        select w.tenant_id, r.user_id, 1 from waiting w
          join public.user_roles r on r.tenant_id = w.tenant_id and r.role = 'tenant_staff'
      )
      select m.person, u.email, p.settings, m.tenant_id, b.business_name, b.company_name,
             b.time_zone
        from members m
        join auth.users u on u.id = m.person and u.email_confirmed_at is not null
        join public.profiles p on p.id = m.person
        left join public.business_profiles b on b.user_id = m.tenant_id
       order by m.person, m.rank, m.tenant_id`),
  );
  const byPerson = new Map<string, Recipient>();
  for (const r of rows) {
    const recipient = byPerson.get(r.person) ?? {
      person: r.person,
      email: r.email,
      settings: r.settings,
      tenants: [],
    };
    recipient.tenants.push({
      tenantId: r.tenant_id,
      name: resolveBusinessName(r),
      timeZone: knownTimeZone(r.time_zone),
    });
    byPerson.set(r.person, recipient);
  }
  return [...byPerson.values()].filter((r) => {
    const status = r.settings?.['status'];
    if (status !== undefined && status !== 'active') return false;
    return parseNotificationPreferences(r.settings?.['notifications']).dailyInboxDigest;
  });
}

function localHour(now: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' })
    .formatToParts(now)
    .find((p) => p.type === 'hour')?.value;
  return Number(hour ?? 0);
}

async function businessDigest(
  deps: AppDeps,
  tenant: Recipient['tenants'][number],
): Promise<DigestBusiness | null> {
  return withTenant(deps.database, businessScope(tenant.tenantId), async (tx) => {
    const rows = rowsOf<{
      waiting: number;
      unread: number;
      who: string | null;
      preview: string | null;
      since: Date | string | null;
      kind: 'comment' | 'conversation' | null;
    }>(
      await tx.execute(sql`
        with counts as (
          select count(*) filter (where needs_reply)::int as waiting,
                 count(*) filter (where unread_count > 0)::int as unread
            from public.inbox_threads where user_id = ${tenant.tenantId} and status = 'open'
        ), oldest as (
          select coalesce(participant_name, participant_handle, 'Someone') as who,
                 left(preview, 140) as preview, last_inbound_at as since, kind
            from public.inbox_threads
           where user_id = ${tenant.tenantId} and status = 'open' and needs_reply
           order by last_inbound_at asc nulls last limit ${OLDEST_SHOWN}
        )
        select c.waiting, c.unread, o.who, o.preview, o.since, o.kind
          from counts c left join oldest o on true`),
    );
    const waiting = Number(rows[0]?.waiting ?? 0);
    if (waiting === 0) return null;
    const format = new Intl.DateTimeFormat('en-GB', {
      timeZone: tenant.timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    return {
      businessName: tenant.name,
      waiting,
      unread: Number(rows[0]?.unread ?? 0),
      oldest: rows
        .filter((r) => r.kind)
        .map((r) => ({
          who: r.who!,
          preview: r.preview ?? '',
          since: r.since ? format.format(new Date(r.since)) : 'a while',
          kind: r.kind!,
        })),
    };
  });
}

/**
 * Sends one person's digest unless it went today; true when it was sent. The check and the
 * outbox row are one transaction under a lock per person, so two runs at once send one; the
 * message then goes the way every e-mail goes (platform/email/mailer.ts: a job per outbox row,
 * and the sweep for a job lost).
 */
async function sendDigest(deps: AppDeps, recipient: Recipient, now: Date): Promise<boolean> {
  const businesses: DigestBusiness[] = [];
  for (const tenant of recipient.tenants) {
    const digest = await businessDigest(deps, tenant);
    if (digest) businesses.push(digest);
  }
  if (businesses.length === 0) return false;
  const url = `${deps.env.appUrl}/dashboard/social-monitor`;
  const email = inboxDigestEmail({ url, businesses });
  const outboxId = await deps.database.unsafeDb.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`inbox-digest:${recipient.person}`}, 0))`,
    );
    const [sent] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        select count(*)::int as n from system.email_outbox
         where template = ${DIGEST_TEMPLATE} and lower("to") = lower(${recipient.email})
           and created_at > ${new Date(now.getTime() - SENT_WITHIN_MS).toISOString()}::timestamptz`),
    );
    if (Number(sent?.n ?? 0) > 0) return null;
    const [row] = await tx
      .insert(emailOutbox)
      .values({ to: recipient.email, template: DIGEST_TEMPLATE, ...email, createdAt: now })
      .returning({ id: emailOutbox.id });
    return row!.id;
  });
  if (!outboxId) return false;
  await deps.jobs.send(sendEmailJob, { outboxId }, { singletonKey: outboxId });
  return true;
}

/** Every digest due now; the number sent. Idempotent: a second run the same day sends none. */
export async function sendInboxDigests(deps: AppDeps, now = new Date()): Promise<number> {
  let sent = 0;
  for (const recipient of await unsafeDigestRecipients(deps)) {
    if (localHour(now, recipient.tenants[0]!.timeZone) < DIGEST_LOCAL_HOUR) continue;
    try {
      if (await sendDigest(deps, recipient, now)) sent += 1;
    } catch (error) {
      deps.logger.warn({ err: error, userId: recipient.person }, 'inbox digest not sent');
    }
  }
  return sent;
}

/** The digest's worker, and a run queued every hour (the hour is the singleton key). */
export async function registerInboxDigest(deps: AppDeps, chores: Chores): Promise<void> {
  await deps.jobs.work(inboxDigestJob, async () => {
    await sendInboxDigests(deps);
  });
  chores.every(
    'inbox digest not scheduled',
    3_600_000,
    () => {
      const hour = new Date().toISOString().slice(0, 13);
      return deps.jobs.send(inboxDigestJob, { hour }, { singletonKey: hour });
    },
    { firstAfterMs: 120_000 },
  );
}
