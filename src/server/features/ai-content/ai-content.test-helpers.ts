import {
  AI_LENGTHS,
  AI_TONES,
  composePostText,
  generateInputSchema,
  type GenerateOptions,
} from '#shared/contracts/ai-content.contract.ts';
import { PLATFORMS } from '#shared/contracts/account.contract.ts';
import {
  POST_FORMATS,
  checkTextLimits,
  countHashtags,
  hashtagCap,
  limitsFor,
} from '#shared/platform-limits.ts';
import { fitToLimits } from './fit-to-limits.ts';

// The writing rules of the offline generator (docs/decisions/064) and a seeded corpus of
// business profiles and prompts to check them on: offline-generator.property.test.ts runs the
// generator over it, and the decision record's before/after figures come from the same corpus.
// The word lists here are the test's own, not the generator's, so the two do not agree by
// construction.

export interface WritingCase {
  voice: {
    businessName: string;
    industry: string | null;
    brandVoice: string | null;
    targetAudience: string | null;
    website: string | null;
    description: string | null;
  };
  options: GenerateOptions;
  seed: string;
}

/** A small seeded generator (mulberry32), independent of the one under test. */
function rngOf(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = [
  'Rosa’s Bakery',
  'Casa Lola',
  'Harbour Yoga',
  'Northpoint Advisory',
  'The Green Fork',
  'Bloom & Stem',
  'Iron Works Gym',
  'Paws & Claws Grooming',
  'Studio Clay',
  'Bean There Café',
  'Maison Belle',
  'Little Sprouts',
  'The Old Mill',
  'Brightside Dental',
  'Urban Threads',
  'Kai Ramen',
  'Hop & Barley Taproom',
  'our business',
];

const INDUSTRIES = [
  'Bakery',
  'Wine bar',
  'Yoga studio',
  'Accounting',
  'Restaurant',
  'Florist',
  'Gym',
  'Pet grooming',
  'Pottery studio',
  'Café',
  'Hair salon',
  'Childcare',
  'Bed and breakfast',
  'Dental clinic',
  'Clothing boutique',
  'Food & Beverage',
  'Health & Wellness',
  'Real estate',
  'Craft brewery',
  'Photography',
  null,
  '',
];

const BRAND_VOICES = [
  'Warm, relaxed and a little cheeky, never pushy or salesy',
  'Professional, precise and trustworthy at all times',
  'Friendly and down to earth, like talking to a good neighbour',
  'Bold, energetic and motivating without being aggressive',
  'Calm, kind and encouraging for every body and every level',
  'Elegant and refined with a quiet touch of luxury',
  'We speak like a good friend who happens to be an expert',
  'fun',
  null,
  '',
];

const AUDIENCES = [
  'families with young children',
  'young professionals and locals aged 25-40',
  'small business owners and freelancers in the area',
  'students and young people on a budget',
  'retirees and seniors who enjoy a slower pace',
  'dog owners in the neighbourhood and their four-legged friends',
  'tourists and visitors exploring the old town',
  'beginners and people who have never tried yoga before',
  'foodies and wine lovers who enjoy natural wine',
  'busy parents looking for healthy food for their kids',
  'everyone',
  null,
  '',
];

const DESCRIPTIONS = [
  'A neighbourhood wine bar serving natural wines and small plates since 2015.',
  'Family bakery baking sourdough by hand since 1998, with flour from a local mill.',
  'We help small businesses keep their books in order and plan for growth.',
  'Independent pottery studio offering classes for all levels and handmade tableware.',
  'Organic café with locally roasted coffee and plastic-free takeaway cups.',
  'A friendly gym with coaches who care about your progress and your wellbeing.',
  null,
  '',
];

const WEBSITES = [
  'https://rosas.example.com',
  'https://casalola.example/menu',
  `https://example.com/${'very-long-path/'.repeat(12)}`,
  null,
  null,
];

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const FOODS = ['sourdough', 'croissants', 'ramen', 'cheesecake', 'flat white', 'pumpkin soup'];
const ADJECTIVES_IN_PROMPTS = ['aged', 'fresh', 'seasonal', 'spicy', 'homemade', 'vegan'];
const ACTIVITIES = ['yoga', 'pottery', 'spin', 'pilates', 'watercolour', 'sourdough baking'];
const PRODUCTS = ['candles', 'plants', 'dresses', 'gift boxes', 'mugs'];

const REQUESTS = [
  '',
  'Announce ',
  'Write a post about ',
  'Promote ',
  'Tell everyone about ',
  'Create an Instagram post about ',
  'Can you write a caption for ',
  'Let people know that ',
  'Celebrate ',
];

const SECOND_SENTENCES = [
  '',
  '',
  ' Make it fun!',
  ' Mention the 20% discount.',
  ' Keep it short.',
  ' Available from Monday.',
  ' Booking is essential.',
  ' Tickets are 12 euros.',
  ' Use lots of emoji!',
  ' Mention that it is vegan.',
];

function pickFrom<T>(rng: () => number, list: readonly T[]): T {
  return list[Math.floor(rng() * list.length)]!;
}

function subject(rng: () => number): string {
  const day = pickFrom(rng, WEEKDAYS);
  const food = pickFrom(rng, FOODS);
  const adjective = pickFrom(rng, ADJECTIVES_IN_PROMPTS);
  const n = 5 + Math.floor(rng() * 45);
  const shapes = [
    `our new ${adjective} ${food}`,
    `${food.charAt(0).toUpperCase()}${food.slice(1)} is back`,
    `happy hour every ${day}, glasses of wine ${n % 9} euros a`,
    `our ${adjective} ${food} tasting night on ${day}`,
    `${n}% off all ${pickFrom(rng, PRODUCTS)} this weekend`,
    `the new ${pickFrom(rng, ACTIVITIES)} class on ${day} mornings`,
    `we are open late this ${day}`,
    `our ${n}th anniversary`,
    `a free ${pickFrom(rng, ACTIVITIES)} workshop for beginners`,
    `new opening hours from ${day}`,
    'our summer sale',
    `a ${adjective} ${food}, only ${n} € a`,
    `the ${food} pop-up at the Saturday market`,
    'we are hiring a part-time barista',
    `gift cards for Mother’s Day`,
    `Join Maria and Tom for ${pickFrom(rng, ACTIVITIES)} on ${day}`,
  ];
  return pickFrom(rng, shapes);
}

/** A prompt of one of many shapes: ordinary, careless, shouted, questions, hostile. */
function prompt(rng: () => number): string {
  const shape = Math.floor(rng() * 14);
  const base = `${pickFrom(rng, REQUESTS)}${subject(rng)}`;
  const second = pickFrom(rng, SECOND_SENTENCES);
  switch (shape) {
    case 0:
      return `Looking for ${pickFrom(rng, ['a treat', 'a last-minute gift', 'a quiet corner'])} this ${pickFrom(rng, WEEKDAYS)}?${second}`;
    case 1:
      return `${base.toUpperCase()}!!!`;
    case 2:
      return `${base} the the (from ${pickFrom(rng, WEEKDAYS)}`;
    case 3:
      return `"${base}${second}`;
    case 4:
      return `${base} 🎉🎉 #sale @everyone`;
    case 5:
      return 'New Spring Menu At The Bakery';
    case 6:
      return `${base}. ${base}. ${base}. ${'More words about the day. '.repeat(60)}`.slice(0, 2000);
    case 7:
      return '🎉🎉🎉';
    case 8:
      return `${base}…${second}`;
    default:
      return `${base}.${second}`;
  }
}

/** `count` cases over every platform, format, tone, length and switch, from a seed. */
export function writingCorpus(count: number, seed = 64): WritingCase[] {
  const rng = rngOf(seed);
  const cases: WritingCase[] = [];
  for (let i = 0; i < count; i++) {
    const industry = pickFrom(rng, INDUSTRIES);
    cases.push({
      voice: {
        businessName: pickFrom(rng, NAMES),
        industry,
        brandVoice: pickFrom(rng, BRAND_VOICES),
        targetAudience: pickFrom(rng, AUDIENCES),
        website: pickFrom(rng, WEBSITES),
        description:
          rng() < 0.1
            ? DESCRIPTIONS.join(' ').repeat(8).slice(0, 2000)
            : pickFrom(rng, DESCRIPTIONS),
      },
      options: generateInputSchema.parse({
        prompt: prompt(rng),
        platform: PLATFORMS[i % PLATFORMS.length],
        format: POST_FORMATS[Math.floor(i / 2) % POST_FORMATS.length],
        tone: AI_TONES[Math.floor(i / 6) % AI_TONES.length],
        length: AI_LENGTHS[Math.floor(i / 36) % AI_LENGTHS.length],
        emoji: rng() < 0.7,
        hashtags: rng() < 0.8,
        variants: 1,
      }),
      seed: `writing-${seed}-${i}`,
    });
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// The rules

const STOP_WORDS = new Set(
  `a about after all also am an and any are as at be because been but by can could did do does
  for from had has have he her here his how i if in into is it its just me more my no not now of
  on or our out so some than that the their them then there these they this to too up us very
  was we were what when which who will with would you your`.split(/\s+/),
);
const CURRENCY_WORDS = new Set(
  'euro euros eur dollar dollars usd pound pounds gbp cent cents pence'.split(' '),
);
/** Describing words that are no hashtag alone (the review found #Aged). */
const LONE_ADJECTIVES = new Set(
  `aged new fresh happy special big great best local free delicious amazing available open
  latest seasonal spicy homemade handmade late young busy healthy quiet slower small every`.split(
    /\s+/,
  ),
);

const EMOJI_END = /(\p{Extended_Pictographic}|\uFE0F)$/u;
const URL = /https?:\/\/\S+/g;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Runs of `n` consecutive words of `setting` found in `caption` and not in `allowed` (the prompt
 * and the business's name, which the caption may repeat).
 */
export function pastedRuns(caption: string, setting: string | null, allowed: string, n = 5) {
  if (!setting) return [];
  const from = words(setting);
  const inCaption = ` ${words(caption).join(' ')} `;
  const inPrompt = ` ${words(allowed).join(' ')} `;
  const runs: string[] = [];
  for (let i = 0; i + n <= from.length; i++) {
    const run = ` ${from.slice(i, i + n).join(' ')} `;
    if (inCaption.includes(run) && !inPrompt.includes(run)) runs.push(run.trim());
  }
  return runs;
}

function balanced(text: string): boolean {
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{', '”': '“', '»': '«' };
  const stack: string[] = [];
  for (const char of text) {
    if ('([{“«'.includes(char)) stack.push(char);
    else if (pairs[char]) {
      if (stack.pop() !== pairs[char]) return false;
    }
  }
  return stack.length === 0 && (text.match(/"/g) ?? []).length % 2 === 0;
}

export const WRITING_RULES = [
  'empty caption',
  'dangling article',
  'doubled word',
  'sentence starts small',
  'sentence without an end',
  'setting pasted',
  'unmatched quote or bracket',
  'over the length limit',
  'more hashtags than sensible',
  'hashtag is a stop word',
  'hashtag is a number or price',
  'hashtag is shorter than 3 letters',
  'hashtag is a lone adjective',
  'hashtags not consistently cased',
  'hashtag repeated',
] as const;
export type WritingRule = (typeof WRITING_RULES)[number];

/** The rules a generated text breaks, as offered (after the check every variant goes through). */
export function writingProblems(raw: string, { voice, options }: WritingCase): WritingRule[] {
  const problems = new Set<WritingRule>();
  const { caption, hashtags } = fitToLimits(raw, options);
  const limits = limitsFor(options.platform, options.format);
  const prose = caption.replace(URL, 'link');

  if (caption.trim() === '') problems.add('empty caption');
  if (/(^|[^\p{L}])(a|an|the)\s*[.,!?;:…]/iu.test(prose)) problems.add('dangling article');
  if (/(^|[^\p{L}\p{N}])(\p{L}+)\s+\2(?![\p{L}\p{N}])/iu.test(prose)) problems.add('doubled word');
  for (const line of prose
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    if (!/[.!?…]["”’)\]]*$/u.test(line) && !EMOJI_END.test(line)) {
      problems.add('sentence without an end');
    }
    for (const sentence of line.split(/(?<=[.!?…])\s+/u)) {
      const first = sentence.replace(/^[^\p{L}\p{N}]+/u, '').charAt(0);
      if (first && first === first.toLowerCase() && first !== first.toUpperCase()) {
        problems.add('sentence starts small');
      }
    }
  }
  for (const setting of [voice.brandVoice, voice.targetAudience, voice.description]) {
    if (pastedRuns(caption, setting, `${options.prompt}\n${voice.businessName}`).length > 0) {
      problems.add('setting pasted');
    }
  }
  if (!balanced(caption)) problems.add('unmatched quote or bracket');
  if (checkTextLimits(composePostText(caption, hashtags), limits).length > 0) {
    problems.add('over the length limit');
  }
  if (countHashtags(composePostText(caption, hashtags)) > hashtagCap(limits)) {
    problems.add('more hashtags than sensible');
  }
  const seen = new Set<string>();
  const cases = new Set<string>();
  for (const tag of hashtags) {
    const body = tag.slice(1);
    const lower = body.toLowerCase();
    if (STOP_WORDS.has(lower)) problems.add('hashtag is a stop word');
    if (/^\d/.test(body) || /^[\d.,]+$/.test(body) || CURRENCY_WORDS.has(lower)) {
      problems.add('hashtag is a number or price');
    }
    if ((body.match(/\p{L}/gu) ?? []).length < 3) problems.add('hashtag is shorter than 3 letters');
    if (LONE_ADJECTIVES.has(lower)) problems.add('hashtag is a lone adjective');
    if (seen.has(lower)) problems.add('hashtag repeated');
    seen.add(lower);
    const first = body.charAt(0);
    cases.add(first === first.toLowerCase() && first !== first.toUpperCase() ? 'lower' : 'upper');
  }
  if (cases.size > 1) problems.add('hashtags not consistently cased');
  return [...problems];
}
