import type { AiLength, AiTone, GenerateOptions } from '#shared/contracts/ai-content.contract.ts';
import { hashtagCap, limitsFor, type PostFormat } from '#shared/platform-limits.ts';
import { promptHashtags, readPrompt, type PostKind, type PromptReading } from './offline-prompt.ts';
import { readProfile, type BusinessVoice, type ProfileReading } from './offline-profile.ts';
import { capitalise, inRegister } from './offline-text.ts';

// The built-in generator used when no AI provider is configured (docs/decisions/060, 064). It
// writes English sentences of its own around the subject of the prompt: the business profile
// chooses the words (kind of business, register, who the post speaks to, facts worth saying)
// but no setting is pasted into the caption, only the business's name and website. A seed picks
// among the sentences so variants and regenerations differ while tests stay repeatable. Every
// piece of user text is cleaned and cut to a bounded length, so the output fits the platform's
// limits by construction (offline-generator.test.ts) and reads as written by a person
// (offline-generator.property.test.ts).

export type { BusinessVoice } from './offline-profile.ts';

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

/** The subject of the prompt, in the user's own words, without the request around it. */
export function topicOf(prompt: string): string {
  return readPrompt(prompt).topic ?? '';
}

// ---------------------------------------------------------------------------------------------
// Hashtags

const HASHTAGS_WANTED: Record<AiLength, number> = { short: 3, medium: 5, long: 8 };

function tagKey(tag: string): string {
  const key = tag.toLowerCase();
  return key.length > 5 && key.endsWith('s') ? key.slice(0, -1) : key;
}

function unique(tags: ReadonlyArray<string | null>): string[] {
  const seen = new Set<string>();
  return tags.filter((tag): tag is string => {
    if (!tag || seen.has(tagKey(tag))) return false;
    seen.add(tagKey(tag));
    return true;
  });
}

/**
 * Hashtags in order of use: the prompt's nouns, with room kept for the trade (the industry and
 * the kind of business), then the business's own tag. Suggestions are the rest of the same list.
 */
function hashtagsFor(profile: ProfileReading, prompt: string, wanted: number): string[] {
  const topic = unique(promptHashtags(prompt));
  const trade = unique([profile.industryTag, ...profile.category.tags.map((t) => `#${t}`)]).filter(
    (t) => !topic.some((u) => tagKey(u) === tagKey(t)),
  );
  const reserve = Math.min(wanted >= 5 ? 2 : 1, trade.length);
  return unique([
    ...topic.slice(0, wanted - reserve),
    ...trade,
    profile.brandTag,
    ...topic.slice(wanted - reserve),
  ]);
}

/** Every relevant hashtag for a prompt, most relevant first (also the suggestions of any provider). */
export function hashtagPool(voice: BusinessVoice, prompt: string): string[] {
  return hashtagsFor(readProfile(voice, 'friendly'), prompt, 5);
}

// ---------------------------------------------------------------------------------------------
// Sentences. Templates are written out in full ("we are", "do not"): `inRegister` contracts them
// for a casual voice and takes the exclamations out of a formal one.

const LEADS: Record<AiTone, readonly string[]> = {
  friendly: [
    'Good news, friends',
    'Something lovely is happening at {business}',
    'A little news from {business}',
    'We have been looking forward to sharing this',
  ],
  professional: [
    'An update from {business}',
    'News from {business}',
    'We are pleased to announce',
    'For our clients and friends',
  ],
  playful: [
    'Plot twist',
    'Drumroll, please',
    'Breaking news (the fun kind)',
    'Psst',
    'Hot off the press',
  ],
  bold: ['Big news', 'This is it', 'Heads up', 'Mark this one'],
  inspirational: [
    'Something new is growing at {business}',
    'A fresh start',
    'Made with heart',
    'Here is to new beginnings',
  ],
  informative: ['Good to know', 'Quick update', 'In case you missed it', 'Worth knowing'],
};

const HOOKS: Record<AiTone, readonly string[]> = {
  friendly: ['Hello, friends!', 'We have some happy news.', 'Guess what?'],
  professional: ['We have an update to share.', 'Some news from {business}.'],
  playful: ['Stop scrolling!', 'Guess what?', 'Okay, we are a little excited.'],
  bold: ['Big news.', 'No more waiting.', 'You asked. We listened.'],
  inspirational: ['Every great day starts with something new.', 'Good things are growing.'],
  informative: ['Did you know?', 'Here is a quick update.'],
};

/** Openings that need the subject to be a noun phrase: "Join us for our tasting night!" */
const VERB_SHAPES: Record<PostKind, readonly string[]> = {
  event: ['Join us for {topic}!', 'You are invited to {topic}!'],
  product: ['Introducing {topic}.', 'Say hello to {topic}!'],
  offer: ['Do not miss {topic}!', 'Treat yourself to {topic}!'],
  news: [],
};

const ANSWERS: Record<AiTone, readonly string[]> = {
  friendly: ['We have you covered.', '{business} has you covered.'],
  professional: ['We can help with that.', '{business} can help.'],
  playful: ['We might just have the answer.', 'Funny you should ask.'],
  bold: ['We have the answer.', 'Look no further.'],
  inspirational: ['We would love to help you find it.', 'Let us show you.'],
  informative: ['Here is what you need to know.', 'We can help with that.'],
};

const NO_TOPIC: Record<AiTone, readonly string[]> = {
  friendly: ['We have something lovely to share with you!', 'A little update from all of us.'],
  professional: ['We have an update to share with you.', 'Some news from our team.'],
  playful: ['Guess what? We have been busy!', 'Stop scrolling: we have news!'],
  bold: ['Big news. Real news.', 'Something new is here.'],
  inspirational: ['Every great day starts with something new.', 'Good things are growing here.'],
  informative: ['Here is a quick update from our team.', 'Something worth knowing.'],
};

const KIND_LINES: Record<PostKind, readonly string[]> = {
  event: ['We cannot wait to see you there.', 'It is going to be a good one.'],
  offer: ['It is our way of saying thank you.', 'Make the most of it while it lasts.'],
  product: ['We cannot wait for you to try it.', 'We think you are going to love it.'],
  news: ['We could not wait to tell you.', 'Thank you for being part of our story.'],
};

const TONE_LINES: Record<AiTone, readonly string[]> = {
  friendly: [
    'Thank you for being part of our story.',
    'Come and say hello and tell us what you think.',
    'It is the kind of thing we love doing.',
  ],
  professional: [
    'As always, quality and attention to detail come first.',
    'We welcome your questions and feedback.',
    'Our team is here to help.',
  ],
  playful: [
    'Warning: side effects may include smiling for no reason.',
    'We tried to keep it a secret. We failed.',
    'Tag the friend who needs to see this.',
  ],
  bold: [
    'No filler. Just the good stuff.',
    'Be first. Be loud about it.',
    'We set the bar high, then raised it.',
  ],
  inspirational: [
    'Growth happens one small step at a time.',
    'Take a moment for yourself today.',
    'Thank you for believing in what we do.',
  ],
  informative: [
    'The short version: it is simple, and it is worth knowing.',
    'Save this post so you have it when you need it.',
    'Have a question? Ask in the comments and we will answer.',
  ],
};

const WITTY_LINES = [
  'Warning: side effects may include smiling for no reason.',
  'We tried to keep it a secret. We failed.',
];
const PREMIUM_LINES = ['Every detail has been considered.', 'Quality, without compromise.'];

const KIND_ACTIONS: Record<PostKind, readonly string[]> = {
  event: ['Save the date!', 'Book your spot!', 'Come along!'],
  offer: ['Do not miss it!', 'Make the most of it!', 'Come in and treat yourself!'],
  product: ['Come and try it!', 'Come and see for yourself!'],
  news: ['Come and say hello!', 'Tell us what you think in the comments!'],
};

const CLOSERS: Record<AiTone, readonly string[]> = {
  friendly: ['See you soon!', 'We would love to see you!'],
  professional: ['We look forward to welcoming you.', 'We look forward to hearing from you.'],
  playful: ['You know you want to!', 'Catch you there!'],
  bold: ['Do not wait.', 'Be there.'],
  inspirational: ['Start today.', 'Treat yourself to something good.'],
  informative: ['Questions? Ask us below.', 'Share this with someone who needs to know.'],
};

const FORMAT_HOOKS: Record<PostFormat, readonly string[]> = {
  post: [],
  carousel: ['Swipe through for the details.', 'Swipe left to see more.'],
  reel: ['Watch to the end.', 'Turn the sound on and hit play.'],
};

const TONE_EMOJI: Record<AiTone, readonly string[]> = {
  friendly: ['😊', '💛', '🙌', '🤗'],
  professional: ['✅', '📌', '🤝'],
  playful: ['🎉', '😄', '🥳', '✨'],
  bold: ['🔥', '⚡', '🚀', '💥'],
  inspirational: ['🌟', '🌱', '💫', '🌈'],
  informative: ['💡', '📝', '👉', '📚'],
};

const BODY_SENTENCES: Record<AiLength, number> = { short: 0, medium: 2, long: 4 };
const FOOD = new Set(['bakery', 'cafe', 'restaurant', 'bar']);
const HANDMADE = new Set(['bakery', 'cafe', 'restaurant', 'crafts', 'florist']);

function factLines(profile: ProfileReading): string[] {
  const { facts, category } = profile;
  const lines: string[] = [];
  if (facts.since) {
    lines.push(`We have been doing this since ${facts.since}.`);
  }
  if (facts.family) lines.push('We are a family business, and it shows in the details.');
  if (facts.handmade && HANDMADE.has(category.id)) {
    lines.push(`${capitalise(category.made)} is made by hand, in small batches.`);
  }
  if (facts.independent) lines.push('As an independent business, every visit means a lot to us.');
  if (facts.organic) {
    lines.push(
      FOOD.has(category.id)
        ? 'We choose organic ingredients wherever we can.'
        : 'We choose organic products wherever we can.',
    );
  }
  if (facts.sustainable) {
    lines.push('We keep waste low and choose suppliers who care as much as we do.');
  }
  if (facts.local) lines.push('We are proud to be part of this neighbourhood.');
  return lines;
}

export interface OfflineRequest {
  voice: BusinessVoice;
  options: GenerateOptions;
  /** Different seeds give different variants of the same request. */
  seed: string;
}

interface Writer {
  rng: Rng;
  tone: AiTone;
  profile: ProfileReading;
  prompt: PromptReading;
  /** A template in the business's register, with the business's name filled in. */
  say(template: string): string;
  /** "!" where the voice allows it, else ".". */
  bang: string;
}

function hasRepeat(text: string): boolean {
  return /(^|[^\p{L}])(\p{L}+)\s+\2(?![\p{L}])/iu.test(text);
}

function opening(w: Writer): string {
  const { rng, tone, prompt } = w;
  const named = (list: readonly string[]) =>
    list.filter((t) => w.profile.name !== null || !t.includes('{business}'));
  if (prompt.topic === null) return w.say(pick(rng, NO_TOPIC[tone]));
  if (prompt.form === 'question') {
    return `${prompt.topic}? ${w.say(pick(rng, named(ANSWERS[tone])))}`;
  }
  const topic = prompt.topic;
  const colon = `${w.say(pick(rng, named(LEADS[tone])))}: ${topic}${w.bang}`;
  const shapes: string[] = [colon];
  if (!topic.includes(':')) {
    shapes.push(`${w.say(pick(rng, named(HOOKS[tone])))} ${capitalise(topic)}${w.bang}`);
  }
  if (prompt.form === 'phrase' && !/[,:;]/.test(topic) && topic.length <= 60) {
    for (const shape of VERB_SHAPES[prompt.kind]) {
      shapes.push(w.say(shape).replace('{topic}', () => topic));
    }
  }
  const chosen = pick(rng, shapes);
  // A name or subject that repeats the template's last word ("for for") takes the colon.
  return hasRepeat(chosen) && !hasRepeat(topic) ? colon : chosen;
}

function bodyLines(w: Writer, length: AiLength): { near: string[]; far: string[] } {
  const { rng, tone, profile, prompt } = w;
  const wanted = BODY_SENTENCES[length];
  if (wanted === 0) return { near: [], far: [] };
  const details = prompt.details.slice(0, length === 'long' ? 2 : 1);
  // What the profile says about this business, in our words: the audience first.
  const fromProfile = [
    ...profile.audiences.map((a) => pick(rng, a.lines)),
    pick(rng, profile.category.care),
    ...shuffled(rng, factLines(profile)).slice(0, 2),
    ...(profile.premium ? [pick(rng, PREMIUM_LINES)] : []),
  ];
  const general = shuffled(rng, [
    pick(rng, KIND_LINES[prompt.kind]),
    ...(profile.witty && tone !== 'professional' ? [pick(rng, WITTY_LINES)] : []),
    ...TONE_LINES[tone],
  ]);
  // Long posts: up to three sentences from the profile and at least two general ones.
  const chosenProfile =
    length === 'long' ? fromProfile.slice(0, 3) : shuffled(rng, fromProfile).slice(0, 1);
  const chosenGeneral = general.slice(
    0,
    length === 'long' ? Math.max(2, 5 - chosenProfile.length) : wanted - chosenProfile.length,
  );
  const near = [...details, ...chosenGeneral.map((l) => w.say(l))];
  const far = chosenProfile.map((l) => w.say(l));
  const seen = new Set<string>();
  const once = (l: string) => !seen.has(l) && (seen.add(l), true);
  return { near: near.filter(once), far: far.filter(once) };
}

function callToAction(w: Writer, options: GenerateOptions): string {
  const { rng, tone, profile, prompt } = w;
  const actions: string[] = [
    ...KIND_ACTIONS[prompt.kind],
    ...profile.category.visit.map((v) => `${v}!`),
    ...profile.audiences.map((a) => a.cta),
  ];
  if (prompt.weekday && (prompt.kind === 'event' || prompt.kind === 'offer')) {
    actions.push(`See you on ${prompt.weekday}!`);
  }
  const action = w.say(pick(rng, actions));
  const parts = [action];
  if (options.length !== 'short' && profile.website) {
    // The address is never last, so no full stop can be taken into the link.
    parts.push(
      options.platform === 'instagram'
        ? 'Link in bio.'
        : `Visit ${profile.website} to find out more.`,
    );
  }
  if (options.length !== 'short') {
    const closer = w.say(pick(rng, CLOSERS[tone]));
    const firstWord = (s: string) => s.split(' ')[0]!.toLowerCase();
    if (firstWord(closer) !== firstWord(action)) parts.push(closer);
  }
  const hook = FORMAT_HOOKS[options.format];
  if (hook.length > 0) parts.unshift(w.say(pick(rng, hook)));
  return parts.join(' ');
}

/** One variant's full text: the caption, then a line of hashtags when they are switched on. */
export function composeOffline({ voice, options, seed }: OfflineRequest): string {
  const rng = seededRandom(seed);
  const profile = readProfile(voice, options.tone);
  const prompt = readPrompt(options.prompt);
  const formal = profile.register === 'formal' || options.tone === 'professional';
  const w: Writer = {
    rng,
    tone: options.tone,
    profile,
    prompt,
    bang: formal || options.tone === 'informative' || options.tone === 'inspirational' ? '.' : '!',
    say: (template) => {
      const said = inRegister(template, profile.register);
      // A professional tone keeps its exclamations to itself, whatever the brand voice.
      // A function, so a "$" in the name is written as it is.
      const named = (formal ? said.replace(/!/g, '.') : said).replace(
        /\{business\}/g,
        () => profile.name ?? 'our team',
      );
      return capitalise(named);
    },
  };
  const emojiPool = shuffled(rng, [...profile.category.emoji, ...TONE_EMOJI[options.tone]]);
  const emoji = (i: number) => (options.emoji ? ` ${emojiPool[i % emojiPool.length]}` : '');

  const paragraphs = [opening(w) + emoji(0)];
  const { near, far } = bodyLines(w, options.length);
  // Medium posts keep their body in one paragraph; long ones give the profile its own.
  if (options.length === 'long') {
    paragraphs.push(...[near, far].filter((p) => p.length > 0).map((p) => p.join(' ')));
  } else if (near.length + far.length > 0) {
    paragraphs.push([...near, ...far].join(' '));
  }
  paragraphs.push(callToAction(w, options) + emoji(1));

  let text = paragraphs.join('\n\n');
  if (options.hashtags) {
    const wanted = Math.min(
      hashtagCap(limitsFor(options.platform, options.format)),
      HASHTAGS_WANTED[options.length],
    );
    const tags = hashtagsFor(profile, options.prompt, wanted).slice(0, wanted);
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
