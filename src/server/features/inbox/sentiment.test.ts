import { describe, expect, it } from 'vitest';
import { sentimentOf } from './sentiment.ts';

// The inbox's sentiment filter (docs/decisions/091): English words, emoji and emoticons; other
// languages fall back to neutral.

describe('sentimentOf', () => {
  it.each([
    ['I love this!', 'positive'],
    ['Thanks so much', 'positive'],
    ['❤️', 'positive'],
    ['😍😍', 'positive'],
    ['🔥🔥🔥', 'positive'],
    ['great :)', 'positive'],
    ['<3', 'positive'],
    ['Worst service ever', 'negative'],
    ['not good', 'negative'],
    ["I don't like it", 'negative'],
    ['😢', 'negative'],
    [':(', 'negative'],
    ['This is a scam 🤬', 'negative'],
    ['Where is my order?', 'neutral'],
    ['price?', 'neutral'],
    ['', 'neutral'],
    ['   ', 'neutral'],
    ['ok', 'neutral'],
  ] as const)('%j is %s', (text, expected) => {
    expect(sentimentOf(text)).toBe(expected);
  });

  it('answers neutral for languages it does not know, unless emoji say otherwise', () => {
    expect(sentimentOf('Merci beaucoup')).toBe('neutral');
    expect(sentimentOf("c'est nul")).toBe('neutral');
    expect(sentimentOf('Merci beaucoup ❤️')).toBe('positive');
  });

  it('reads a long text quickly', () => {
    const text = 'great product but the delivery was late and the box was damaged '.repeat(200);
    const started = performance.now();
    expect(['positive', 'negative', 'neutral']).toContain(sentimentOf(text));
    expect(performance.now() - started).toBeLessThan(200);
  });
});
