import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CAMPAIGN_LIMITS,
  plannedPostSchema,
  type CampaignBrief,
} from '#shared/contracts/campaign-plan.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { simulatedWorld } from '#server/test/meta-simulator.ts';
import { startOpenAiSimulator, type OpenAiSimulator } from '#simulators/openai/openai-simulator.ts';
import { businessProfiles } from '../settings/settings.tables.ts';
import { subscription } from '../subscription/subscription.tables.ts';
import { localDateOf } from '../queue/wall-clock.ts';
import { postRuleProblems } from './plan-rules.ts';
import { NO_PROVIDER_NOTICE, planCampaign, regeneratePost } from './planner.ts';

// The planner through the real test database: a business with its simulated Page and Instagram
// account connected (through the simulator's OAuth flow) gets a plan inside its dates, offline
// when no AI provider is configured and from the provider when one is; a plan over the limit, an
// account not connected and a plan without a campaigns feature are refused.

let t: TestApp;
let user: SignedInUser;
let page: string;
let instagram: string;
let sim: OpenAiSimulator;

async function authorize(login: 'facebook') {
  const start = await user.client.request('/api/platforms/oauth/start', { json: { login } });
  expect(start.status, start.text).toBe(200);
  const dialog = new URL(start.json.data.url);
  const res = await user.client.request(`${dialog.pathname}${dialog.search}&sim_auto=allow`);
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!.replace(/#_$/, ''));
  const cb = await user.client.request('/api/platforms/oauth/callback', {
    json: { login, ...Object.fromEntries(back.searchParams) },
  });
  expect(cb.status, cb.text).toBe(200);
  return cb.json.data.attempt_id as string;
}

beforeAll(async () => {
  t = await getTestApp();
  user = await createSignedInUser(t, { businessName: 'Rosa’s Bakery' });
  const world = simulatedWorld(t, user.userId);
  const attempt = await authorize('facebook');
  const res = await user.client.request(`/api/platforms/oauth/${attempt}/connect`, {
    json: { external_ids: [world.pageId, world.igAccountId] },
  });
  expect(res.status, res.text).toBe(201);
  const accounts = res.json.data as Array<{ id: string; external_id: string }>;
  expect(accounts).toHaveLength(2);
  page = accounts.find((a) => a.external_id === world.pageId)!.id;
  instagram = accounts.find((a) => a.external_id === world.igAccountId)!.id;
  await t.runtime.deps.database.unsafeDb
    .update(businessProfiles)
    .set({
      timeZone: 'Europe/Madrid',
      industry: 'Bakery',
      description: 'Family-run bakery, sourdough baked by hand',
      postingHours: [
        { day: 2, start: '08:30', end: '12:00' },
        { day: 4, start: '16:00', end: '19:00' },
      ],
    })
    .where(eq(businessProfiles.userId, user.userId));
  sim = await startOpenAiSimulator({ apiKeys: ['sk-test'], chunkDelayMs: 0 });
});
afterAll(async () => {
  await sim?.close();
});

const DAY = 86_400_000;
const now = new Date();
const dateIn = (days: number) =>
  new Date(now.getTime() + days * DAY).toLocaleDateString('en-CA', { timeZone: 'Europe/Madrid' });

function brief(overrides: Partial<CampaignBrief> = {}): CampaignBrief {
  return {
    name: 'Autumn sourdough',
    goal: 'Launch our new pumpkin sourdough and get people to pre-order',
    audience: 'Families nearby',
    startsOn: dateIn(1),
    endsOn: dateIn(21),
    connectionIds: [page, instagram],
    formats: ['post', 'carousel', 'reel', 'story'],
    cadence: { postsPerWeek: 3, weekdays: [1, 2, 3, 4, 5], times: ['09:00', '18:30'] },
    ...overrides,
  };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const localDay = (iso: string) => {
  const d = localDateOf(new Date(iso), 'Europe/Madrid');
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
};

describe('planCampaign', () => {
  it('plans both accounts within the campaign’s dates, offline, and says so', async () => {
    const b = brief();
    const plan = await planCampaign(t.runtime.deps, user.userId, b, now);
    expect(plan.source).toBe('offline');
    expect(plan.notices).toContain(NO_PROVIDER_NOTICE);
    expect(plan.problems).toEqual([]);
    // Three weeks, three posts a week, two accounts.
    expect(plan.posts).toHaveLength(18);
    for (const id of [page, instagram]) {
      expect(plan.posts.filter((p) => p.connectionId === id)).toHaveLength(9);
    }
    for (const post of plan.posts) {
      expect(plannedPostSchema.parse(post)).toEqual(post);
      expect(localDay(post.scheduledFor) >= b.startsOn).toBe(true);
      expect(localDay(post.scheduledFor) <= b.endsOn).toBe(true);
      expect(Date.parse(post.scheduledFor)).toBeGreaterThanOrEqual(now.getTime() + 15 * 60_000);
      expect(post.scheduledFor).toMatch(/T(09:00|18:30):00\+0[12]:00$/);
      const platform = post.connectionId === instagram ? 'instagram' : 'facebook';
      expect(postRuleProblems(post, platform)).toEqual([]);
      if (platform === 'facebook') expect(post.format).not.toBe('story');
    }
    expect(new Set(plan.posts.map((p) => p.key)).size).toBe(18);
    expect(plan.posts.every((p) => /^p-\d+-[0-9a-z]+$/.test(p.key))).toBe(true);
    // The same brief at the same moment gives the same plan.
    expect(await planCampaign(t.runtime.deps, user.userId, b, now)).toEqual(plan);
  });

  it('takes the posting hours when the cadence leaves the times to the default', async () => {
    const plan = await planCampaign(
      t.runtime.deps,
      user.userId,
      brief({ cadence: { postsPerWeek: 2, weekdays: [2, 4], times: [] } }),
      now,
    );
    expect(plan.posts.length).toBeGreaterThan(0);
    for (const post of plan.posts) expect(post.scheduledFor).toMatch(/T(08:30|16:00):00/);
  });

  it('refuses a plan of more posts than a campaign holds, naming the cadence', async () => {
    const error = await refusal(
      planCampaign(
        t.runtime.deps,
        user.userId,
        brief({
          endsOn: dateIn(80),
          cadence: {
            postsPerWeek: CAMPAIGN_LIMITS.maxPostsPerWeek,
            weekdays: [0, 1, 2, 3, 4, 5, 6],
            times: ['08:00', '12:00', '18:00'],
          },
        }),
        now,
      ),
    );
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.record.details).toEqual({
      fieldErrors: { cadence: expect.stringContaining(`at most ${CAMPAIGN_LIMITS.maxPosts}`) },
    });
  });

  it('refuses a brief that is invalid, too long, or names an account not connected', async () => {
    const invalid = await refusal(
      planCampaign(t.runtime.deps, user.userId, { ...brief(), goal: '' }, now),
    );
    expect(invalid.record.details).toMatchObject({ fieldErrors: { goal: expect.any(String) } });
    const long = await refusal(
      planCampaign(t.runtime.deps, user.userId, brief({ endsOn: dateIn(120) }), now),
    );
    expect(long.record.details).toEqual({ fieldErrors: { endsOn: expect.stringContaining('92') } });
    const backwards = await refusal(
      planCampaign(
        t.runtime.deps,
        user.userId,
        brief({ endsOn: dateIn(0), startsOn: dateIn(3) }),
        now,
      ),
    );
    expect(backwards.record.details).toEqual({ fieldErrors: { endsOn: expect.any(String) } });
    const other = await refusal(
      planCampaign(
        t.runtime.deps,
        user.userId,
        brief({ connectionIds: [page, crypto.randomUUID()] }),
        now,
      ),
    );
    expect(other.code).toBe('VALIDATION_ERROR');
    expect(other.record.details).toEqual({
      fieldErrors: { 'connectionIds.1': 'This account is not connected' },
    });
  });

  it('refuses a business whose plan has no campaigns', async () => {
    const free = await createSignedInUser(t);
    await t.runtime.deps.database.unsafeDb
      .update(subscription)
      .set({ plan: 'free' })
      .where(eq(subscription.userId, free.userId));
    const error = await refusal(
      planCampaign(t.runtime.deps, free.userId, brief({ connectionIds: [page] }), now),
    );
    expect(error.code).toBe('FEATURE_NOT_AVAILABLE');
  });

  it('asks the configured AI provider, and keeps only what passes the checks', async () => {
    const deps = {
      ...t.runtime.deps,
      env: {
        ...t.runtime.deps.env,
        AI_BASE_URL: sim.baseURL,
        AI_API_KEY: 'sk-test',
        AI_MODEL: 'sim-gpt-4o-mini',
        AI_TIMEOUT_MS: 5_000,
      },
    };
    const b = brief({ endsOn: dateIn(7), formats: ['post'] });
    const offline = await planCampaign(t.runtime.deps, user.userId, b, now);
    const posts = offline.posts.map((p, i) => ({
      connectionId: p.connectionId,
      scheduledFor: p.scheduledFor,
      format: p.format,
      caption: `AI caption ${i}`,
      hashtags: ['#Sourdough'],
      firstComment: null,
      media: p.media,
    }));
    posts[0]!.connectionId = crypto.randomUUID();
    sim.scriptAnswers({ json: { posts } });
    const plan = await planCampaign(deps, user.userId, b, now);
    expect(plan.source).toBe('ai');
    expect(plan.problems).toEqual([expect.objectContaining({ rule: 'unknown_account' })]);
    expect(plan.posts.map((p) => p.caption)).toEqual([
      offline.posts[0]!.caption,
      ...posts.slice(1).map((p) => p.caption),
    ]);
    expect(plan.posts.map((p) => p.key)).toEqual(offline.posts.map((p) => p.key));
  });
});

describe('regeneratePost', () => {
  it('writes a new caption for the same account, time, format and media', async () => {
    const b = brief();
    const { posts } = await planCampaign(t.runtime.deps, user.userId, b, now);
    const post = posts.find((p) => p.format !== 'story')!;
    const again = await regeneratePost(t.runtime.deps, user.userId, b, post, now);
    expect(again.source).toBe('offline');
    expect(again.notices).toEqual([NO_PROVIDER_NOTICE]);
    expect(again.post.caption).not.toBe(post.caption);
    expect(again.post).toEqual({
      ...post,
      caption: again.post.caption,
      hashtags: again.post.hashtags,
      firstComment: again.post.firstComment,
    });
    expect(
      postRuleProblems(again.post, post.connectionId === instagram ? 'instagram' : 'facebook'),
    ).toEqual([]);
  });
});
