import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { calendarEvents, platformPosts } from '../posts/posts.tables.ts';
import { unsafeDueAccounts } from './analytics.repository.ts';
import { analyticsOwner, seedPost, type AnalyticsOwner } from './analytics.test-helpers.ts';

// The sync's schedule (docs/decisions/092): an account never synced is due at once; a synced
// one when its daily run is due, when one of its posts has a sample due, or when a post of ours
// went out since its last run — once, and never for a story (stories are not listed).

let t: TestApp;
let a: AnalyticsOwner;
const db = () => t.runtime.deps.database.unsafeDb;
const due = async () =>
  (await unsafeDueAccounts(db(), new Date())).filter((r) => r.user_id === a.tenantId);

beforeAll(async () => {
  t = await getTestApp();
  a = await analyticsOwner(t);
});

async function published(format: 'feed' | 'story') {
  const [event] = await db()
    .insert(calendarEvents)
    .values({ userId: a.tenantId, title: 'Out now', status: 'published' })
    .returning({ id: calendarEvents.id });
  await db()
    .insert(platformPosts)
    .values({
      userId: a.tenantId,
      calendarEventId: event!.id,
      platform: 'instagram',
      status: 'published',
      connectionId: a.ig.id,
      externalId: `media-${crypto.randomUUID()}`,
      format,
      publishedAt: new Date(),
    });
}

describe('the schedule', () => {
  it('syncs new accounts fully, then only what is due', async () => {
    expect((await due()).map((r) => r.mode)).toEqual(['full', 'full']);
    await db().execute(sql`
      insert into public.analytics_sync_states
        (connection_id, user_id, status, next_sync_at, last_attempt_at, backfilled_from)
      select id, user_id, 'ok', now() + interval '1 day', now() - interval '1 hour',
             current_date - 90
        from public.platform_connections where user_id = ${a.tenantId}`);
    expect(await due()).toEqual([]);

    await published('story');
    expect(await due()).toEqual([]);
    await published('feed');
    expect(await due()).toEqual([{ id: a.ig.id, user_id: a.tenantId, mode: 'posts' }]);
    // The run that looked for it: not due again, even if the platform did not list it.
    await db().execute(sql`
      update public.analytics_sync_states set last_attempt_at = now() + interval '1 second'
       where connection_id = ${a.ig.id}`);
    expect(await due()).toEqual([]);

    const post = await seedPost(t, a.tenantId, a.page, { daysAgo: 1, reach: 1, interactions: 1 });
    await db().execute(sql`
      update public.analytics_posts set next_sample_at = now() - interval '1 minute'
       where id = ${post.id}`);
    expect(await due()).toEqual([{ id: a.page.id, user_id: a.tenantId, mode: 'posts' }]);
    // A paused account waits, whatever is due.
    await db().execute(sql`
      update public.analytics_sync_states set throttled_until = now() + interval '5 minutes'
       where connection_id = ${a.page.id}`);
    expect(await due()).toEqual([]);
  });
});
