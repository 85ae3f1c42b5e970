import { describe, expect, it } from 'vitest';
import { composeOffline } from './offline-generator.ts';
import { writingCorpus, writingProblems, type WritingRule } from './ai-content.test-helpers.ts';

// A property test (docs/decisions/064): over many generated business profiles and prompts —
// ordinary, careless, shouted, questions, hostile — every caption of the offline generator reads
// as written by a person: grammatical at the level checked by `writingProblems`, no setting
// pasted into it, hashtags chosen for relevance, within the platform's limits.

const CASES = 648;

describe('the offline generator writes like a person (property)', () => {
  const corpus = writingCorpus(CASES);

  it(`breaks no writing rule over ${CASES} generated profiles, prompts and options`, () => {
    const broken: Array<{ rules: WritingRule[]; prompt: string; text: string }> = [];
    for (const testCase of corpus) {
      const text = composeOffline(testCase);
      const rules = writingProblems(text, testCase);
      if (rules.length > 0) broken.push({ rules, prompt: testCase.options.prompt, text });
    }
    // The first few failures in full, to fix them from the test's output.
    expect(broken.slice(0, 5)).toEqual([]);
    expect(broken).toHaveLength(0);
  });

  it('gives every variant of a request its own words, and the same words for the same seed', () => {
    const differing = corpus.slice(0, 100).filter((c) => {
      const a = composeOffline(c);
      expect(composeOffline(c)).toBe(a);
      return composeOffline({ ...c, seed: `${c.seed}:other` }) !== a;
    });
    // Prompts without a subject and short posts have fewer sentences to choose from.
    expect(differing.length).toBeGreaterThan(80);
  });
});
