import { describe, expect, it } from 'vitest';
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
import {
  composeOffline,
  seededRandom,
  streamWords,
  topicOf,
  type BusinessVoice,
} from './offline-generator.ts';

// A property test: for every platform, format, tone, length and switch, over many generated
// business profiles and prompts — ordinary, empty, enormous, full of hashtags, mentions, emoji or
// non-Latin text — the offline generator's text is within the platform's limits as written, and
// still is after the check every variant goes through.

const EMOJI = /\p{Extended_Pictographic}/u;

const WORDS = [
  'sourdough',
  'autumn',
  'launch',
  'yoga',
  'workshop',
  'discount',
  'weekend',
  'café',
  '東京',
  'ramen',
  'sale',
  'vegan',
  'brunch',
  'pottery',
  'community',
  'fitness',
  '🎉',
  'new',
  'the',
];

function words(rng: () => number, n: number): string {
  return Array.from({ length: n }, () => WORDS[Math.floor(rng() * WORDS.length)]).join(' ');
}

/** Text of one of several shapes, including the hostile ones. */
function text(rng: () => number, max: number): string | null {
  switch (Math.floor(rng() * 8)) {
    case 0:
      return null;
    case 1:
      return '';
    case 2:
      return words(rng, 1 + Math.floor(rng() * 6));
    case 3:
      return words(rng, 200).slice(0, max);
    case 4:
      return Array.from({ length: 300 }, (_, i) => `#tag${i}`)
        .join(' ')
        .slice(0, max);
    case 5:
      return Array.from({ length: 300 }, (_, i) => `@user${i}`)
        .join(' ')
        .slice(0, max);
    case 6:
      return '🎉🔥✨'.repeat(200).slice(0, max);
    default:
      return `${words(rng, 3)}. ${words(rng, 8)}!`;
  }
}

function profile(rng: () => number): BusinessVoice {
  return {
    businessName: text(rng, 200) || 'Rosa’s Bakery',
    industry: text(rng, 200),
    brandVoice: text(rng, 500),
    targetAudience: text(rng, 500),
    website:
      rng() < 0.5 ? 'https://rosas-bakery.example.com/a/very/long/path/' + 'x'.repeat(300) : null,
    description: text(rng, 2000),
  };
}

function prompt(rng: () => number): string {
  const shape = Math.floor(rng() * 5);
  if (shape === 0) return 'Announce ' + words(rng, 6);
  if (shape === 1) return words(rng, 400).slice(0, 2000);
  if (shape === 2)
    return Array.from({ length: 400 }, (_, i) => `#p${i}`)
      .join(' ')
      .slice(0, 2000);
  if (shape === 3)
    return Array.from({ length: 400 }, (_, i) => `@p${i}`)
      .join(' ')
      .slice(0, 2000);
  return `Write a post about ${words(rng, 4)}. Mention ${words(rng, 3)}.`;
}

describe('the offline generator within every platform limit (property)', () => {
  const rng = seededRandom('property-test');
  const cases: Array<{ voice: BusinessVoice; options: GenerateOptions; seed: string }> = [];
  for (const platform of PLATFORMS) {
    for (const format of POST_FORMATS) {
      for (const tone of AI_TONES) {
        for (const length of AI_LENGTHS) {
          for (const emoji of [true, false]) {
            for (const hashtags of [true, false]) {
              for (let k = 0; k < 3; k++) {
                const options = generateInputSchema.parse({
                  prompt: prompt(rng),
                  platform,
                  format,
                  tone,
                  length,
                  emoji,
                  hashtags,
                  variants: 1,
                });
                cases.push({ voice: profile(rng), options, seed: `case-${cases.length}` });
              }
            }
          }
        }
      }
    }
  }

  it(`holds for ${cases.length} generated profiles, prompts and options`, () => {
    expect(cases.length).toBeGreaterThan(1000);
    for (const { voice, options, seed } of cases) {
      const limits = limitsFor(options.platform, options.format);
      const raw = composeOffline({ voice, options, seed });
      const context = JSON.stringify({ options, seed, raw: raw.slice(0, 300) });

      // As written.
      expect(raw.trim().length, context).toBeGreaterThan(0);
      expect(checkTextLimits(raw, limits), context).toEqual([]);
      expect(countHashtags(raw), context).toBeLessThanOrEqual(hashtagCap(limits));
      if (!options.hashtags) expect(countHashtags(raw), context).toBe(0);

      // As offered, after the check every variant goes through.
      const fitted = fitToLimits(raw, options);
      const post = composePostText(fitted.caption, fitted.hashtags);
      expect(checkTextLimits(post, limits), context).toEqual([]);
      expect(countHashtags(post), context).toBeLessThanOrEqual(hashtagCap(limits));
      expect(fitted.caption.length, context).toBeGreaterThan(0);
      if (!options.hashtags) expect(countHashtags(post), context).toBe(0);
      if (!options.emoji) expect(EMOJI.test(post), context).toBe(false);
      // Nothing needed trimming: the generator keeps to the limits by itself.
      expect(
        fitted.adjustments.filter((a) => a.startsWith('Shortened') || a.startsWith('Kept')),
        context,
      ).toEqual([]);
    }
  });
});

describe('composeOffline', () => {
  const voice: BusinessVoice = {
    businessName: 'Rosa’s Bakery',
    industry: 'Bakery',
    brandVoice: 'Warm and cheerful',
    targetAudience: 'neighbourhood families',
    website: 'https://rosas.example.com',
    description: 'Family bakery baking sourdough since 1998',
  };
  const options = generateInputSchema.parse({
    prompt: 'Announce our new pumpkin sourdough, available from Monday',
    platform: 'instagram',
    length: 'long',
    tone: 'friendly',
  });

  it('writes from the prompt and the business profile, with hashtags from both', () => {
    const text = composeOffline({ voice, options, seed: 'a' });
    expect(text).toMatch(/our new pumpkin sourdough, available from Monday/i);
    expect(text).toContain('#PumpkinSourdough');
    expect(text).toContain('#Bakery');
    expect(text).toContain('Link in bio.');
    // The profile chooses words; it is not pasted in.
    expect(text).not.toContain('neighbourhood families');
    expect(text).not.toContain('Family bakery baking sourdough');
  });

  it('is repeatable for a seed and differs between seeds', () => {
    const a = composeOffline({ voice, options, seed: 'a' });
    expect(composeOffline({ voice, options, seed: 'a' })).toBe(a);
    const others = ['b', 'c', 'd', 'e'].map((seed) => composeOffline({ voice, options, seed }));
    expect(others.some((t) => t !== a)).toBe(true);
  });

  it('follows the length, emoji and hashtag switches', () => {
    const short = composeOffline({ voice, options: { ...options, length: 'short' }, seed: 'a' });
    const long = composeOffline({ voice, options, seed: 'a' });
    expect(short.length).toBeLessThan(long.length);
    const plain = composeOffline({
      voice,
      options: { ...options, emoji: false, hashtags: false },
      seed: 'a',
    });
    expect(EMOJI.test(plain)).toBe(false);
    expect(countHashtags(plain)).toBe(0);
  });

  it('keeps Facebook to a few hashtags and gives the website instead of "link in bio"', () => {
    const text = composeOffline({
      voice,
      options: { ...options, platform: 'facebook' },
      seed: 'a',
    });
    expect(countHashtags(text)).toBeLessThanOrEqual(5);
    expect(text).toContain('https://rosas.example.com');
  });

  it('finds the subject of the prompt without the request around it', () => {
    expect(topicOf('Write a post about our summer sale. Make it fun!')).toBe('our summer sale');
    expect(topicOf('Announce the new yoga class')).toBe('the new yoga class');
    expect(topicOf('Can you write a caption for our 10th anniversary?')).toBe(
      'our 10th anniversary',
    );
    expect(topicOf('Happy hour every Friday, glasses of wine 6 euros a')).toBe(
      'happy hour every Friday, glasses of wine 6 euros',
    );
    expect(topicOf('#')).toBe('');
  });
});

describe('streamWords', () => {
  it('streams the whole text in small pieces', async () => {
    const text = 'One two three four five six seven.\n\n#Tag';
    const pieces: string[] = [];
    for await (const piece of streamWords(text, { pauseMs: 0 })) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(text);
  });

  it('stops when cancelled', async () => {
    const abort = new AbortController();
    const pieces: string[] = [];
    for await (const piece of streamWords('a b c d e f g h i j k l', {
      pauseMs: 0,
      signal: abort.signal,
    })) {
      pieces.push(piece);
      abort.abort();
    }
    expect(pieces).toHaveLength(1);
  });
});

describe('fitToLimits', () => {
  const instagram = generateInputSchema.parse({ prompt: 'x'.repeat(5), platform: 'instagram' });

  it('splits off the hashtag line, removes duplicates and model chatter', () => {
    const fitted = fitToLimits(
      'Caption: "Fresh bread today #Bread\n\n#bread #Bakery #bakery #Local"',
      instagram,
    );
    expect(fitted.caption).toBe('Fresh bread today #Bread');
    expect(fitted.hashtags).toEqual(['#Bakery', '#Local']);
  });

  it('trims a caption over 2,200 characters and more than 30 hashtags, and says so', () => {
    const long = `${'A sentence that goes on. '.repeat(150)}\n\n${Array.from({ length: 45 }, (_, i) => `#t${i}`).join(' ')}`;
    const fitted = fitToLimits(long, instagram);
    const post = composePostText(fitted.caption, fitted.hashtags);
    expect(post.length).toBeLessThanOrEqual(2200);
    expect(fitted.hashtags).toHaveLength(30);
    expect(checkTextLimits(post, limitsFor('instagram', 'post'))).toEqual([]);
    expect(fitted.adjustments).toEqual([
      'Kept 30 of 45 hashtags: Instagram allows 30',
      "Shortened to fit Instagram's 2,200 characters",
    ]);
  });

  it('removes hashtags and emoji when they are switched off', () => {
    const fitted = fitToLimits('Hello 🎉 #world\n\n#one #two', {
      ...instagram,
      hashtags: false,
      emoji: false,
    });
    expect(fitted).toEqual({
      caption: 'Hello world',
      hashtags: [],
      adjustments: ['Removed emoji, as asked', 'Removed hashtags, as asked'],
    });
  });

  it('keeps at most 20 @-mentions on Instagram', () => {
    const text = Array.from({ length: 25 }, (_, i) => `@friend${i}`).join(' ');
    const fitted = fitToLimits(text, instagram);
    expect(checkTextLimits(fitted.caption, limitsFor('instagram', 'post'))).toEqual([]);
    expect(fitted.adjustments).toContain('Kept 20 @-mentions: Instagram allows no more');
  });
});
