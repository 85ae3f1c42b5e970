import { describe, expect, it } from 'vitest';
import { generateInputSchema, type GenerateInput } from '#shared/contracts/ai-content.contract.ts';
import { fitToLimits } from './fit-to-limits.ts';
import { composeOffline, hashtagPool, type BusinessVoice } from './offline-generator.ts';
import { readPrompt, promptHashtags } from './offline-prompt.ts';
import { readProfile } from './offline-profile.ts';
import { cleanText } from './offline-text.ts';
import { writingProblems } from './ai-content.test-helpers.ts';

// The rules the offline generator writes by (docs/decisions/064), one at a time, starting with
// what the review of a new owner's first hour found: "6 euros a! ✨", the target audience pasted
// into the caption, and #Aged, #Locals, #Euros.

const casaLola: BusinessVoice = {
  businessName: 'Casa Lola',
  industry: 'Wine bar',
  brandVoice: 'Warm, relaxed and a little cheeky',
  targetAudience: 'young professionals and locals aged 25-40',
  website: 'https://casalola.example',
  description: 'A neighbourhood wine bar serving natural wines and small plates since 2015',
};

const rosa: BusinessVoice = {
  businessName: 'Rosa’s Bakery',
  industry: 'Bakery',
  brandVoice: 'Warm and cheerful',
  targetAudience: 'families with young children',
  website: 'https://rosas.example.com',
  description: 'Family bakery baking sourdough by hand since 1998',
};

function write(
  voice: BusinessVoice,
  input: Partial<GenerateInput> & { prompt: string },
  seed = 'a',
) {
  const options = generateInputSchema.parse({ platform: 'instagram', ...input });
  const text = composeOffline({ voice, options, seed });
  const fitted = fitToLimits(text, options);
  return { text, options, ...fitted, problems: writingProblems(text, { voice, options, seed }) };
}

/** The same request over several seeds: what every variant does, and what some variant does. */
function variants(voice: BusinessVoice, input: Partial<GenerateInput> & { prompt: string }) {
  return ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((seed) => write(voice, input, seed));
}

describe('what the review found', () => {
  const prompt = 'Happy hour every Friday, glasses of wine 6 euros a';

  it('ends no sentence on a dangling article ("6 euros a!")', () => {
    for (const v of variants(casaLola, { prompt, tone: 'playful' })) {
      expect(v.caption).not.toMatch(/\b(a|an|the)\s*[.,!?;:]/i);
      expect(v.caption).toContain('6 euros');
      expect(v.problems).toEqual([]);
    }
  });

  it('never pastes the target audience, brand voice or description into the caption', () => {
    for (const v of variants(casaLola, { prompt, length: 'long' })) {
      expect(v.caption).not.toContain('young professionals and locals');
      expect(v.caption).not.toContain('aged 25-40');
      expect(v.caption).not.toContain('a little cheeky');
      expect(v.caption).not.toContain('natural wines and small plates');
    }
  });

  it('chooses hashtags for relevance: #HappyHour and #Wine, never #6, #Euros, #Every or #Aged', () => {
    const { hashtags } = write(casaLola, { prompt, length: 'long' });
    expect(hashtags.slice(0, 2)).toEqual(['#HappyHour', '#Wine']);
    expect(hashtags).toContain('#WineBar');
    for (const bad of ['#6', '#Euros', '#Every', '#Friday', '#Happy', '#Hour', '#Glasses']) {
      expect(hashtags).not.toContain(bad);
    }
    const aged = write(casaLola, {
      prompt: 'Write a post about our aged Manchego tasting night on Thursday',
    });
    expect(aged.hashtags).toEqual(expect.arrayContaining(['#TastingNight', '#AgedManchego']));
    for (const bad of ['#Aged', '#Thursday', '#Night', '#Locals', '#Write', '#Post']) {
      expect(aged.hashtags).not.toContain(bad);
    }
  });
});

describe('the business profile chooses the words', () => {
  it('speaks to the audience in its own words ("Bring the little ones…")', () => {
    const texts = variants(rosa, { prompt: 'Our pumpkin sourdough is back', length: 'long' });
    expect(texts.some((v) => /little ones|whole family/.test(v.caption))).toBe(true);
    for (const v of texts) expect(v.caption).not.toContain('families with young children');
  });

  it('reads the kind of business from the industry: place, call to action and trade hashtags', () => {
    expect(readProfile(rosa, 'friendly').category.id).toBe('bakery');
    expect(readProfile({ ...rosa, industry: 'Café' }, 'friendly').category.id).toBe('cafe');
    expect(readProfile(casaLola, 'friendly').industryTag).toBe('#WineBar');
    expect(readProfile({ ...rosa, industry: 'Food & Beverage' }, 'friendly').industryTag).toBe(
      '#FoodAndBeverage',
    );
    const texts = variants(rosa, { prompt: 'Our pumpkin sourdough is back', length: 'medium' });
    expect(texts.some((v) => /bakery|bakers|bake/i.test(v.caption))).toBe(true);
  });

  it('takes facts from the description, in its own sentence', () => {
    const texts = variants(rosa, { prompt: 'Our pumpkin sourdough is back', length: 'long' });
    expect(texts.some((v) => v.caption.includes('since 1998'))).toBe(true);
    for (const v of texts) expect(v.caption).not.toContain('baking sourdough by hand since 1998');
  });

  it('writes a casual voice with contractions and a formal one without, nor exclamations', () => {
    const casual = variants(rosa, { prompt: 'Our pumpkin sourdough is back', length: 'long' });
    expect(casual.some((v) => /\b\w+’(re|s|t|ve|ll|d)\b/.test(v.caption))).toBe(true);
    const formal = variants(
      { ...rosa, brandVoice: 'Professional, precise and trustworthy' },
      { prompt: 'Our pumpkin sourdough is back', tone: 'professional', length: 'long' },
    );
    for (const v of formal) {
      expect(v.caption).not.toMatch(/\b(we|you|it|there)’(re|s|ll|ve)\b|n’t\b/i);
      expect(v.caption).not.toContain('!');
    }
  });

  it('writes the business’s name as it is, and no name when there is none', () => {
    const dollar = variants({ ...rosa, businessName: 'Cash $& Carry' }, { prompt: 'Our sale' });
    expect(dollar.some((v) => v.caption.includes('Cash $& Carry'))).toBe(true);
    const named = variants(rosa, { prompt: 'Our pumpkin sourdough is back', tone: 'friendly' });
    expect(named.some((v) => v.caption.includes('Rosa’s Bakery'))).toBe(true);
    for (const v of variants({ ...rosa, businessName: 'our business' }, { prompt: 'Our sale' })) {
      expect(v.caption).not.toMatch(/our business/i);
      expect(v.problems).toEqual([]);
    }
  });
});

describe('the prompt', () => {
  it('finds the subject without the request, and whether it is a phrase, a clause or a question', () => {
    expect(readPrompt('Write a post about our summer sale. Make it fun!')).toMatchObject({
      topic: 'our summer sale',
      form: 'phrase',
      kind: 'offer',
      details: [],
    });
    expect(readPrompt('Let people know that we are open late this Friday')).toMatchObject({
      topic: 'we are open late this Friday',
      form: 'clause',
      weekday: 'Friday',
    });
    expect(readPrompt('Looking for a last-minute gift? Mention our gift cards.')).toMatchObject({
      topic: 'Looking for a last-minute gift',
      form: 'question',
      details: ['Ask us about our gift cards.'],
    });
    expect(readPrompt('🎉🎉🎉').topic).toBeNull();
  });

  it('cleans what it keeps: no shouting, no stray brackets, quotes, doubled words or emoji', () => {
    expect(readPrompt('ANNOUNCE OUR SUMMER SALE!!!').topic).toBe('our summer sale');
    expect(readPrompt('Promote "our summer sale (from Monday').topic).toBe(
      'our summer sale from Monday',
    );
    expect(readPrompt('Announce the the new 🎉 menu #sale @everyone').topic).toBe('the new menu');
    expect(cleanText('a (b [c] “d', 100)).toBe('a b [c] d');
  });

  it('makes each variant of an ordinary request pass every writing rule', () => {
    for (const tone of [
      'friendly',
      'professional',
      'playful',
      'bold',
      'inspirational',
      'informative',
    ] as const) {
      for (const length of ['short', 'medium', 'long'] as const) {
        for (const v of variants(rosa, {
          prompt: 'Announce our new pumpkin sourdough, available from Monday',
          tone,
          length,
        })) {
          expect(v.problems, v.text).toEqual([]);
        }
      }
    }
  });
});

describe('hashtags', () => {
  it('are the topic’s nouns and compounds, not its describing words, verbs, days or prices', () => {
    expect(promptHashtags('Announce our new pumpkin sourdough, available from Monday')).toEqual([
      '#PumpkinSourdough',
      '#Sourdough',
    ]);
    expect(promptHashtags('Write a post about the best of our new things for the week')).toEqual(
      [],
    );
    expect(promptHashtags('20% off all candles this weekend, only 12 € each')).toEqual([
      '#Candles',
    ]);
    expect(promptHashtags('Booking is essential. Tickets are 12 euros.')).toEqual(['#Tickets']);
  });

  it('never tag a name just because it has a capital', () => {
    const tags = promptHashtags('Join Maria and Tom for pottery on Sunday');
    expect(tags).toEqual(['#Pottery']);
    // Title Case is not a name: its capitals say nothing.
    expect(promptHashtags('New Spring Menu At The Bakery')).toContain('#SpringMenu');
  });

  it('keep the user’s own hashtags when they are words, and CamelCase every tag', () => {
    expect(promptHashtags('Our summer sale #sale #2024 #new')).toEqual(['#Sale', '#SummerSale']);
  });

  it('are deduplicated, cased alike and within the platform’s sensible count', () => {
    const facebook = write(rosa, {
      prompt: 'Sourdough, sourdoughs and more SOURDOUGH bread',
      platform: 'facebook',
      length: 'long',
    });
    expect(facebook.hashtags.length).toBeLessThanOrEqual(5);
    const lower = facebook.hashtags.map((t) => t.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
    expect(facebook.hashtags.every((t) => /^#\p{Lu}/u.test(t))).toBe(true);
    expect(
      write(rosa, { prompt: 'Our sourdough', length: 'short' }).hashtags.length,
    ).toBeLessThanOrEqual(3);
    expect(write(rosa, { prompt: 'Our sourdough', hashtags: false }).hashtags).toEqual([]);
  });

  it('suggest more of the same, for any provider', () => {
    const pool = hashtagPool(rosa, 'Announce our new pumpkin sourdough');
    expect(pool).toEqual([
      '#PumpkinSourdough',
      '#Sourdough',
      '#Bakery',
      '#FreshBread',
      '#Baking',
      '#RosasBakery',
    ]);
  });
});

describe('platform, format and switches', () => {
  it('links the website on Facebook without a full stop after it, and "Link in bio" on Instagram', () => {
    const facebook = write(rosa, { prompt: 'Our sourdough is back', platform: 'facebook' });
    expect(facebook.caption).toContain('Visit https://rosas.example.com to find out more.');
    const instagram = write(rosa, { prompt: 'Our sourdough is back' });
    expect(instagram.caption).toContain('Link in bio.');
    const long = write(
      { ...rosa, website: `https://rosas.example.com/${'a/'.repeat(80)}` },
      { prompt: 'Our sourdough is back', platform: 'facebook' },
    );
    expect(long.caption).toContain('Visit https://rosas.example.com to find out more.');
  });

  it('says "swipe" on a carousel and "watch" on a reel', () => {
    expect(write(rosa, { prompt: 'Our sourdough', format: 'carousel' }).caption).toMatch(/Swipe/);
    expect(write(rosa, { prompt: 'Our sourdough', format: 'reel' }).caption).toMatch(
      /Watch|hit play/,
    );
  });

  it('writes no emoji when they are off, even from the prompt', () => {
    const v = write(rosa, { prompt: 'Our 🎉 sourdough 🥖 is back', emoji: false });
    expect(v.text).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(v.adjustments).toEqual([]);
  });

  it('grows with the length asked for', () => {
    const [short, medium, long] = (['short', 'medium', 'long'] as const).map(
      (length) => write(rosa, { prompt: 'Our pumpkin sourdough is back', length }).caption,
    );
    expect(short!.length).toBeLessThan(medium!.length);
    expect(medium!.length).toBeLessThan(long!.length);
  });
});
