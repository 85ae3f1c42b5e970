import { MetaApiError } from '#server/integrations/meta/errors.ts';
import * as repo from './analytics.repository.ts';
import { facebookValues, firstSampleAt, instagramValues, nextSampleAt } from './post-samples.ts';
import { call, inTenant, type SyncContext } from './sync-context.ts';

// The posts part of a run (docs/decisions/092): list the account's posts — all of them back a
// year on the first run, the last week on a daily run, the last two days when a post of ours was
// just published — store the new ones, then read the lifetime values of those whose sample is due.

const DAY_MS = 86_400_000;
/** Posts whose values are read in one run; the rest wait for the next. */
const SAMPLES_PER_RUN = 200;
const LIST_DAYS = { backfill: 365, full: 7, posts: 2 } as const;
const LIST_PAGES = { backfill: 20, full: 3, posts: 2 } as const;

export async function syncPosts(ctx: SyncContext, mode: 'full' | 'posts'): Promise<void> {
  const now = ctx.now();
  const kind = ctx.backfill ? 'backfill' : mode;
  const since = new Date(now.getTime() - LIST_DAYS[kind] * DAY_MS);
  const { client, account } = ctx;
  const found: repo.PostUpsert[] = [];
  if (account.platform === 'instagram') {
    const media = await call(ctx, () =>
      client.insights.igMedia(account.host, account.externalId, account.token, {
        since,
        limit: 50,
        maxPages: LIST_PAGES[kind],
      }),
    );
    for (const m of media) {
      const publishedAt = new Date(m.timestamp);
      found.push({
        platform: 'instagram',
        externalId: m.id,
        productType: m.productType,
        caption: m.caption,
        permalink: m.permalink,
        thumbnailUrl: m.thumbnailUrl,
        publishedAt,
        nextSampleAt: firstSampleAt(now),
      });
    }
  } else {
    const posts = await call(ctx, () =>
      client.insights.pagePosts(account.externalId, account.token, {
        since,
        limit: 50,
        maxPages: LIST_PAGES[kind],
      }),
    );
    for (const p of posts) {
      const publishedAt = new Date(p.createdTime);
      found.push({
        platform: 'facebook',
        externalId: p.id,
        productType: p.kind,
        caption: p.message,
        permalink: p.permalink,
        thumbnailUrl: p.pictureUrl,
        publishedAt,
        nextSampleAt: firstSampleAt(now),
      });
    }
  }
  ctx.report.postsFound += await inTenant(ctx, (tx) =>
    repo.upsertPosts(tx, ctx.tenantId, ctx.connectionId, found),
  );

  const due = await inTenant(ctx, (tx) =>
    repo.duePosts(tx, ctx.connectionId, now, SAMPLES_PER_RUN),
  );
  for (const post of due) {
    let metrics: Record<string, number>;
    try {
      metrics = await call(ctx, () =>
        account.platform === 'instagram'
          ? client.insights.igMediaInsights(
              account.host,
              post.externalId,
              account.token,
              post.productType as 'FEED' | 'REELS' | 'STORY',
              account.externalId,
            )
          : client.insights.pagePostInsights(post.externalId, account.token),
      );
    } catch (error) {
      // One post the platform will not describe (gone, a story past its day) does not stop the
      // others; the account-wide failures (token, rate limit) do.
      if (error instanceof MetaApiError && error.kind === 'invalid_parameter') {
        await inTenant(ctx, (tx) =>
          repo.postSampleFailed(
            tx,
            post.id,
            error.details.message,
            new Date(now.getTime() + 7 * DAY_MS),
          ),
        );
        continue;
      }
      throw error;
    }
    const values =
      account.platform === 'instagram' ? instagramValues(metrics) : facebookValues(metrics);
    const at = ctx.now();
    await inTenant(ctx, (tx) =>
      repo.recordSample(tx, ctx.tenantId, post, values, at, nextSampleAt(post.publishedAt, at)),
    );
    ctx.report.samples += 1;
  }
}
