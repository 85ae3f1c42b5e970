import { createSignedInUser, type SignedInUser, type TestApp } from '#server/test/app.ts';
import { connect, type Account } from '../inbox/inbox.test-helpers.ts';
import { calendarEvents, platformPosts } from '../posts/posts.tables.ts';
import { analyticsDaily, analyticsPostSamples, analyticsPosts } from './analytics.tables.ts';

// Set-up of analytics' route tests (docs/decisions/092): a signed-in business with an Instagram
// account and a Facebook Page (rows written straight to the database), and stored insights as
// the sync would have written them.

export interface AnalyticsOwner {
  user: SignedInUser;
  tenantId: string;
  ig: Account;
  page: Account;
}

export async function analyticsOwner(t: TestApp): Promise<AnalyticsOwner> {
  const user = await createSignedInUser(t);
  return {
    user,
    tenantId: user.userId,
    ig: await connect(t, user.userId, 'instagram'),
    page: await connect(t, user.userId, 'facebook'),
  };
}

/** The date `offset` days from today (UTC; the test business's zone). */
export const dayOf = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function seedDaily(
  t: TestApp,
  tenantId: string,
  account: Account,
  metric: string,
  values: Record<string, number>,
  estimated = false,
) {
  const rows = Object.entries(values).map(([day, value]) => ({
    userId: tenantId,
    connectionId: account.id,
    metric,
    day,
    value,
    estimated,
  }));
  if (rows.length) await t.runtime.deps.database.unsafeDb.insert(analyticsDaily).values(rows);
}

export interface SeedPost {
  externalId?: string;
  daysAgo: number;
  reach: number | null;
  interactions: number | null;
  likes?: number;
  caption?: string;
  /** A calendar post of ours it was published from, by title. */
  calendarTitle?: string;
  samples?: Array<{ hours: number; reach: number; interactions: number }>;
}

export async function seedPost(t: TestApp, tenantId: string, account: Account, p: SeedPost) {
  const db = t.runtime.deps.database.unsafeDb;
  const externalId = p.externalId ?? `${account.externalId}_${crypto.randomUUID().slice(0, 8)}`;
  const publishedAt = new Date(Date.now() - p.daysAgo * 86_400_000);
  let platformPostId: string | null = null;
  if (p.calendarTitle) {
    const [event] = await db
      .insert(calendarEvents)
      .values({ userId: tenantId, title: p.calendarTitle, status: 'published' })
      .returning({ id: calendarEvents.id });
    const [delivery] = await db
      .insert(platformPosts)
      .values({
        userId: tenantId,
        calendarEventId: event!.id,
        platform: account.platform,
        status: 'published',
        connectionId: account.id,
        externalId,
        publishedAt,
      })
      .returning({ id: platformPosts.id });
    platformPostId = delivery!.id;
  }
  const [row] = await db
    .insert(analyticsPosts)
    .values({
      userId: tenantId,
      connectionId: account.id,
      platform: account.platform,
      externalId,
      productType: account.platform === 'instagram' ? 'FEED' : 'photo',
      caption: p.caption ?? `Post ${externalId}`,
      permalink: `https://example.test/p/${externalId}`,
      publishedAt,
      platformPostId,
      reach: p.reach,
      interactions: p.interactions,
      likes: p.likes ?? null,
      fetchedAt: new Date(),
    })
    .returning({ id: analyticsPosts.id });
  for (const s of p.samples ?? []) {
    await db.insert(analyticsPostSamples).values({
      userId: tenantId,
      postId: row!.id,
      sampledAt: new Date(publishedAt.getTime() + s.hours * 3_600_000),
      ageHours: s.hours,
      reach: s.reach,
      interactions: s.interactions,
    });
  }
  return { id: row!.id, externalId };
}
