import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

// Password strength is judged by zxcvbn-ts, a maintained estimator of guessing effort, instead of
// composition rules: "Tr0ub4dor&3" style passwords pass regexes and fall to dictionaries.
// Score 3 means roughly 10^8 guesses or more; that is the bar for an account that can publish
// to a business's public pages. The dictionaries are large, so the browser imports this module
// lazily on the pages that need it.

export const MIN_PASSWORD_SCORE = 3;

export interface PasswordStrength {
  ok: boolean;
  score: 0 | 1 | 2 | 3 | 4;
  warning: string | null;
  suggestions: string[];
}

let factory: ZxcvbnFactory | undefined;

function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations,
  });
  return factory;
}

/** The product's names, and each input whole, run together and word by word ("Boulangerie Dupont"). */
export function contextWords(userInputs: readonly string[]): string[] {
  const words = new Set(['soci', 'socigen', 'soci gen']);
  for (const input of userInputs) {
    const value = input.trim().toLowerCase();
    if (!value) continue;
    words.add(value);
    words.add(value.replace(/[^\p{L}\p{N}]+/gu, ''));
    for (const word of value.split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3) words.add(word);
  }
  return [...words];
}

export async function checkPasswordStrength(
  password: string,
  userInputs: string[] = [],
): Promise<PasswordStrength> {
  const result = await estimator().checkAsync(password, contextWords(userInputs));
  return {
    ok: result.score >= MIN_PASSWORD_SCORE,
    score: result.score,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions,
  };
}
