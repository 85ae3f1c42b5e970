import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_LIMITS,
  plannedPostSchema,
  type CampaignBrief,
  type MediaRequirement,
} from '#shared/contracts/campaign-plan.contract.ts';
import { composePostText } from '#shared/contracts/ai-content.contract.ts';
import { countHashtags, limitsFor, type TargetFormat } from '#shared/platform-limits.ts';
import type { BusinessVoice } from '../ai-content/offline-generator.ts';
import { mediaProblem, postRuleProblems } from './plan-rules.ts';
import {
  mediaRequirementFor,
  planOffline,
  postKey,
  stagesOf,
  subjectOf,
  type PlanAccount,
} from './offline-planner.ts';
import { planSlots } from './plan-slots.ts';

// The offline plan: every post keeps its platform's rules (caption length, at most 30 hashtags,
// Instagram always with media, stories on Instagram only), the posts vary over a weekly arc, and
// the same brief gives the same plan.

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

const voice: BusinessVoice = {
  businessName: 'Rosa’s Bakery',
  industry: 'Bakery',
  brandVoice: 'warm and friendly',
  targetAudience: 'local families',
  website: 'https://rosas.example',
  description: 'Family-run bakery since 1998, sourdough baked by hand',
};

function brief(overrides: Partial<CampaignBrief> = {}): CampaignBrief {
  return {
    name: 'Autumn sourdough',
    goal: 'Launch our new pumpkin sourdough for the autumn and get people to pre-order',
    audience: 'Families and commuters nearby',
    startsOn: '2026-10-05',
    endsOn: '2026-10-25',
    connectionIds: [IG.id, FB.id],
    formats: ['post', 'carousel', 'reel', 'story'],
    cadence: { postsPerWeek: 4, weekdays: [1, 2, 3, 4, 5, 6], times: ['09:00', '17:00'] },
    ...overrides,
  };
}

function plan(b: CampaignBrief = brief(), v: BusinessVoice = voice) {
  const { slots } = planSlots({
    cadence: b.cadence,
    startsOn: b.startsOn,
    endsOn: b.endsOn,
    connectionIds: b.connectionIds,
    timeZone: 'Europe/Madrid',
    now: new Date('2026-10-01T00:00:00Z'),
  });
  return { slots, posts: planOffline({ brief: b, slots, accounts: [IG, FB], voice: v }) };
}

const platformOf = (id: string) => (id === IG.id ? IG.platform : FB.platform);

function expectWithinRules(posts: ReturnType<typeof plan>['posts']) {
  for (const post of posts) {
    const platform = platformOf(post.connectionId);
    expect(plannedPostSchema.parse(post)).toEqual(post);
    expect(postRuleProblems(post, platform), JSON.stringify(post)).toEqual([]);
    expect(post.hashtags.length).toBeLessThanOrEqual(CAMPAIGN_LIMITS.hashtags);
    if (post.format !== 'story') {
      const text = composePostText(post.caption, post.hashtags);
      expect(text.length).toBeLessThanOrEqual(limitsFor(platform, post.format).captionMaxLength);
      expect(countHashtags(text)).toBeLessThanOrEqual(30);
      expect(post.caption.trim().length).toBeGreaterThan(0);
    } else {
      expect(platform).toBe('instagram');
      expect(post).toMatchObject({ caption: '', hashtags: [], firstComment: null });
    }
    if (platform === 'instagram') {
      expect(post.media.kind).not.toBe('none');
      expect(post.media.count).toBeGreaterThanOrEqual(1);
    }
    expect(post.mediaIds).toEqual([]);
  }
}

describe('planOffline', () => {
  it('writes a post for every slot, each within its platform’s rules', () => {
    const { slots, posts } = plan();
    expect(posts).toHaveLength(slots.length);
    expect(posts.map((p) => [p.connectionId, p.scheduledFor])).toEqual(
      slots.map((s) => [s.connectionId, s.scheduledFor]),
    );
    expectWithinRules(posts);
    expect(new Set(posts.map((p) => p.key)).size).toBe(posts.length);
    posts.forEach((p, i) => expect(p.key).toBe(postKey(i, p.connectionId, p.scheduledFor)));
  });

  it('varies formats, captions and media over the campaign, from the goal and the business', () => {
    const { posts } = plan();
    const ig = posts.filter((p) => p.connectionId === IG.id);
    const fb = posts.filter((p) => p.connectionId === FB.id);
    expect(new Set(ig.map((p) => p.format))).toEqual(
      new Set(['post', 'carousel', 'reel', 'story']),
    );
    expect(new Set(fb.map((p) => p.format))).toEqual(new Set(['post', 'carousel', 'reel']));
    const captions = posts.filter((p) => p.format !== 'story').map((p) => p.caption);
    expect(new Set(captions).size).toBe(captions.length);
    expect(captions.filter((c) => /pumpkin sourdough/i.test(c)).length).toBeGreaterThan(
      captions.length / 2,
    );
    expect(posts.some((p) => p.hashtags.includes('#PumpkinSourdough'))).toBe(true);
    expect(new Set(posts.map((p) => p.media.description)).size).toBeGreaterThan(4);
    expect(posts.some((p) => p.firstComment !== null)).toBe(true);
    // The first post announces, the last reminds.
    expect(ig[0]!.media.description).toMatch(/first look|front and centre/i);
    expect(ig.at(-1)!.media.description).toMatch(/last look|new angle/i);
  });

  it('keeps to the formats of the brief, and gives a story nothing to a Facebook Page', () => {
    const { posts } = plan(brief({ formats: ['story', 'reel'] }));
    expect(posts.filter((p) => p.connectionId === FB.id).every((p) => p.format === 'reel')).toBe(
      true,
    );
    const only = plan(brief({ formats: ['story'] })).posts;
    expect(only.length).toBeGreaterThan(0);
    expect(only.every((p) => p.connectionId === IG.id && p.format === 'story')).toBe(true);
    expectWithinRules(only);
  });

  it('is deterministic for the same brief, and different for another', () => {
    expect(plan()).toEqual(plan());
    const other = plan(brief({ name: 'Another name' })).posts;
    expect(other.map((p) => p.caption)).not.toEqual(plan().posts.map((p) => p.caption));
  });

  it('keeps the rules with awkward goals, audiences and profiles', () => {
    const goals = [
      'x',
      '🎃🎃🎃 #autumn @everyone BIG SALE THIS WEEKEND!!!',
      'Fill the Saturday yoga classes in September, especially for beginners',
      `More bookings for the summer menu. ${'Very long words and more words. '.repeat(40)}`,
      'Promote "our (new) café" – with 20% off & free coffee',
    ];
    const voices: BusinessVoice[] = [
      voice,
      {
        businessName: 'X',
        industry: null,
        brandVoice: null,
        targetAudience: null,
        website: null,
        description: null,
      },
      { ...voice, businessName: 'A'.repeat(120), website: 'not a url', brandVoice: 'formal' },
    ];
    for (const goal of goals) {
      for (const v of voices) {
        const { posts } = plan(
          brief({ goal: goal.slice(0, 1000), audience: '#kids @parents 🎈'.repeat(10) }),
          v,
        );
        expect(posts.length).toBeGreaterThan(0);
        expectWithinRules(posts);
      }
    }
  });
});

describe('stages and media', () => {
  it('runs an arc through each week', () => {
    const { slots } = plan(
      brief({
        cadence: { postsPerWeek: 5, weekdays: [1, 2, 3, 4, 5], times: ['09:00'] },
        connectionIds: [IG.id],
      }),
    );
    const stages = stagesOf(slots);
    expect(stages.slice(0, 5)).toEqual(['announce', 'show', 'proof', 'offer', 'reminder']);
    expect(stages.at(-1)).toBe('reminder');
  });

  it('asks for media each format takes', () => {
    const formats: TargetFormat[] = ['post', 'carousel', 'reel', 'story'];
    for (const stage of ['announce', 'show', 'proof', 'offer', 'reminder'] as const) {
      for (const format of formats) {
        expect(
          mediaProblem(
            'instagram',
            format,
            mediaRequirementFor('instagram', format, stage, 'bread'),
          ),
        ).toBeNull();
        if (format !== 'story') {
          expect(
            mediaProblem(
              'facebook',
              format,
              mediaRequirementFor('facebook', format, stage, 'bread'),
            ),
          ).toBeNull();
        }
      }
    }
    expect(mediaRequirementFor('instagram', 'reel', 'show', 'bread')).toMatchObject({
      kind: 'video',
      count: 1,
      aspectRatio: '9:16',
    });
    expect(mediaRequirementFor('facebook', 'post', 'reminder', 'bread').kind).toBe('none');
  });

  it('finds media that does not fit its format', () => {
    const media = (m: Partial<MediaRequirement>): MediaRequirement => ({
      kind: 'image',
      count: 1,
      aspectRatio: '4:5',
      minSeconds: null,
      maxSeconds: null,
      description: 'a shot',
      ...m,
    });
    expect(
      mediaProblem('instagram', 'post', media({ kind: 'none', count: 0, aspectRatio: null })),
    ).toMatch(/Instagram needs/);
    expect(
      mediaProblem('facebook', 'post', media({ kind: 'none', count: 0, aspectRatio: null })),
    ).toBeNull();
    expect(mediaProblem('instagram', 'reel', media({}))).toMatch(/one video/);
    expect(
      mediaProblem(
        'instagram',
        'reel',
        media({ kind: 'video', aspectRatio: '9:16', minSeconds: 2, maxSeconds: 120 }),
      ),
    ).toMatch(/5–90/);
    expect(mediaProblem('instagram', 'story', media({ aspectRatio: '1:1' }))).toMatch(/9:16/);
    expect(mediaProblem('instagram', 'carousel', media({ kind: 'carousel', count: 7 }))).toMatch(
      /2–5/,
    );
    expect(
      mediaProblem(
        'instagram',
        'carousel',
        media({ kind: 'carousel', count: 3, aspectRatio: '16:9' }),
      ),
    ).toMatch(/1:1 or 4:5/);
    expect(mediaProblem('instagram', 'post', media({ aspectRatio: '9:16' }))).toMatch(
      /4:5 and 1.91:1/,
    );
    expect(
      postRuleProblems(
        {
          format: 'story',
          caption: '',
          hashtags: [],
          firstComment: null,
          media: media({ aspectRatio: '9:16' }),
        },
        'facebook',
      ),
    ).toEqual([expect.objectContaining({ rule: 'format_not_available' })]);
  });

  it('reads what a campaign is about from its goal', () => {
    expect(
      subjectOf('Launch our new pumpkin sourdough for the autumn and get people to pre-order'),
    ).toBe('our new pumpkin sourdough for the autumn');
    expect(subjectOf('Fill the Saturday yoga classes in September')).toBe(
      'the Saturday yoga classes in September',
    );
    expect(subjectOf('More bookings for the summer menu')).toBe('the summer menu');
    expect(subjectOf('🎃')).toBeNull();
  });
});
