import type { z } from 'zod';
import type {
  checkPostArgsSchema,
  draftPostsArgsSchema,
  findMediaArgsSchema,
  planCampaignArgsSchema,
  suggestTimesArgsSchema,
  EngineTool,
} from '#shared/contracts/engine-room.contract.ts';
import { composeOffline } from '../ai-content/offline-generator.ts';
import { fitToLimits } from '../ai-content/fit-to-limits.ts';
import {
  addLocalDays,
  instantAt,
  localDateOf,
  weekdayOf,
  type LocalDate,
} from '../queue/wall-clock.ts';
import type { EngineAccount, EngineContext } from './business-context.ts';

// The offline engine (docs/product/screens.md#engine-room): with no AI provider configured, the
// engine room answers a fixed repertoire of requests, recognised from the message, with the same
// tool calls the provider would propose, their arguments made from the business's accounts,
// posting hours and library. Anything else gets a list of what it can do. Every answer says it
// comes from the offline engine.

export const OFFLINE_NOTE =
  'Offline engine: no AI provider is configured, so I answer a fixed set of requests.';

export const OFFLINE_HELP = [
  'I can:',
  '- "draft 3 posts for <account> next week" (or tomorrow, this week; add "schedule" to schedule them)',
  '- "plan a campaign for <goal> over 2 weeks, 3 posts a week"',
  '- "find photos of <words>" or "find media tagged <tag>"',
  '- "suggest times" (optionally "for <account>")',
  '- "check this post: <caption>"',
].join('\n');

export interface OfflineAnswer {
  content: string;
  calls: Array<{ tool: EngineTool; args: Record<string, unknown> }>;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

function numberOf(word: string | undefined, fallback: number): number {
  if (!word) return fallback;
  const n = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word.toLowerCase()];
  return n === undefined || Number.isNaN(n) ? fallback : n;
}

const DAY_MINUTES = 24 * 60;
const DEFAULT_MINUTE = 10 * 60;

function minuteOf(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
}

function isoDate(d: LocalDate): string {
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** The accounts the message names (by name, handle or platform), or every account. */
export function accountsNamed(text: string, accounts: readonly EngineAccount[]): EngineAccount[] {
  const lower = text.toLowerCase();
  const byName = accounts.filter((a) => {
    const name = a.name.toLowerCase();
    return lower.includes(name) || lower.includes(name.replace(/^@/, ''));
  });
  if (byName.length > 0) return byName;
  const byPlatform = accounts.filter((a) => lower.includes(a.platform));
  return byPlatform;
}

/** The days the posts go on: next week (Monday–Sunday), this week's rest, or tomorrow. */
function daysOf(text: string, context: EngineContext): LocalDate[] {
  const today = localDateOf(context.now, context.timeZone);
  const weekday = weekdayOf(today);
  const lower = text.toLowerCase();
  if (/\btomorrow\b/.test(lower)) return [addLocalDays(today, 1)];
  if (/\bthis week\b/.test(lower)) {
    const left = weekday === 0 ? 0 : 7 - weekday;
    return Array.from({ length: Math.max(1, left) }, (_, i) => addLocalDays(today, i + 1));
  }
  // Next week by default: from the coming Monday.
  const toMonday = (8 - weekday) % 7 || 7;
  return Array.from({ length: 7 }, (_, i) => addLocalDays(today, toMonday + i));
}

/** A posting time on `date`: the start of its posting hours, else 10:00. */
function timeOn(date: LocalDate, context: EngineContext): Date {
  const hours = context.postingHours.filter((h) => h.day === weekdayOf(date));
  const minute =
    hours.length > 0 ? Math.min(...hours.map((h) => minuteOf(h.start))) : DEFAULT_MINUTE;
  return instantAt(date, Math.min(minute, DAY_MINUTES - 1), context.timeZone);
}

/** `n` times spread over the days, each at the day's posting time. */
function spreadTimes(n: number, days: readonly LocalDate[], context: EngineContext): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const day = days[Math.floor((i * days.length) / n)] ?? days[days.length - 1]!;
    let at = timeOn(day, context);
    // Several posts on one day: an hour apart.
    const sameDay = out.filter(
      (t) => Date.parse(t) >= at.getTime() && Date.parse(t) < at.getTime() + DAY_MINUTES * 60_000,
    ).length;
    at = new Date(at.getTime() + sameDay * 3_600_000);
    out.push(at.toISOString());
  }
  return out;
}

function draftPosts(text: string, match: RegExpMatchArray, context: EngineContext): OfflineAnswer {
  const n = Math.min(20, Math.max(1, numberOf(match[1], 3)));
  const named = accountsNamed(text, context.accounts);
  if (context.accounts.length === 0) {
    return {
      content:
        'There is no connected account to draft posts for. Connect one on the Platforms page first.',
      calls: [],
    };
  }
  // No account named: the posts take turns across every account (n in all, not n each).
  const spread = named.length === 0;
  const targets = spread ? context.accounts : named;
  const days = daysOf(text, context);
  const times = spreadTimes(n, days, context);
  const images = context.media.filter((m) => m.kind === 'image');
  const topic = text
    .replace(match[0], '')
    .replace(/\b(next week|this week|tomorrow|schedule[ds]?)\b/gi, '')
    .trim();
  const posts: z.infer<typeof draftPostsArgsSchema>['posts'] = [];
  const rounds = spread ? [targets] : targets.map((account) => [account]);
  rounds.forEach((accounts) => {
    for (let i = 0; i < n; i++) {
      const account = accounts[i % accounts.length]!;
      const options = {
        prompt: topic.length >= 3 ? topic : `A post from ${context.voice.businessName}`,
        platform: account.platform,
        format: 'post' as const,
        tone: 'friendly' as const,
        length: 'short' as const,
        variants: 1,
        emoji: true,
        hashtags: true,
        language: 'en' as const,
      };
      const fitted = fitToLimits(
        composeOffline({ voice: context.voice, options, seed: `${account.id}|${times[i]}|${i}` }),
        options,
      );
      const image = images.length > 0 ? images[posts.length % images.length]! : null;
      posts.push({
        connectionId: account.id,
        format: 'post',
        scheduledFor: times[i]!,
        caption: fitted.caption,
        hashtags: fitted.hashtags.slice(0, 30),
        mediaIds: image ? [image.id] : [],
      });
    }
  });
  const intent = /\bschedul/i.test(text) ? 'schedule' : 'draft';
  const args: z.infer<typeof draftPostsArgsSchema> = { posts: posts.slice(0, 20), intent };
  const whom = spread ? 'your accounts' : named.map((a) => a.name).join(', ');
  return {
    content: `Here ${n === 1 ? 'is 1 post' : `are ${n} posts`} for ${whom}, to save as ${intent === 'draft' ? 'drafts' : 'scheduled posts'} once you confirm.`,
    calls: [{ tool: 'draft_posts', args }],
  };
}

function planCampaign(text: string, context: EngineContext): OfflineAnswer {
  if (context.accounts.length === 0) {
    return {
      content:
        'There is no connected account to plan a campaign for. Connect one on the Platforms page first.',
      calls: [],
    };
  }
  const named = accountsNamed(text, context.accounts);
  const accounts = named.length > 0 ? named : context.accounts;
  const weeks = Math.min(13, Math.max(1, numberOf(/(\w+)\s+weeks?\b/i.exec(text)?.[1], 2)));
  const perWeek = Math.min(
    21,
    Math.max(1, numberOf(/(\w+)\s+posts?\s+(?:a|per)\s+week/i.exec(text)?.[1], 3)),
  );
  const today = localDateOf(context.now, context.timeZone);
  const toMonday = (8 - weekdayOf(today)) % 7 || 7;
  const start = addLocalDays(today, toMonday);
  const goal = (/(?:campaign|plan)\s+(?:for|about|to)\s+(.+)/i.exec(text)?.[1] ?? text)
    .replace(/\b(over|for)\s+\w+\s+weeks?.*$/i, '')
    .trim();
  const viewed =
    context.campaign && /\b(change|replan|re-plan|this campaign)\b/i.test(text)
      ? context.campaign
      : null;
  const args: z.infer<typeof planCampaignArgsSchema> = {
    campaignId: viewed?.id ?? null,
    name: (viewed?.name ?? (goal || 'New campaign')).slice(0, 120),
    goal: (goal || text).slice(0, 1000),
    startsOn: isoDate(start),
    endsOn: isoDate(addLocalDays(start, weeks * 7 - 1)),
    connectionIds: accounts.map((a) => a.id),
    postsPerWeek: perWeek,
  };
  return {
    content: `A ${weeks}-week campaign plan, ${perWeek} posts a week on ${accounts.map((a) => a.name).join(', ')}, from ${args.startsOn} to ${args.endsOn}. Confirm to make it a campaign draft.`,
    calls: [{ tool: 'plan_campaign', args }],
  };
}

function findMedia(match: RegExpMatchArray, context: EngineContext): OfflineAnswer {
  const words = (match[1] ?? '').replace(/[.?!]+$/, '').trim();
  const known = new Set(context.media.flatMap((m) => m.tags.map((t) => t.toLowerCase())));
  const tags = words
    .toLowerCase()
    .split(/[\s,]+/)
    .map((w) => w.replace(/^#/, ''))
    .filter((w) => known.has(w))
    .slice(0, 10);
  const args: z.infer<typeof findMediaArgsSchema> = { query: words.slice(0, 200), tags };
  return {
    content: `I will look in the library for "${words}". Confirm to search.`,
    calls: [{ tool: 'find_media', args }],
  };
}

function suggestTimes(text: string, context: EngineContext): OfflineAnswer {
  const named = accountsNamed(text, context.accounts);
  const count = Math.min(20, Math.max(1, numberOf(/(\d+|\w+)\s+times?\b/i.exec(text)?.[1], 5)));
  const args: z.infer<typeof suggestTimesArgsSchema> = {
    connectionId: named.length === 1 ? named[0]!.id : null,
    count,
  };
  return {
    content: `I will suggest ${count} times${named.length === 1 ? ` for ${named[0]!.name}` : ''}. Confirm to see them.`,
    calls: [{ tool: 'suggest_times', args }],
  };
}

function checkPost(text: string, match: RegExpMatchArray, context: EngineContext): OfflineAnswer {
  const account =
    accountsNamed(text.slice(0, match.index ?? 0), context.accounts)[0] ?? context.accounts[0];
  if (!account) {
    return { content: 'There is no connected account to check the post against.', calls: [] };
  }
  const body = (match[1] ?? '').trim();
  const hashtags = body.match(/#[\p{L}\p{N}_]+/gu) ?? [];
  const caption = body
    .replace(/#[\p{L}\p{N}_]+/gu, '')
    .replace(/\s+$/g, '')
    .trim();
  const args: z.infer<typeof checkPostArgsSchema> = {
    connectionId: account.id,
    format: 'post',
    caption: caption.slice(0, 5000),
    hashtags: hashtags.slice(0, 60),
    mediaIds: [],
    scheduledFor: null,
  };
  return {
    content: `I will check this post against ${account.name}'s rules (${account.platform}). Confirm to run the check.`,
    calls: [{ tool: 'check_post', args }],
  };
}

/** The offline engine's answer to a message. */
export function answerOffline(text: string, context: EngineContext): OfflineAnswer {
  const answer = recognise(text, context);
  return { ...answer, content: `${answer.content}\n\n${OFFLINE_NOTE}` };
}

function recognise(text: string, context: EngineContext): OfflineAnswer {
  const draft =
    /\bdraft\s+(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten)?\s*posts?\b(?:\s+for)?/i.exec(
      text,
    );
  if (draft) return draftPosts(text, draft, context);
  if (/\bplan\b.*\bcampaign\b|\bcampaign\s+plan\b/i.test(text)) return planCampaign(text, context);
  const find =
    /\bfind\s+(?:me\s+)?(?:some\s+)?(?:media|photos?|pictures?|images?|videos?|files?)(?:\s+(?:of|with|about|tagged|for))?\s+(.+)/i.exec(
      text,
    );
  if (find) return findMedia(find, context);
  if (/\b(suggest|best)\b.*\btimes?\b/i.test(text) || /\bwhen\b.*\b(post|publish)\b/i.test(text)) {
    return suggestTimes(text, context);
  }
  const check = /\bcheck\s+(?:this|my|the)?\s*post\b[^:]*:\s*([\s\S]+)/i.exec(text);
  if (check) return checkPost(text, check, context);
  return { content: OFFLINE_HELP, calls: [] };
}
