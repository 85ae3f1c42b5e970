import { describe, expect, it } from 'vitest';
import { publishedPost } from './inbox.test-helpers.ts';
import { DAY, setup, SUMMER } from './insights.test-helpers.ts';
import { SEED } from './state.ts';

// History media (docs/product/meta-platform.md#insights): generated past posts of every
// Instagram account and Page, their listing, pictures and insights.

describe('history media and their insights', () => {
  const history = () => setup(SUMMER, { insightsHistoryDays: 120 });

  it('lists 3–5 posts a week, newest first, the same ids in every run', async () => {
    const a = history();
    const list = async (s: ReturnType<typeof setup>) => {
      const ids: string[] = [];
      const times: string[] = [];
      let after: string | undefined;
      for (let i = 0; i < 10; i += 1) {
        const { body } = await s.get(`/${SEED.igAccountId}/media`, {
          fields: 'id,timestamp,media_product_type,media_url,thumbnail_url,caption,permalink',
          limit: 25,
          ...(after ? { after } : {}),
        });
        ids.push(...body.data.map((m) => m.id));
        times.push(...body.data.map((m) => m.timestamp));
        after = body.paging.next ? body.paging.cursors.after : undefined;
        if (!after) break;
      }
      return { ids, times };
    };
    const first = await list(a);
    expect(first.ids.length).toBeGreaterThanOrEqual(Math.floor((120 / 7) * 3));
    expect(first.ids.length).toBeLessThanOrEqual(Math.ceil((120 / 7) * 5));
    expect([...first.times].sort().reverse()).toEqual(first.times);
    expect((await list(history())).ids).toEqual(first.ids);
    const { body: node } = await a.get(`/${first.ids[0]}`, {
      fields: 'id,media_url,caption,permalink',
    });
    expect(node.caption).toEqual(expect.any(String));
    const picture = await a.sim.app.request(new URL(node.media_url).pathname);
    expect(picture.headers.get('content-type')).toBe('image/svg+xml');
    const profile = await a.get(`/${SEED.igAccountId}`, { fields: 'media_count' });
    expect(profile.body.media_count).toBe(first.ids.length);
  });

  it('serves media insights for the product type, growing with age', async () => {
    const s = history();
    const { body } = await s.get(`/${SEED.igAccountId}/media`, {
      fields: 'id,media_product_type,timestamp',
      limit: 100,
    });
    const recent = body.data.find(
      (m) => Date.parse(m.timestamp.replace('+0000', 'Z')) > SUMMER - 5 * DAY,
    )!;
    expect(recent).toBeDefined();
    const metric =
      recent.media_product_type === 'REELS'
        ? 'reach,views,ig_reels_avg_watch_time'
        : 'reach,views,profile_visits';
    const before = await s.get(`/${recent.id}/insights`, { metric });
    expect(before.body.data[0]).toMatchObject({
      name: 'reach',
      period: 'lifetime',
      id: `${recent.id}/insights/reach/lifetime`,
    });
    s.setNow(SUMMER + 5 * DAY);
    const after = await s.get(`/${recent.id}/insights`, { metric });
    expect(after.body.data[0].values[0].value).toBeGreaterThan(before.body.data[0].values[0].value);
    expect(after.body.data[1].values[0].value).toBeGreaterThan(after.body.data[0].values[0].value);
    const wrong = await s.get(`/${recent.id}/insights`, {
      metric:
        recent.media_product_type === 'REELS'
          ? 'reach,profile_visits'
          : 'reach,ig_reels_avg_watch_time',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(
      /^\(#100\) metric\[1\] must be one of the following values: reach, views/,
    );
    const retired = await s.get(`/${recent.id}/insights`, { metric: 'impressions' });
    expect(retired.body.error.message).toMatch(/^\(#100\) metric\[0\]/);
  });

  it('lists the Page posts with history and answers their insights and counts', async () => {
    const s = history();
    const real = publishedPost(s.sim.state, SEED.pageId, 'Open today');
    const { body } = await s.get(`/${SEED.pageId}/posts`, {
      fields: 'id,message,created_time,permalink_url,full_picture,status_type',
      limit: 100,
    });
    expect(body.data[0].id).toBe(real);
    expect(body.data.length).toBeGreaterThan(40);
    const past = body.data[1];
    expect(past.status_type).toMatch(/added_photos|mobile_status_update/);
    const insights = await s.get(`/${past.id}/insights`, {
      metric:
        'post_total_media_view_unique,post_media_view,post_reactions_by_type_total,post_clicks',
    });
    expect(insights.status).toBe(200);
    const reactions = insights.body.data[2].values[0].value;
    expect(Object.keys(reactions)).toContain('love');
    expect(insights.body.data[1].values[0].value).toBeGreaterThan(
      insights.body.data[0].values[0].value,
    );
    const fields = await s.get(`/${past.id}`, { fields: 'shares,comments.summary(true).limit(0)' });
    expect(fields.body).toMatchObject({
      shares: { count: expect.any(Number) },
      comments: { data: [], summary: { total_count: expect.any(Number) } },
    });
    const realFields = await s.get(`/${real}`, {
      fields: 'message,shares,comments.summary(true).limit(0)',
    });
    expect(realFields.body).toMatchObject({
      message: 'Open today',
      comments: { summary: { total_count: 0 } },
    });
    const retired = await s.get(`/${past.id}/insights`, { metric: 'post_impressions_unique' });
    expect(retired.body.error.message).toBe('(#100) The value must be a valid insights metric');
  });

  it('leaves the listings as they were without a history', async () => {
    const s = setup();
    const { body } = await s.get(`/${SEED.igAccountId}/media`, { fields: 'id' });
    expect(body.data).toEqual([]);
    const feed = await s.get(`/${SEED.pageId}/feed`, {});
    expect(feed.body.data).toEqual([]);
  });
});
