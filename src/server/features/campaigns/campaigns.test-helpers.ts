import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MediaRequirement, PlannedPost } from '#shared/contracts/campaign-plan.contract.ts';
import type { Actor } from '#shared/permissions.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import { createSignedInUser, type SignedInUser, type TestApp } from '#server/test/app.ts';
import { simulatedWorld } from '#server/test/meta-simulator.ts';
import { calendarEvents, platformPosts } from '../posts/posts.tables.ts';
import { connectAll, insertMedia, type Connected } from '../publishing/publishing.test-helpers.ts';

// Set-up of the launch's tests: a business with its simulated Page and Instagram account
// connected (through the simulator's OAuth flow) and photos in its library, and plans of posts
// for them.

export interface CampaignBusiness {
  user: SignedInUser;
  page: Connected;
  instagram: Connected;
  ctx: ServiceContext;
}

export async function campaignBusiness(t: TestApp): Promise<CampaignBusiness> {
  const user = await createSignedInUser(t);
  const world = simulatedWorld(t, user.userId);
  const accounts = await connectAll(t, user);
  return {
    user,
    page: accounts.find((a) => a.external_id === world.pageId)!,
    instagram: accounts.find((a) => a.external_id === world.igAccountId)!,
    ctx: contextOf(t, user.userId),
  };
}

/** Acting in business `tenantId`, as its owner unless another role is given. */
export function contextOf(
  t: TestApp,
  tenantId: string,
  actor: Partial<Actor> = {},
): ServiceContext {
  return {
    deps: t.runtime.deps,
    actor: { userId: tenantId, tenantId, tenantRole: 'owner', isAdmin: false, ...actor },
  };
}

export const ONE_PHOTO: MediaRequirement = {
  kind: 'image',
  count: 1,
  aspectRatio: '4:5',
  minSeconds: null,
  maxSeconds: null,
  description: 'a close-up of the sourdough crust, morning light',
};

const HOUR = 3_600_000;

/** The start of the hour `hours` from now. */
export function hoursAhead(hours: number): Date {
  const at = new Date(Date.now() + hours * HOUR);
  at.setUTCMinutes(0, 0, 0);
  return at;
}

/**
 * `count` planned posts with a photo each (a new library item per post), every `everyHours`
 * from `start`, alternating between the accounts given.
 */
export async function plannedPosts(
  t: TestApp,
  b: CampaignBusiness,
  count: number,
  options: { start?: Date; everyHours?: number; accounts?: Connected[]; label?: string } = {},
): Promise<PlannedPost[]> {
  const start = options.start ?? hoursAhead(48);
  const every = options.everyHours ?? 6;
  const accounts = options.accounts ?? [b.page, b.instagram];
  const label = options.label ?? randomUUID().slice(0, 8);
  const posts: PlannedPost[] = [];
  for (let i = 0; i < count; i += 1) {
    posts.push({
      key: `${label}-${i + 1}`,
      scheduledFor: new Date(start.getTime() + i * every * HOUR).toISOString(),
      connectionId: accounts[i % accounts.length]!.id,
      format: 'post',
      caption: `Campaign ${label} post ${i + 1}\nFresh from the oven.`,
      hashtags: ['#bakery', '#sourdough'],
      firstComment: null,
      media: ONE_PHOTO,
      mediaIds: [await insertMedia(t, b.user.userId, 'image', { width: 1080, height: 1350 })],
    });
  }
  return posts;
}

/** The business's calendar events (past row-level security). */
export function eventsOf(t: TestApp, userId: string) {
  return t.runtime.deps.database.unsafeDb
    .select()
    .from(calendarEvents)
    .where(eq(calendarEvents.userId, userId));
}

/** The business's deliveries (past row-level security). */
export function deliveriesOf(t: TestApp, userId: string) {
  return t.runtime.deps.database.unsafeDb
    .select()
    .from(platformPosts)
    .where(eq(platformPosts.userId, userId));
}
