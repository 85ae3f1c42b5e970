import type { Platform } from '#shared/contracts/account.contract.ts';
import type { AiTone } from '#shared/contracts/ai-content.contract.ts';
import {
  CAMPAIGN_LIMITS,
  type CampaignBrief,
  type MediaRequirement,
  type PlannedPost,
} from '#shared/contracts/campaign-plan.contract.ts';
import type { PostFormat, TargetFormat } from '#shared/platform-limits.ts';
import { fitToLimits } from '../ai-content/fit-to-limits.ts';
import {
  clip,
  composeOffline,
  seededRandom,
  type BusinessVoice,
} from '../ai-content/offline-generator.ts';
import { capitalise } from '../ai-content/offline-text.ts';
import type { PlannedSlot } from './plan-slots.ts';
import { formatsFor } from './plan-rules.ts';

// The campaign planner without an AI provider (docs/product/screens.md#campaigns: a generated
// plan of posts, then the media each post needs). Each post of an account takes its place in a
// weekly arc — announce, show, proof, offer, reminder — which chooses its format among those the
// brief allows, its caption (written by the offline caption generator, docs/decisions/064, from
// the goal, the audience and the business profile) and the media it needs. The same brief gives
// the same plan. The rules every planned post keeps are in plan-rules.ts.

export const ARC = ['announce', 'show', 'proof', 'offer', 'reminder'] as const;
export type ArcStage = (typeof ARC)[number];

/** An account a campaign posts to. */
export interface PlanAccount {
  id: string;
  platform: Platform;
  /** As people know it: "@username" or the Page's name. */
  name: string;
}

export interface OfflinePlanInput {
  brief: CampaignBrief;
  slots: readonly PlannedSlot[];
  accounts: readonly PlanAccount[];
  voice: BusinessVoice;
}

const SHOTS: Record<ArcStage, readonly string[]> = {
  announce: [
    'The first look at {subject}: one clear, bright shot, close up',
    '{subject}, front and centre, on a clean background',
  ],
  show: [
    'Behind the scenes: hands at work on {subject}, step by step',
    'How {subject} comes together, from start to finish',
  ],
  proof: [
    'A customer enjoying {subject}: a real moment in natural light',
    'Happy faces with {subject}, taken on the day',
  ],
  offer: [
    '{subject} in its best light, with room for a short line of text',
    '{subject} on the counter, ready to take home',
  ],
  reminder: [
    'One last look at {subject} before the campaign ends',
    '{subject} again, from a new angle',
  ],
};

function shot(stage: ArcStage, subject: string, pick: number, lead: string): string {
  const templates = SHOTS[stage];
  const text = templates[pick % templates.length]!.replace('{subject}', () => clip(subject, 120));
  return clip(
    lead ? `${lead}${text.charAt(0).toLowerCase()}${text.slice(1)}` : capitalise(text),
    300,
  );
}

/** The media a post of this format needs at this stage of the arc; it passes `mediaProblem`. */
export function mediaRequirementFor(
  platform: Platform,
  format: TargetFormat,
  stage: ArcStage,
  subject: string,
  pick = 0,
): MediaRequirement {
  const photo = (aspectRatio: MediaRequirement['aspectRatio'], lead: string) => ({
    kind: 'image' as const,
    count: 1,
    aspectRatio,
    minSeconds: null,
    maxSeconds: null,
    description: shot(stage, subject, pick, lead),
  });
  switch (format) {
    case 'reel':
      return {
        kind: 'video',
        count: 1,
        aspectRatio: '9:16',
        minSeconds: stage === 'show' ? 15 : 5,
        maxSeconds: stage === 'show' ? 45 : 30,
        description: shot(stage, subject, pick, 'A short vertical video: '),
      };
    case 'story':
      return stage === 'announce' || stage === 'show'
        ? {
            kind: 'video',
            count: 1,
            aspectRatio: '9:16',
            minSeconds: 5,
            maxSeconds: 15,
            description: shot(stage, subject, pick, 'A full-screen vertical clip: '),
          }
        : photo('9:16', 'A full-screen vertical photo: ');
    case 'carousel': {
      const count = stage === 'show' ? 4 : 3;
      return {
        kind: 'carousel',
        count,
        aspectRatio: platform === 'instagram' ? '4:5' : '1:1',
        minSeconds: null,
        maxSeconds: null,
        description: shot(stage, subject, pick, `${count} photos in a row: `),
      };
    }
    case 'post':
      if (platform === 'facebook' && stage === 'reminder') {
        return {
          kind: 'none',
          count: 0,
          aspectRatio: null,
          minSeconds: null,
          maxSeconds: null,
          description: 'No photo needed: a short text post',
        };
      }
      return photo(platform === 'instagram' && stage !== 'proof' ? '4:5' : '1:1', '');
  }
}

// ---------------------------------------------------------------------------------------------
// Writing

const GOAL_VERBS =
  /^(to\s+)?(launch|promote|announce|advertise|introduce|celebrate|sell|showcase|highlight|market|boost|grow|increase|drive|fill|spread the word about|raise awareness (of|for|about)|build awareness (of|for|about)|get (more )?(people|customers|clients|guests|visitors|locals|followers) (to (try|visit|book|buy|order|come to|discover|know about)|into|for|at)|(more|get more) (bookings|sales|orders|visitors|customers|sign-?ups|footfall|attention) (for|of|on|at|to))\s+/i;
const CUT = /\s(and|so|so that|to get|by|while|with the aim|in order to)\s|[.;!?]\s|,\s|\s[–-]\s/i;

/** What the campaign is about, from its goal: "our new pumpkin sourdough for the autumn". */
export function subjectOf(goal: string): string | null {
  let text = clip(goal, 300);
  for (let i = 0; i < 3; i++) text = text.replace(GOAL_VERBS, '');
  const cut = CUT.exec(text);
  if (cut && cut.index >= 8) text = text.slice(0, cut.index);
  text = clip(text, 90).replace(/[\s,;:.!?-]+$/, '');
  if (!/\p{L}{3}/u.test(text)) return null;
  return text.replace(/^(Our|The|A|An|New|My|This|These)\b/, (w) => w.toLowerCase());
}

const TONES: Record<ArcStage, AiTone> = {
  announce: 'friendly',
  show: 'informative',
  proof: 'inspirational',
  offer: 'bold',
  reminder: 'friendly',
};

const DETAILS: Record<ArcStage, readonly string[]> = {
  announce: ['', ''],
  show: ['Here is a look at how it is made.', 'This is how we make it.'],
  proof: ['Our customers already have a favourite.', 'The first reactions have been wonderful.'],
  offer: ['Now is the perfect time to try it.', 'Make this the week you come and see us.'],
  reminder: ['Only a few days left.', 'There is still time, but not much.'],
};

const FIRST_COMMENTS: Record<ArcStage, readonly string[]> = {
  announce: [],
  show: ['Questions about how we do it? Ask below and we will answer.'],
  proof: ['Tried it already? Tell us what you think below.'],
  offer: [],
  reminder: [],
};

function promptFor(stage: ArcStage, subject: string | null, goal: string, pick: number): string {
  if (subject === null) return clip(goal, 400);
  const detail = DETAILS[stage][pick % DETAILS[stage].length]!;
  if (stage === 'announce') return `Announce ${subject}`;
  return `${subject}. ${detail}`;
}

function lengthFor(platform: Platform, format: PostFormat, stage: ArcStage) {
  if (platform === 'instagram' && format === 'carousel' && stage === 'show') return 'long' as const;
  return 'medium' as const;
}

const HASHTAG = /^#[\p{L}\p{N}_]+$/u;

export interface WriteRequest {
  brief: CampaignBrief;
  account: PlanAccount;
  format: TargetFormat;
  stage: ArcStage;
  voice: BusinessVoice;
  /** Different seeds give different captions for the same post. */
  seed: string;
}

/** Caption, hashtags, first comment and media of one post (no key, time or account). */
export function writePost(
  request: WriteRequest,
): Pick<PlannedPost, 'caption' | 'hashtags' | 'firstComment' | 'media'> {
  const { brief, account, format, stage } = request;
  const rng = seededRandom(request.seed);
  const pick = Math.floor(rng() * 1000);
  const subject = subjectOf(brief.goal);
  const voice: BusinessVoice = {
    ...request.voice,
    targetAudience: brief.audience.trim() || request.voice.targetAudience,
  };
  const media = mediaRequirementFor(account.platform, format, stage, subject ?? brief.name, pick);
  // A story shows no text (docs/decisions/086): it is planned without a caption.
  if (format === 'story') return { caption: '', hashtags: [], firstComment: null, media };
  const options = {
    prompt: promptFor(stage, subject, brief.goal, pick),
    platform: account.platform,
    format,
    tone: TONES[stage],
    length: lengthFor(account.platform, format, stage),
    variants: 1,
    emoji: true,
    hashtags: true,
    language: 'en' as const,
  };
  const fitted = fitToLimits(composeOffline({ voice, options, seed: request.seed }), options);
  const hashtags = fitted.hashtags
    .filter((tag) => HASHTAG.test(tag))
    .slice(0, CAMPAIGN_LIMITS.hashtags);
  let firstComment: string | null = null;
  const comments = FIRST_COMMENTS[stage];
  if (comments.length > 0) firstComment = comments[pick % comments.length]!;
  if (stage === 'offer' && account.platform === 'facebook' && voice.website) {
    firstComment = `All the details: ${clip(voice.website, 200)}`;
  }
  return { caption: fitted.caption, hashtags, firstComment, media };
}

// ---------------------------------------------------------------------------------------------
// The plan

const FORMAT_PREFERENCE: Record<ArcStage, readonly TargetFormat[]> = {
  announce: ['reel', 'post', 'carousel', 'story'],
  show: ['carousel', 'reel', 'post', 'story'],
  proof: ['post', 'carousel', 'reel', 'story'],
  offer: ['post', 'story', 'carousel', 'reel'],
  reminder: ['story', 'post', 'reel', 'carousel'],
};

/** The stage of each of an account's slots (in time order): a weekly arc over its posts. */
export function stagesOf(slots: readonly PlannedSlot[]): ArcStage[] {
  const byWeek = new Map<number, number[]>();
  slots.forEach((slot, i) => byWeek.set(slot.week, [...(byWeek.get(slot.week) ?? []), i]));
  const stages: ArcStage[] = [];
  for (const [week, indexes] of byWeek) {
    indexes.forEach((index, i) => {
      const n = indexes.length;
      stages[index] =
        n === 1 ? ARC[week % ARC.length]! : ARC[Math.round((i * (ARC.length - 1)) / (n - 1))]!;
    });
  }
  if (slots.length > 1) {
    stages[0] = 'announce';
    stages[slots.length - 1] = 'reminder';
  }
  return stages;
}

/** Formats for an account's posts, varied: the least used so far, the stage's favourite first. */
export function formatsOf(stages: readonly ArcStage[], allowed: readonly TargetFormat[]) {
  const uses = new Map<TargetFormat, number>(allowed.map((f) => [f, 0]));
  return stages.map((stage) => {
    const rank = (f: TargetFormat) => FORMAT_PREFERENCE[stage].indexOf(f);
    const format = [...allowed].sort(
      (a, b) => uses.get(a)! - uses.get(b)! || rank(a) - rank(b),
    )[0]!;
    uses.set(format, uses.get(format)! + 1);
    return format;
  });
}

/** A short, stable hash (FNV-1a) in base 36. */
export function shortHash(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

/** `p-<index>-<hash of account and time>`: the same post keeps its key across plans. */
export function postKey(index: number, connectionId: string, scheduledFor: string): string {
  const instant = Date.parse(scheduledFor);
  return `p-${index}-${shortHash(`${connectionId}|${Number.isNaN(instant) ? scheduledFor : instant}`)}`;
}

/** A post for each slot whose account's platform has one of the brief's formats. */
export function planOffline(input: OfflinePlanInput): PlannedPost[] {
  const { brief, voice } = input;
  const written = new Map<PlannedSlot, Omit<PlannedPost, 'key'>>();
  for (const account of input.accounts) {
    const allowed = formatsFor(account.platform, brief.formats);
    if (allowed.length === 0) continue;
    const slots = input.slots.filter((s) => s.connectionId === account.id);
    const stages = stagesOf(slots);
    const formats = formatsOf(stages, allowed);
    slots.forEach((slot, i) => {
      const format = formats[i]!;
      written.set(slot, {
        scheduledFor: slot.scheduledFor,
        connectionId: account.id,
        format,
        ...writePost({
          brief,
          account,
          format,
          stage: stages[i]!,
          voice,
          seed: `${brief.name}|${account.id}|${slot.at.getTime()}`,
        }),
        mediaIds: [],
      });
    });
  }
  return input.slots
    .flatMap((slot) => {
      const post = written.get(slot);
      return post ? [post] : [];
    })
    .map((post, i) => ({ key: postKey(i, post.connectionId, post.scheduledFor), ...post }));
}
