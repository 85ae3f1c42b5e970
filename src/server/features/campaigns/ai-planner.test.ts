import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { plannedPostSchema, type CampaignBrief } from '#shared/contracts/campaign-plan.contract.ts';
import { createChatClient } from '#server/integrations/ai/chat-client.ts';
import { startOpenAiSimulator, type OpenAiSimulator } from '#simulators/openai/openai-simulator.ts';
import type { BusinessVoice } from '../ai-content/offline-generator.ts';
import {
  AI_UNREACHABLE_NOTICE,
  AI_UNUSABLE_NOTICE,
  planWithAi,
  type AiPlanInput,
  type AiPost,
} from './ai-planner.ts';
import { planOffline, type PlanAccount } from './offline-planner.ts';
import { planSlots } from './plan-slots.ts';

// The AI planner against the OpenAI simulator with scripted answers: a good answer is used as it
// is; a malformed or schema-breaking answer gives the offline plan with a notice; a post for an
// unknown account, at a past or unoffered time, in a format the platform does not have or with
// media its format cannot take is left out with a problem, and its time written offline.

let sim: OpenAiSimulator;
beforeAll(async () => {
  sim = await startOpenAiSimulator({ apiKeys: ['sk-test'], chunkDelayMs: 0 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  await fetch(`${sim.url}/__control/script`, { method: 'DELETE' });
  await fetch(`${sim.url}/__control/faults`, { method: 'DELETE' });
});

const IG: PlanAccount = {
  id: '11111111-1111-4111-8111-111111111111',
  platform: 'instagram',
  name: '@rosasbakery',
};
const FB: PlanAccount = {
  id: '22222222-2222-4222-8222-222222222222',
  platform: 'facebook',
  name: 'Rosa’s Bakery',
};
const STRANGER = '33333333-3333-4333-8333-333333333333';

const voice: BusinessVoice = {
  businessName: 'Rosa’s Bakery',
  industry: 'Bakery',
  brandVoice: 'warm',
  targetAudience: 'local families',
  website: 'https://rosas.example',
  description: null,
};

const brief: CampaignBrief = {
  name: 'Autumn sourdough',
  goal: 'Launch our new pumpkin sourdough',
  audience: 'Families nearby',
  startsOn: '2026-10-05',
  endsOn: '2026-10-11',
  connectionIds: [IG.id, FB.id],
  formats: ['post', 'reel', 'story'],
  cadence: { postsPerWeek: 2, weekdays: [1, 3], times: ['09:00'] },
};
const now = new Date('2026-10-01T10:00:00Z');
const timeZone = 'Europe/Madrid';
const { slots } = planSlots({ ...brief, timeZone, now });

function input(): AiPlanInput {
  return {
    client: createChatClient({
      baseUrl: sim.baseURL,
      apiKey: 'sk-test',
      model: 'sim-gpt-4o-mini',
      timeoutMs: 5_000,
    }),
    brief,
    slots,
    accounts: [IG, FB],
    voice,
    timeZone,
    now,
  };
}

/** A post for every slot, as a model following the instructions would write it. */
function goodPosts(): AiPost[] {
  return slots.map((slot, i) => ({
    connectionId: slot.connectionId,
    scheduledFor: slot.scheduledFor,
    format: 'post',
    caption: `AI caption ${i}: our pumpkin sourdough is here.`,
    hashtags: ['#Sourdough', 'autumn bread', '#sourdough'],
    firstComment: i === 0 ? 'Tell us your favourite!' : null,
    media: {
      kind: 'image',
      count: 1,
      aspectRatio: '4:5',
      minSeconds: null,
      maxSeconds: null,
      description: 'A loaf on the counter, morning light',
    },
  }));
}

const captions = (posts: Array<{ caption: string }>) => posts.map((p) => p.caption);
const offlinePlan = () => planOffline(input());

describe('planWithAi', () => {
  it('uses a good answer, on the offered times, with its hashtags cleaned', async () => {
    expect(slots).toHaveLength(4);
    sim.scriptAnswers({ json: { posts: goodPosts() } });
    const plan = await planWithAi(input());
    expect(plan.source).toBe('ai');
    expect(plan.problems).toEqual([]);
    expect(plan.notices).toEqual([]);
    expect(captions(plan.posts)).toEqual(captions(goodPosts()));
    plan.posts.forEach((post, i) => {
      expect(plannedPostSchema.parse(post)).toEqual(post);
      expect(post).toMatchObject({
        key: expect.stringMatching(new RegExp(`^p-${i}-[0-9a-z]+$`)),
        connectionId: slots[i]!.connectionId,
        scheduledFor: slots[i]!.scheduledFor,
        hashtags: ['#Sourdough', '#autumnbread'],
        mediaIds: [],
      });
    });

    // What the provider was asked: a strict schema of posts without keys or media ids, and the
    // accounts, their formats and the offered times.
    const body = sim.requests.at(-1)!.body!;
    const format = body['response_format'] as {
      json_schema: { name: string; strict: boolean; schema: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    expect(format.json_schema).toMatchObject({ name: 'campaign_plan', strict: true });
    const post = format.json_schema.schema['properties'].posts.items;
    expect(Object.keys(post.properties).sort()).toEqual(
      [
        'caption',
        'connectionId',
        'firstComment',
        'format',
        'hashtags',
        'media',
        'scheduledFor',
      ].sort(),
    );
    const user = (body['messages'] as Array<{ role: string; content: string }>).at(-1)!.content;
    const asked = JSON.parse(user.slice(user.indexOf('{'))) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(asked['accounts']).toEqual([
      {
        id: IG.id,
        platform: 'instagram',
        name: '@rosasbakery',
        formats: ['post', 'reel', 'story'],
      },
      { id: FB.id, platform: 'facebook', name: 'Rosa’s Bakery', formats: ['post', 'reel'] },
    ]);
    expect(asked['slots']).toHaveLength(4);
  });

  it('accepts an offered time written another way, and writes it as offered', async () => {
    const posts = goodPosts();
    posts[0]!.scheduledFor = slots[0]!.at.toISOString();
    sim.scriptAnswers({ json: { posts } });
    const plan = await planWithAi(input());
    expect(plan.problems).toEqual([]);
    expect(plan.posts[0]!.scheduledFor).toBe(slots[0]!.scheduledFor);
  });

  it('gives the offline plan with a notice for malformed JSON', async () => {
    sim.scriptAnswers({ content: '{"posts": [{"connectionId": "' });
    const plan = await planWithAi(input());
    expect(plan).toEqual({
      posts: offlinePlan(),
      source: 'offline',
      notices: [AI_UNUSABLE_NOTICE],
      problems: [],
    });
  });

  it('gives the offline plan with a notice for an answer that breaks the schema', async () => {
    const posts = goodPosts().map((p) => ({ ...p, format: 'tweet', hashtags: 'all of them' }));
    sim.scriptAnswers({ json: { posts, extra: true } });
    const plan = await planWithAi(input());
    expect(plan.source).toBe('offline');
    expect(plan.notices).toEqual([AI_UNUSABLE_NOTICE]);
    expect(plan.posts).toEqual(offlinePlan());
    expect(captions(plan.posts).some((c) => c.startsWith('AI caption'))).toBe(false);
  });

  it('leaves out a post for an account not in the brief, and writes its time offline', async () => {
    const posts = goodPosts();
    posts[0]!.connectionId = STRANGER;
    sim.scriptAnswers({ json: { posts } });
    const plan = await planWithAi(input());
    expect(plan.source).toBe('ai');
    expect(plan.problems).toEqual([
      {
        postKey: null,
        field: 'posts.0.connectionId',
        connectionId: STRANGER,
        account: null,
        rule: 'unknown_account',
        message: expect.stringContaining('not part of the campaign'),
      },
    ]);
    expect(captions(plan.posts)).not.toContain(posts[0]!.caption);
    expect(plan.posts.every((p) => p.connectionId !== STRANGER)).toBe(true);
    // Its time is kept with an offline post; the other three are the AI's.
    expect(plan.posts).toHaveLength(4);
    expect(plan.posts[0]!.caption).toBe(offlinePlan()[0]!.caption);
    expect(captions(plan.posts).slice(1)).toEqual(captions(posts).slice(1));
    expect(plan.notices).toEqual([expect.stringContaining('1 post was written offline')]);
  });

  it('leaves out a post at a past time', async () => {
    const posts = goodPosts();
    posts[1]!.scheduledFor = new Date(now.getTime() - 3_600_000).toISOString();
    sim.scriptAnswers({ json: { posts } });
    const plan = await planWithAi(input());
    expect(plan.problems).toEqual([
      expect.objectContaining({
        postKey: null,
        field: 'posts.1.scheduledFor',
        connectionId: posts[1]!.connectionId,
        rule: 'time_in_past',
      }),
    ]);
    expect(captions(plan.posts)).not.toContain(posts[1]!.caption);
    expect(plan.posts.every((p) => Date.parse(p.scheduledFor) > now.getTime())).toBe(true);
  });

  it('leaves out times not offered or outside the dates, formats and media that do not fit', async () => {
    const posts = goodPosts();
    const later = new Date(slots[0]!.at.getTime() + 3_600_000);
    posts[0]!.scheduledFor = later.toISOString(); // within the dates, not offered
    posts[1] = { ...posts[1]!, format: 'story', caption: '', hashtags: [] }; // a Page's story
    posts[2] = { ...posts[2]!, format: 'reel' }; // a reel with a photo
    posts[3]!.scheduledFor = '2026-11-20T09:00:00+01:00'; // after the last day
    const duplicate = { ...goodPosts()[0]!, caption: 'AI caption twice' };
    const unchosen = { ...goodPosts()[0]!, format: 'carousel' as const, caption: 'AI carousel' };
    sim.scriptAnswers({ json: { posts: [...posts, duplicate, goodPosts()[0]!, unchosen] } });
    const plan = await planWithAi(input());
    expect(plan.problems.map((p) => [p.field, p.rule])).toEqual([
      ['posts.0.scheduledFor', 'time_not_offered'],
      ['posts.1.format', 'format_not_available'],
      ['posts.2.media', 'media_requirement'],
      ['posts.3.scheduledFor', 'time_outside_dates'],
      // The first post for the slot is kept; a second one for the same slot is not.
      ['posts.5.scheduledFor', 'slot_taken'],
      ['posts.6.scheduledFor', 'slot_taken'],
      ['posts.6.format', 'format_not_chosen'],
      ['posts.6.media', 'media_requirement'],
    ]);
    expect(plan.problems[2]!.message).toContain('one video');
    expect(plan.problems[1]).toMatchObject({ connectionId: FB.id, account: 'Rosa’s Bakery' });
    expect(captions(plan.posts)).toEqual([
      'AI caption twice',
      offlinePlan()[1]!.caption,
      offlinePlan()[2]!.caption,
      offlinePlan()[3]!.caption,
    ]);
    expect(plan.notices).toEqual([expect.stringContaining('3 posts were written offline')]);
  });

  it('gives the offline plan when no post of the answer can be used', async () => {
    // Unscripted, the simulator invents accounts and times from the schema.
    const plan = await planWithAi(input());
    expect(plan.source).toBe('offline');
    expect(plan.notices).toEqual([AI_UNUSABLE_NOTICE]);
    expect(plan.posts).toEqual(offlinePlan());
    expect(plan.problems.length).toBeGreaterThan(0);
    expect(plan.problems.every((p) => p.postKey === null)).toBe(true);
  });

  it('gives the offline plan when the provider fails', async () => {
    sim.queueFaults('server_error');
    const plan = await planWithAi(input());
    expect(plan).toEqual({
      posts: offlinePlan(),
      source: 'offline',
      notices: [AI_UNREACHABLE_NOTICE],
      problems: [],
    });
  });
});
