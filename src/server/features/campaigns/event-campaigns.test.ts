import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/platform/db/client.ts';
import { createSignedInUser, getTestApp, type TestApp } from '#server/test/app.ts';
import { campaignBusiness, hoursAhead, plannedPosts } from './campaigns.test-helpers.ts';
import { launchCampaign } from './launch.ts';

// The calendar's campaign marks (GET /api/calendar-events/campaigns, docs/decisions/095): each
// post of the range launched from a campaign, with the campaign's name and colour — the
// business's own only.

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

describe('the campaigns of a range', () => {
  it("names each launched post's campaign and colour, shows how its posts did, and nothing of another business", async () => {
    const b = await campaignBusiness(t);
    const start = hoursAhead(48);
    const posts = await plannedPosts(t, b, 3, { start, everyHours: 5 });
    const { eventIds } = await launchCampaign(b.ctx, posts);
    const db = t.runtime.deps.database.unsafeDb;
    const [campaign] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into public.campaigns (user_id, name, status, color)
        values (${b.user.userId}, 'Spring opening', 'scheduled', '#16a34a') returning id`),
    );
    for (const [i, post] of posts.entries()) {
      await db.execute(sql`insert into public.campaign_posts
          (campaign_id, user_id, key, position, scheduled_for, connection_id, format, media, event_id)
        values (${campaign!.id}, ${b.user.userId}, ${post.key}, ${i}, ${post.scheduledFor},
          ${post.connectionId}, 'post', ${JSON.stringify(post.media)}::jsonb, ${eventIds[post.key]!})`);
    }
    const range = `startDate=${encodeURIComponent(new Date(start.getTime() - 3_600_000).toISOString())}&endDate=${encodeURIComponent(new Date(start.getTime() + 7 * 86_400_000).toISOString())}`;

    const res = await b.user.client.request(`/api/calendar-events/campaigns?${range}`);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toHaveLength(3);
    expect(res.json.data[0]).toEqual({
      event_id: eventIds[posts[0]!.key],
      campaign_id: campaign!.id,
      name: 'Spring opening',
      color: '#16a34a',
    });

    // The calendar's list keeps the campaign's posts alone when asked.
    const other = await plannedPosts(t, b, 1, { start: new Date(start.getTime() + 3_600_000) });
    await launchCampaign(b.ctx, other);
    const listed = await b.user.client.request(
      `/api/calendar-events?${range}&campaignId=${campaign!.id}`,
    );
    expect(listed.status, listed.text).toBe(200);
    expect((listed.json.data as Array<{ id: string }>).map((e) => e.id).sort()).toEqual(
      posts.map((p) => eventIds[p.key]).sort(),
    );
    const all = await b.user.client.request(`/api/calendar-events?${range}`);
    expect(all.json.data).toHaveLength(4);

    // The campaign's page shows how its published posts did, from the stored insights.
    const [first, second] = posts;
    for (const [post, reach, interactions] of [
      [first!, 1000, 50],
      [second!, 500, 25],
    ] as const) {
      await db.execute(sql`insert into public.analytics_posts
          (user_id, connection_id, platform, external_id, product_type, published_at,
           platform_post_id, reach, interactions, fetched_at)
        select pp.user_id, pp.connection_id, 'facebook', ${`ext-${post.key}`}, 'photo', now(),
               pp.id, ${reach}, ${interactions}, now()
          from public.platform_posts pp
         where pp.calendar_event_id = ${eventIds[post.key]!}`);
    }
    const detail = await b.user.client.request(`/api/campaigns/${campaign!.id}`);
    expect(detail.status, detail.text).toBe(200);
    const shown = detail.json.data as {
      posts: Array<{ key: string; performance: unknown }>;
      performance: unknown;
    };
    expect(shown.posts.find((p) => p.key === first!.key)?.performance).toEqual({
      reach: 1000,
      interactions: 50,
      engagementRate: 5,
    });
    expect(shown.posts.find((p) => p.key === posts[2]!.key)?.performance).toBeNull();
    expect(shown.performance).toMatchObject({
      reach: 1500,
      interactions: 75,
      engagementRate: 5,
      measuredPosts: 2,
    });

    const stranger = await createSignedInUser(t);
    const theirs = await stranger.client.request(`/api/calendar-events/campaigns?${range}`);
    expect(theirs.status).toBe(200);
    expect(theirs.json.data).toEqual([]);
  });

  it('refuses a range that ends before it starts', async () => {
    const user = await createSignedInUser(t);
    const res = await user.client.request(
      '/api/calendar-events/campaigns?startDate=2026-12-10T00:00:00Z&endDate=2026-12-01T00:00:00Z',
    );
    expect(res.status).toBe(400);
    expect(res.json.metadata.fieldErrors).toMatchObject({
      endDate: 'The end must come after the start',
    });
  });
});
