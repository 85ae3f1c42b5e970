import type { AiLength, AiTone, GenerateOptions } from '#shared/contracts/ai-content.contract.ts';
import { hashtagCap, limitsFor, type PostFormat } from '#shared/platform-limits.ts';

// The built-in generator used when no AI provider is configured. It writes in English from the
// business profile, the prompt and templates per tone, length and format; a seed picks among the
// templates so variants and regenerations differ while tests stay repeatable. Every inserted
// piece of user text is cut to a bounded length, so the output fits the platform's limits by
// construction (the property test in offline-generator.test.ts checks it).

export interface BusinessVoice {
  businessName: string;
  industry: string | null;
  brandVoice: string | null;
  targetAudience: string | null;
  website: string | null;
  description: string | null;
}

type Rng = () => number;

/** mulberry32 over a string hash: small, fast and the same on every machine. */
export function seededRandom(seed: string): Rng {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** At most `max` characters, cut at a word boundary; no hashtags or mentions smuggled in. */
export function clip(text: string | null | undefined, max: number): string {
  if (!text) return '';
  const clean = text.replace(/[#@]/g, '').replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?-]+$/, '');
}

const LEADING_INSTRUCTIONS =
  /^(please\s+)?((write|create|make|draft|give me|generate)\s+(a|an|some|the)?\s*(short\s+|long\s+)?((instagram|facebook|social( media)?)\s+)?(post|caption|captions|reel|carousel|posts)?\s*(about|for|on|announcing|promoting)?\s*|(announce|promote|tell (people|everyone|our followers) about|talk about|share|celebrate|introduce)\s+)/i;

/** The subject of the prompt, in the user's own words: its first sentence without the request. */
export function topicOf(prompt: string): string {
  const first = prompt.split(/(?<=[.!?])\s+|\n/)[0] ?? prompt;
  const topic = clip(first.replace(LEADING_INSTRUCTIONS, ''), 80).replace(/[.!?]+$/, '');
  return topic.length >= 2 ? topic : clip(prompt, 80) || 'what we have been working on';
}

const STOPWORDS = new Set(
  `a an and are about after all also and any because been before being but by can could did
  does doing down each few for from further had has have having here how into just more most
  new now off once only other our ours out over own same should some such than that the their
  them then there these they this those through too under until very was were what when where
  which while who whom why will with would your you yours post posts caption instagram facebook
  write create make please announce promote week today tomorrow everyone people`
    .split(/\s+/)
    .filter(Boolean),
);

export function keywordsOf(text: string, max = 4): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 4 || STOPWORDS.has(raw) || /^\d+$/.test(raw) || seen.has(raw)) continue;
    seen.add(raw);
    words.push(raw);
    if (words.length >= max) break;
  }
  return words;
}

/** "summer sale" → "#SummerSale": letters and digits only, at most 30 characters. */
export function toHashtag(phrase: string): string | null {
  const body = phrase
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join('')
    .slice(0, 30);
  return /\p{L}/u.test(body) ? `#${body}` : null;
}

const TONE_TAGS: Record<AiTone, readonly string[]> = {
  friendly: ['community', 'local love', 'good vibes'],
  professional: ['small business', 'quality', 'expertise'],
  playful: ['fun times', 'treat yourself', 'smile'],
  bold: ['game changer', 'dont miss out', 'new drop'],
  inspirational: ['inspiration', 'dream big', 'motivation'],
  informative: ['tips', 'did you know', 'learn something new'],
};

/** Hashtags from the prompt, the industry, the business name and the tone, most specific first. */
export function hashtagPool(voice: BusinessVoice, prompt: string, tone: AiTone): string[] {
  const phrases = [
    ...keywordsOf(prompt, 6),
    ...(voice.industry ? [voice.industry, ...keywordsOf(voice.industry, 2)] : []),
    voice.businessName,
    ...(voice.targetAudience ? keywordsOf(voice.targetAudience, 2) : []),
    ...TONE_TAGS[tone],
    'shop local',
    'support small business',
  ];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const phrase of phrases) {
    const tag = toHashtag(phrase);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

const EMOJI: Record<AiTone, readonly string[]> = {
  friendly: ['😊', '💛', '🙌', '☀️', '🤗'],
  professional: ['✅', '📈', '🔹', '💼', '📌'],
  playful: ['🎉', '😄', '✨', '🥳', '🍀'],
  bold: ['🔥', '⚡', '🚀', '💥', '👊'],
  inspirational: ['🌟', '🌱', '💫', '🌈', '🙏'],
  informative: ['💡', '📚', '🔍', '📝', '👉'],
};

const OPENERS: Record<AiTone, readonly string[]> = {
  friendly: [
    'Say hello to {topic}!',
    'We have something lovely to share: {topic}.',
    'Guess what? {Topic} is here.',
    'Good news, friends: {topic}.',
  ],
  professional: [
    'Introducing {topic}.',
    'At {business}, we are pleased to present {topic}.',
    '{Topic}: designed with our clients in mind.',
    'An update from {business}: {topic}.',
  ],
  playful: [
    'Plot twist: {topic}!',
    'Drumroll, please… {topic}!',
    'Stop scrolling, it is {topic} time!',
    'Psst… have you heard about {topic}?',
  ],
  bold: [
    '{Topic}. No compromises.',
    'This changes everything: {topic}.',
    'Big news. {Topic}.',
    'You asked. We delivered: {topic}.',
  ],
  inspirational: [
    'Every great day starts with something new: {topic}.',
    'Here is to new beginnings and {topic}.',
    'Small steps, big dreams: {topic}.',
    'Made with heart: {topic}.',
  ],
  informative: [
    'Here is what you need to know about {topic}.',
    'Quick guide: {topic}.',
    'Did you know? {Topic} is now part of what we do.',
    'Everything about {topic}, in one post.',
  ],
};

const BODY: Record<AiTone, readonly string[]> = {
  friendly: [
    'We made it with {audience} in mind, and we cannot wait for you to try it.',
    'Our team at {business} put a lot of care into this one.',
    'It is the kind of thing we love doing for our {industry} community.',
    'Come say hi and tell us what you think.',
    'Thank you for being part of our story.',
  ],
  professional: [
    'Built on our experience in {industry}, it reflects the standards {audience} expect.',
    'Our team has focused on quality, reliability and attention to detail.',
    'It is one more way {business} helps {audience} get more done.',
    'We welcome your questions and feedback.',
    'Details and availability are below.',
  ],
  playful: [
    'Warning: side effects may include smiling for no reason.',
    'We tried to keep it a secret. We failed.',
    '{Audience}, this one is for you.',
    'Tag the friend who needs to see this.',
    'Our team at {business} may have celebrated a little too hard.',
  ],
  bold: [
    'Made for {audience} who refuse to settle.',
    '{Business} is raising the bar in {industry}.',
    'It is faster, sharper and built to last.',
    'Be first. Be loud about it.',
    'No filler. Just results.',
  ],
  inspirational: [
    'We believe {audience} deserve things made with purpose.',
    'Behind it is a team that still loves what {industry} can be.',
    'Take a moment for yourself today.',
    'Growth happens one choice at a time.',
    'Thank you for believing in {business}.',
  ],
  informative: [
    'It is designed for {audience} and takes the guesswork out of {industry}.',
    'The short version: better results with less effort.',
    'Our team at {business} answered the questions we hear most.',
    'Save this post so you have it when you need it.',
    'Have a question? Ask in the comments and we will answer.',
  ],
};

const CTAS: Record<AiTone, readonly string[]> = {
  friendly: ['See you soon!', 'Drop us a comment below!', 'Come visit us this week!'],
  professional: ['Get in touch to learn more.', 'Contact us today.', 'Book a consultation.'],
  playful: ['Go on, you know you want to.', 'Double tap if you are in!', 'Catch you there!'],
  bold: ['Get yours now.', 'Do not wait.', 'Claim it today.'],
  inspirational: ['Start today.', 'Share this with someone who needs it.', 'Dream bigger.'],
  informative: ['Learn more today.', 'Read more at the link.', 'Questions? Ask below.'],
};

const FORMAT_HOOKS: Record<PostFormat, readonly string[]> = {
  post: [''],
  carousel: ['Swipe through to see more.', 'Swipe left for the details.'],
  reel: ['Watch till the end.', 'Hit play and turn the sound on.'],
};

const BODY_SENTENCES: Record<AiLength, number> = { short: 0, medium: 2, long: 4 };
const HASHTAGS_WANTED: Record<AiLength, number> = { short: 3, medium: 5, long: 8 };

export interface OfflineRequest {
  voice: BusinessVoice;
  options: GenerateOptions;
  /** Different seeds give different variants of the same request. */
  seed: string;
}

/** One variant's full text: the caption, then a line of hashtags when they are switched on. */
export function composeOffline({ voice, options, seed }: OfflineRequest): string {
  const rng = seededRandom(seed);
  const topic = topicOf(options.prompt);
  const values: Record<string, string> = {
    topic,
    business: clip(voice.businessName, 60) || 'our team',
    audience: clip(voice.targetAudience, 60) || 'our customers',
    industry: clip(voice.industry, 40) || 'our field',
  };
  const fill = (template: string) =>
    template.replace(/\{(\w+)\}/g, (_, key: string) => {
      const value = values[key.toLowerCase()] ?? '';
      return key.charAt(0) === key.charAt(0).toUpperCase()
        ? value.charAt(0).toUpperCase() + value.slice(1)
        : value;
    });
  const emoji = () => (options.emoji ? ` ${pick(rng, EMOJI[options.tone])}` : '');

  const paragraphs: string[] = [];
  paragraphs.push(fill(pick(rng, OPENERS[options.tone])) + emoji());

  // Sentences about the industry only when the profile names one ("our our field" reads badly).
  const bodyTemplates = BODY[options.tone].filter(
    (t) => clip(voice.industry, 40) !== '' || !/\{industry\}/i.test(t),
  );
  const body = shuffled(rng, bodyTemplates).slice(0, BODY_SENTENCES[options.length]);
  if (options.length === 'long' && voice.description) {
    body.push(`About us: ${clip(voice.description, 160)}.`.replace(/\.\.$/, '.'));
  }
  if (body.length > 0) paragraphs.push(body.map(fill).join(' '));

  const hook = pick(rng, FORMAT_HOOKS[options.format]);
  const cta = fill(pick(rng, CTAS[options.tone]));
  const website = clip(voice.website, 100);
  const link =
    options.length !== 'short' && website
      ? options.platform === 'instagram'
        ? ' Link in bio.'
        : ` ${website}`
      : '';
  paragraphs.push(`${hook ? `${hook} ` : ''}${cta}${link}${emoji()}`);

  let text = paragraphs.join('\n\n');
  if (options.hashtags) {
    const cap = hashtagCap(limitsFor(options.platform, options.format));
    const tags = hashtagPool(voice, options.prompt, options.tone).slice(
      0,
      Math.min(cap, HASHTAGS_WANTED[options.length]),
    );
    if (tags.length > 0) text += `\n\n${tags.join(' ')}`;
  }
  return text;
}

/**
 * The text in small chunks of words, as a model's stream would deliver it, so the page has one
 * way of showing text as it is written. The pause is short: the point is the same path, not
 * pretending to be slow.
 */
export async function* streamWords(
  text: string,
  options: { signal?: AbortSignal; pauseMs?: number } = {},
): AsyncGenerator<string> {
  const pieces = text.match(/\S+\s*/g) ?? [];
  const pause = options.pauseMs ?? 12;
  for (let i = 0; i < pieces.length; i += 3) {
    if (options.signal?.aborted) return;
    yield pieces.slice(i, i + 3).join('');
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
