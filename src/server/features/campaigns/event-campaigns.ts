import { sql } from 'drizzle-orm';
import type { EventCampaign } from '#shared/contracts/planning.contract.ts';
import { rowsOf, type Tx } from '#server/platform/db/client.ts';

// The calendar's campaign marks (docs/decisions/095): for the posts of a range, the campaign each
// was launched from — its name and colour on the calendar, and what the campaign filter keeps.

export async function campaignsOfRange(
  tx: Tx,
  tenantId: string,
  start: Date,
  end: Date,
  limit: number,
): Promise<EventCampaign[]> {
  return rowsOf<EventCampaign>(
    await tx.execute(sql`
      select p.event_id, c.id as campaign_id, c.name, c.color
        from public.campaign_posts p
        join public.campaigns c on c.id = p.campaign_id and c.user_id = p.user_id
        join public.calendar_events e on e.id = p.event_id and e.user_id = p.user_id
       where p.user_id = ${tenantId}
         and e.scheduled_for >= ${start.toISOString()}::timestamptz
         and e.scheduled_for < ${end.toISOString()}::timestamptz
       order by e.scheduled_for
       limit ${limit}`),
  );
}
