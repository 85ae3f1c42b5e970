import { describe, expect, it } from 'vitest';
import { matchKeyword, matchPattern, patternProblem, ruleMatch } from './moderation.ts';

// Matching of moderation rules (docs/decisions/091): whole words, case and accents ignored;
// patterns refused when they could run away.

describe('keywords', () => {
  it('match whole words and phrases, whatever the case and accents', () => {
    expect(matchKeyword('This is SPÄM!', ['spam'])).toBe('spam');
    expect(matchKeyword('Great café', ['CAFE'])).toBe('CAFE');
    expect(matchKeyword('the spammer is here', ['spam'])).toBeNull();
    expect(matchKeyword('buy   cheap pills now', ['cheap pills'])).toBe('cheap pills');
    expect(matchKeyword('cheappills', ['cheap pills'])).toBeNull();
    expect(matchKeyword('a.b (c)', ['(c)'])).toBe('(c)');
    expect(matchKeyword('abc', ['a.c'])).toBeNull();
    expect(matchKeyword('price: $5', ['$5'])).toBe('$5');
  });
});

describe('patterns', () => {
  it('are refused with nested quantifiers, backreferences, or over 200 characters', () => {
    expect(patternProblem('(a+)+$')).toMatch(/repeat/);
    expect(patternProblem('(a*)*')).toMatch(/repeat/);
    expect(patternProblem('((ab)+c)*')).toMatch(/repeat/);
    expect(patternProblem('(x|y+){2,}')).toMatch(/repeat/);
    expect(patternProblem('(a)\\1')).toMatch(/backreferences/);
    expect(patternProblem('(?<x>a)\\k<x>')).toMatch(/backreferences/);
    expect(patternProblem('a'.repeat(201))).toMatch(/200/);
    expect(patternProblem('([a-z')).toMatch(/valid/);
    expect(patternProblem('(https?://)?\\S+\\.com')).toBeNull();
    expect(patternProblem('[(+)]+')).toBeNull();
  });

  it('match case- and accent-insensitively on a capped text', () => {
    expect(matchPattern('Visit WWW.CHEAP.COM now', 'www\\.\\w+\\.com')).toBe('www.cheap.com');
    expect(matchPattern('Crème brûlée', 'creme\\s+brulee')).toBe('creme brulee');
    expect(matchPattern('x'.repeat(5_000) + 'needle', 'needle')).toBeNull();
    expect(matchPattern('anything', '(a+)+')).toBeNull();
  });

  it('a rule matches on a keyword first, then on its pattern', () => {
    expect(ruleMatch({ keywords: ['scam'], pattern: '\\d{3}-\\d{4}' }, 'call 555-1234')).toBe(
      '555-1234',
    );
    expect(ruleMatch({ keywords: ['scam'], pattern: null }, 'total SCAM')).toBe('scam');
    expect(ruleMatch({ keywords: [], pattern: null }, 'anything')).toBeNull();
  });
});
