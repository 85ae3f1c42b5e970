import { composePostText, type GenerateOptions } from '#shared/contracts/ai-content.contract.ts';
import {
  checkTextLimits,
  countHashtags,
  extractHashtags,
  hashtagCap,
  limitsFor,
} from '#shared/platform-limits.ts';

// Every variant passes through here before it is offered, whoever wrote it: the caption and its
// hashtags are separated, cleaned, and trimmed to the platform's limits (never regenerated, which
// would cost the user another generation). What was changed is said in `adjustments`.

export interface FittedText {
  caption: string;
  hashtags: string[];
  adjustments: string[];
}

const PLATFORM_NAMES = { instagram: 'Instagram', facebook: 'Facebook' } as const;
const EMOJI = /\p{Extended_Pictographic}\uFE0F?(\u200D\p{Extended_Pictographic}\uFE0F?)*/gu;
const HASHTAG_LINE = /^(\s*#[\p{L}\p{N}_]+[\s,]*)+$/u;

/** Model chatter around the caption: "Caption:", "Here is your post:", wrapping quotes. */
function stripWrapper(text: string): string {
  let out = text.replace(/\r\n?/g, '\n').trim();
  out = out.replace(/^(here('s| is)[^\n]*:\s*\n+|(caption|post)\s*\d*\s*:\s*)/i, '');
  if (/^["“].*["”]$/s.test(out)) out = out.slice(1, -1).trim();
  return out.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n');
}

/** Cuts at the last sentence end (or word) that leaves room, and marks the cut. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = Math.max(0, max - 1);
  const cut = text.slice(0, room);
  const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  if (sentenceEnd > room * 0.6) return cut.slice(0, sentenceEnd + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > room * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function fitToLimits(raw: string, options: GenerateOptions): FittedText {
  const limits = limitsFor(options.platform, options.format);
  const platform = PLATFORM_NAMES[options.platform];
  const adjustments: string[] = [];

  // Trailing lines made only of hashtags are the hashtag block; hashtags inside sentences stay.
  const lines = stripWrapper(raw).split('\n');
  const tagLines: string[] = [];
  while (lines.length > 0 && (HASHTAG_LINE.test(lines.at(-1)!) || lines.at(-1)!.trim() === '')) {
    tagLines.unshift(lines.pop()!);
  }
  let caption = lines.join('\n').trim();
  let hashtags = extractHashtags(tagLines.join(' '));

  if (!options.emoji) {
    const withoutEmoji = caption.replace(EMOJI, '').replace(/ {2,}/g, ' ').trim();
    if (withoutEmoji !== caption) adjustments.push('Removed emoji, as asked');
    caption = withoutEmoji;
  }

  if (!options.hashtags) {
    const inline = countHashtags(caption);
    if (hashtags.length > 0 || inline > 0) adjustments.push('Removed hashtags, as asked');
    caption = caption.replace(/(^|[^\p{L}\p{N}_&])#([\p{L}\p{N}_]+)/gu, '$1$2');
    hashtags = [];
  }

  // One of each tag, whatever its capitals; inline tags already count against the limit.
  const seen = new Set(extractHashtags(caption).map((t) => t.toLowerCase()));
  hashtags = hashtags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const inlineCount = countHashtags(caption);
  const cap = Math.max(0, hashtagCap(limits) - inlineCount);
  if (hashtags.length > cap) {
    adjustments.push(
      limits.hashtagMax !== null && hashtags.length + inlineCount > limits.hashtagMax
        ? `Kept ${cap} of ${hashtags.length} hashtags: ${platform} allows ${limits.hashtagMax}`
        : `Kept ${cap} of ${hashtags.length} hashtags, the most that work well on ${platform}`,
    );
    hashtags = hashtags.slice(0, cap);
  }
  if (limits.hashtagMax !== null && inlineCount > limits.hashtagMax) {
    // Only a model ignoring its instructions gets here: untag the extra inline hashtags.
    let kept = 0;
    caption = caption.replace(
      /(^|[^\p{L}\p{N}_&])#([\p{L}\p{N}_]+)/gu,
      (m, pre: string, tag: string) => (++kept <= limits.hashtagMax! ? m : `${pre}${tag}`),
    );
    adjustments.push(`Kept ${limits.hashtagMax} hashtags in the text: ${platform} allows no more`);
  }

  const tagBlock = hashtags.length > 0 ? hashtags.join(' ').length + 2 : 0;
  const room = limits.captionMaxLength - tagBlock;
  if (caption.length > room) {
    caption = shorten(caption, room);
    adjustments.push(
      `Shortened to fit ${platform}'s ${limits.captionMaxLength.toLocaleString('en-US')} characters`,
    );
  }

  // Mentions are never added by us; a text with too many loses the "@" of the extra ones.
  const problems = checkTextLimits(composePostText(caption, hashtags), limits);
  const mentionProblem = problems.find((p) => p.kind === 'too_many_mentions');
  if (mentionProblem) {
    let kept = 0;
    caption = caption.replace(
      /(^|[^\p{L}\p{N}_.])@([\p{L}\p{N}_.]{1,30})/gu,
      (m, pre: string, name: string) => (++kept <= mentionProblem.max ? m : `${pre}${name}`),
    );
    adjustments.push(`Kept ${mentionProblem.max} @-mentions: ${platform} allows no more`);
  }

  return { caption, hashtags, adjustments };
}
