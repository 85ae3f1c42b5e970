import { z } from 'zod';
import {
  CAMPAIGN_LIMITS,
  mediaRequirementSchema,
  type CampaignBrief,
  type LaunchProblem,
  type PlannedPost,
} from '#shared/contracts/campaign-plan.contract.ts';
import { MAX_FIRST_COMMENT_LENGTH } from '#shared/contracts/posts.contract.ts';
import { TARGET_FORMATS } from '#shared/platform-limits.ts';
import { isAppError } from '#shared/errors/index.ts';
import type { ChatClient, ChatMessage } from '#server/integrations/ai/chat-client.ts';
import { clip, type BusinessVoice } from '../ai-content/offline-generator.ts';
import { planOffline, postKey, type PlanAccount } from './offline-planner.ts';
import { formatsFor, postRuleProblems } from './plan-rules.ts';
import { PLAN_LEAD_MINUTES, parseLocalDate, type PlannedSlot } from './plan-slots.ts';
import { knownTimeZone, localDateOf } from '../queue/wall-clock.ts';

// The campaign planner with the AI provider (docs/product/screens.md#campaigns;
// docs/decisions/060, "Structured output and tool calls"): the provider is given the brief, the
// times already chosen, the accounts and the business, and answers posts in a strict schema.
// Nothing it says is trusted: each post is checked — its account is one of the brief's, its time
// one of the offered ones and not past, its format one the account's platform has, its media
// consistent with its format, its text within the platform's limits — and a post that fails is
// left out with a problem saying why. Times it left without a post are written offline. An
// answer that cannot be read at all gives the offline plan.

export const AI_UNUSABLE_NOTICE = 'The AI answer could not be used; this plan was made offline.';
export const AI_UNREACHABLE_NOTICE =
  'The AI provider could not be used just now; this plan was made offline.';

/** A post as the provider writes it: no key and no media chosen (strict: nullable, never optional). */
export const aiPostSchema = z.strictObject({
  connectionId: z.string(),
  scheduledFor: z.string(),
  format: z.enum(TARGET_FORMATS),
  caption: z.string().max(CAMPAIGN_LIMITS.captionLength),
  hashtags: z.array(z.string().max(100)).max(CAMPAIGN_LIMITS.hashtags),
  firstComment: z.string().max(MAX_FIRST_COMMENT_LENGTH).nullable(),
  media: mediaRequirementSchema,
});
export type AiPost = z.infer<typeof aiPostSchema>;

export const aiPlanSchema = z.strictObject({
  posts: z.array(aiPostSchema).max(CAMPAIGN_LIMITS.maxPosts),
});

export interface AiPlanInput {
  client: ChatClient;
  brief: CampaignBrief;
  slots: readonly PlannedSlot[];
  accounts: readonly PlanAccount[];
  voice: BusinessVoice;
  timeZone: string;
  now: Date;
  signal?: AbortSignal;
}

export interface PlanOutcome {
  posts: PlannedPost[];
  source: 'ai' | 'offline';
  notices: string[];
  problems: LaunchProblem[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function profileLines(voice: BusinessVoice): string[] {
  return [
    `Business: ${clip(voice.businessName, 120)}`,
    voice.industry ? `Industry: ${clip(voice.industry, 120)}` : null,
    voice.description ? `About: ${clip(voice.description, 500)}` : null,
    voice.brandVoice ? `Brand voice: ${clip(voice.brandVoice, 300)}` : null,
    voice.targetAudience ? `Usual audience: ${clip(voice.targetAudience, 300)}` : null,
    voice.website ? `Website: ${clip(voice.website, 200)}` : null,
  ].filter((line): line is string => line !== null);
}

/** What the provider is told: the rules, the business, then the brief, accounts and times. */
export function planMessages(input: Omit<AiPlanInput, 'client' | 'now' | 'signal'>): ChatMessage[] {
  const { brief } = input;
  const system = [
    'You plan social media campaigns for a business, in its own voice, in English.',
    ...profileLines(input.voice),
    '',
    'Write one post for every slot offered: use its connectionId and scheduledFor exactly as given.',
    'Vary the posts over each week as an arc: announce, show, proof, offer, reminder.',
    'Use only the formats listed for each account. Stories are Instagram only and show no text:',
    'give a story an empty caption, no hashtags and a null firstComment.',
    'Instagram captions stay under 2,200 characters with at most 30 hashtags and 20 @-mentions;',
    'put hashtags in "hashtags" (each starting with #), not in the caption.',
    'media says what each post needs: a reel one video (kind "video", count 1, "9:16", 5–90 s);',
    'a story one photo ("image", seconds null) or one video of 3–60 s, "9:16"; a carousel',
    '(kind "carousel") 2–5 photos at "1:1" or "4:5", seconds null; a post one photo ("image",',
    'seconds null) or one video; a Facebook post may need none (kind "none", count 0,',
    'aspectRatio null). Instagram posts always need media. Describe the shot in a sentence.',
  ].join('\n');
  const user = JSON.stringify({
    campaign: {
      name: brief.name,
      goal: brief.goal,
      audience: brief.audience || null,
      startsOn: brief.startsOn,
      endsOn: brief.endsOn,
      timeZone: input.timeZone,
    },
    accounts: input.accounts.map((a) => ({
      id: a.id,
      platform: a.platform,
      name: a.name,
      formats: formatsFor(a.platform, brief.formats),
    })),
    slots: input.slots.map((s) => ({ connectionId: s.connectionId, scheduledFor: s.scheduledFor })),
  });
  return [
    { role: 'system', content: system },
    { role: 'user', content: `Plan the campaign as JSON:\n${user}` },
  ];
}

/** "bakery", "#Fresh Bread!" → "#bakery", "#FreshBread"; what cannot be a hashtag goes. */
export function cleanHashtags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags) {
    const body = tag.replace(/^#+/, '').replace(/[^\p{L}\p{N}_]/gu, '');
    if (!/[\p{L}_]/u.test(body)) continue;
    const clean = `#${body.slice(0, 100)}`;
    if (seen.has(clean.toLowerCase())) continue;
    seen.add(clean.toLowerCase());
    out.push(clean);
  }
  return out.slice(0, CAMPAIGN_LIMITS.hashtags);
}

interface Checked {
  slot: PlannedSlot;
  post: Omit<PlannedPost, 'key'>;
}

/** Each post of the answer kept (on its offered slot) or left out with the problems it has. */
export function checkAnswer(
  answer: readonly AiPost[],
  input: Pick<AiPlanInput, 'brief' | 'slots' | 'accounts' | 'timeZone' | 'now'>,
): { kept: Checked[]; problems: LaunchProblem[] } {
  const { brief } = input;
  const timeZone = knownTimeZone(input.timeZone);
  const earliest = input.now.getTime() + PLAN_LEAD_MINUTES * 60_000;
  const first = parseLocalDate(brief.startsOn);
  const last = parseLocalDate(brief.endsOn);
  const dayOf = (d: { year: number; month: number; day: number }) =>
    d.year * 10_000 + d.month * 100 + d.day;
  const slotOf = new Map(input.slots.map((s) => [`${s.connectionId}|${s.at.getTime()}`, s]));
  const used = new Set<string>();
  const kept: Checked[] = [];
  const problems: LaunchProblem[] = [];

  answer.forEach((post, i) => {
    const account = input.accounts.find((a) => a.id === post.connectionId) ?? null;
    const found: Array<{ field: string; rule: string; message: string }> = [];
    const at = Date.parse(post.scheduledFor);
    const key = `${post.connectionId}|${at}`;
    if (!account) {
      found.push({
        field: 'connectionId',
        rule: 'unknown_account',
        message: 'This post names an account that is not part of the campaign',
      });
    }
    if (Number.isNaN(at)) {
      found.push({
        field: 'scheduledFor',
        rule: 'invalid_time',
        message: 'This time cannot be read',
      });
    } else if (at < earliest) {
      found.push({
        field: 'scheduledFor',
        rule: 'time_in_past',
        message: `This time has passed or is less than ${PLAN_LEAD_MINUTES} minutes away`,
      });
    } else if (
      dayOf(localDateOf(new Date(at), timeZone)) < dayOf(first) ||
      dayOf(localDateOf(new Date(at), timeZone)) > dayOf(last)
    ) {
      found.push({
        field: 'scheduledFor',
        rule: 'time_outside_dates',
        message: `This time is outside the campaign's dates (${brief.startsOn} to ${brief.endsOn})`,
      });
    } else if (account && !slotOf.has(key)) {
      found.push({
        field: 'scheduledFor',
        rule: 'time_not_offered',
        message: 'This time is not one of the campaign’s posting times',
      });
    } else if (account && used.has(key)) {
      found.push({
        field: 'scheduledFor',
        rule: 'slot_taken',
        message: 'Another post of this account already has this time',
      });
    }
    if (account && !brief.formats.includes(post.format)) {
      found.push({
        field: 'format',
        rule: 'format_not_chosen',
        message: `The campaign does not use the ${post.format} format`,
      });
    }
    const cleaned = {
      format: post.format,
      caption: post.format === 'story' ? post.caption : post.caption.trim(),
      hashtags: cleanHashtags(post.hashtags),
      // A story takes no comments: one written for it is dropped, not a reason to drop the post.
      firstComment:
        post.format !== 'story' && post.firstComment?.trim() ? post.firstComment.trim() : null,
      media: post.media,
    };
    if (account) found.push(...postRuleProblems(cleaned, account.platform));

    if (found.length > 0 || !account) {
      for (const f of found) {
        problems.push({
          postKey: null,
          field: `posts.${i}.${f.field}`,
          connectionId: account
            ? account.id
            : UUID.test(post.connectionId)
              ? post.connectionId
              : null,
          account: account?.name ?? null,
          rule: f.rule,
          message: `AI post ${i + 1} left out: ${f.message}`,
        });
      }
      return;
    }
    used.add(key);
    const slot = slotOf.get(key)!;
    kept.push({
      slot,
      post: {
        scheduledFor: slot.scheduledFor,
        connectionId: account.id,
        ...cleaned,
        mediaIds: [],
      },
    });
  });
  return { kept, problems };
}

/** The offline plan, with why it is offline. */
export function offlineOutcome(
  input: Pick<AiPlanInput, 'brief' | 'slots' | 'accounts' | 'voice'>,
  notice: string,
): PlanOutcome {
  return { posts: planOffline(input), source: 'offline', notices: [notice], problems: [] };
}

/** The plan from the provider, checked; the offline plan when its answer cannot be used. */
export async function planWithAi(input: AiPlanInput): Promise<PlanOutcome> {
  let result;
  try {
    result = await input.client.structured(
      aiPlanSchema,
      'campaign_plan',
      planMessages(input),
      input.signal ? { signal: input.signal } : {},
    );
  } catch (error) {
    if (!isAppError(error)) throw error;
    return offlineOutcome(input, AI_UNREACHABLE_NOTICE);
  }
  if (!result.ok) return offlineOutcome(input, AI_UNUSABLE_NOTICE);

  const { kept, problems } = checkAnswer(result.value.posts, input);
  const bySlot = new Map(kept.map((k) => [k.slot, k.post]));
  const offline = new Map(
    planOffline(input).map((p) => [`${p.connectionId}|${Date.parse(p.scheduledFor)}`, p]),
  );
  let filled = 0;
  const posts: Array<Omit<PlannedPost, 'key'>> = [];
  for (const slot of input.slots) {
    const fromAi = bySlot.get(slot);
    if (fromAi) {
      posts.push(fromAi);
      continue;
    }
    const fallback = offline.get(`${slot.connectionId}|${slot.at.getTime()}`);
    if (!fallback) continue;
    const { key: _key, ...rest } = fallback;
    posts.push(rest);
    filled += 1;
  }
  const notices: string[] = [];
  if (kept.length === 0) {
    notices.push(AI_UNUSABLE_NOTICE);
    return { posts: planOffline(input), source: 'offline', notices, problems };
  }
  if (filled > 0) {
    notices.push(
      `${filled} post${filled === 1 ? ' was' : 's were'} written offline where the AI left a time without a usable post.`,
    );
  }
  return {
    posts: posts.map((p, i) => ({ key: postKey(i, p.connectionId, p.scheduledFor), ...p })),
    source: 'ai',
    notices,
    problems,
  };
}
