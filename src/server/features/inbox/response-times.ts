import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ResponseTimeRow,
  ResponseTimesReport,
  responseTimesQuerySchema,
} from '#shared/contracts/inbox.contract.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { rowsOf, type Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { validationError } from '#server/platform/validation.ts';
import { knownTimeZone } from '../queue/wall-clock.ts';
import { findBusinessProfile } from '../settings/settings.repository.ts';

// Response times of the social monitor (docs/decisions/091): an incoming item starts a wait when
// it is the first from the other person since our last outgoing item in its thread; the first
// later outgoing item of the thread answers it, written here or elsewhere (the phone app). The
// time is the difference of the platform's times, never of when we stored them. Waits that
// started between `from` and `to` (days in the business's time zone) are counted; those not yet
// answered are counted as unanswered. Computed in SQL, in the business's scope (RLS).

type Query = z.output<typeof responseTimesQuerySchema>;

/** Answers given outside the app (Instagram, Facebook, Meta Business Suite). */
export const ELSEWHERE = 'elsewhere';
const MAX_DAYS = 366;

interface Row {
  g_account: number;
  g_member: number;
  connection_id: string | null;
  member: string | null;
  answered: number;
  unanswered: number;
  median: number | null;
  p90: number | null;
  share: number | null;
  account_name: string | null;
  member_name: string | null;
}

async function figures(tx: Tx, tenantId: string, query: Query, timeZone: string) {
  return rowsOf<Row>(
    await tx.execute(sql`
      with bounds as (
        select (${query.from}::date)::timestamp at time zone ${timeZone} as starts,
               ((${query.to}::date) + 1)::timestamp at time zone ${timeZone} as ends
      ), ordered as (
        select i.thread_id, i.direction, i.sent_at,
               lag(i.direction) over (partition by i.thread_id order by i.sent_at, i.created_at)
                 as previous
          from public.inbox_items i
         where i.user_id = ${tenantId} and i.external_id not like 'pending:%'
      ), waits as (
        select o.thread_id, o.sent_at, t.connection_id
          from ordered o
          join public.inbox_threads t on t.id = o.thread_id and t.user_id = ${tenantId}
          cross join bounds b
         where o.direction = 'in' and (o.previous is null or o.previous = 'out')
           and o.sent_at >= b.starts and o.sent_at < b.ends
      ), timed as (
        select w.connection_id,
               case when a.sent_at is null then null
                    when a.origin = 'app' and a.sent_by_user_id is not null
                      then a.sent_by_user_id::text
                    else ${ELSEWHERE} end as member,
               extract(epoch from (a.sent_at - w.sent_at)) / 60.0 as minutes
          from waits w
          left join lateral (
            select x.sent_at, x.origin, x.sent_by_user_id from public.inbox_items x
             where x.user_id = ${tenantId} and x.thread_id = w.thread_id
               and x.direction = 'out' and x.sent_at >= w.sent_at
               and x.external_id not like 'pending:%'
             order by x.sent_at limit 1
          ) a on true
      )
      select grouping(g.connection_id)::int as g_account, grouping(g.member)::int as g_member,
             g.connection_id, g.member,
             count(g.minutes)::int as answered,
             (count(*) - count(g.minutes))::int as unanswered,
             percentile_cont(0.5) within group (order by g.minutes) as median,
             percentile_cont(0.9) within group (order by g.minutes) as p90,
             avg(case when g.minutes <= ${query.targetMinutes} then 1.0 else 0.0 end)
               filter (where g.minutes is not null) as share,
             max(c.name) as account_name, max(p.full_name) as member_name
        from timed g
        left join public.platform_connections c
          on c.id = g.connection_id and c.user_id = ${tenantId}
        left join public.profiles p
          on g.member <> ${ELSEWHERE} and p.id::text = g.member
       group by grouping sets ((), (g.connection_id), (g.member))`),
  );
}

const round = (v: number | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);

function toRow(r: Row | undefined, key: string, label: string): ResponseTimeRow {
  return {
    key,
    label,
    answered: Number(r?.answered ?? 0),
    unanswered: Number(r?.unanswered ?? 0),
    medianMinutes: round(r?.median ?? null),
    p90Minutes: round(r?.p90 ?? null),
    withinTargetShare:
      r?.share === null || r?.share === undefined ? null : Math.round(Number(r.share) * 100) / 100,
  };
}

export async function responseTimes(
  ctx: ServiceContext,
  query: Query,
): Promise<ResponseTimesReport> {
  requireAccess(ctx.actor, 'read:dashboard');
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
  if (days < 0) throw validationError({ to: 'The end comes before the start' });
  if (days > MAX_DAYS) throw validationError({ to: 'Choose at most a year' });
  const { tenantId } = ctx.actor;
  const rows = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const profile = await findBusinessProfile(tx, tenantId);
    return figures(tx, tenantId, query, knownTimeZone(profile?.time_zone));
  });
  const overall = rows.find((r) => r.g_account === 1 && r.g_member === 1);
  const byAccount = rows
    .filter((r) => r.g_account === 0 && r.connection_id)
    .map((r) => toRow(r, r.connection_id!, r.account_name ?? 'Disconnected account'));
  const byMember = rows
    .filter((r) => r.g_member === 0 && r.member !== null)
    .map((r) =>
      toRow(r, r.member!, r.member === ELSEWHERE ? 'Elsewhere' : (r.member_name ?? 'Team member')),
    );
  return {
    from: query.from,
    to: query.to,
    targetMinutes: query.targetMinutes,
    overall: toRow(overall, 'all', 'All accounts'),
    byAccount,
    byMember,
  };
}
