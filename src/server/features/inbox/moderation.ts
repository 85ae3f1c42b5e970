// Matching of the social monitor's moderation rules (docs/decisions/091): keywords match whole
// words or phrases, case- and accent-insensitively ("Spam" matches "SPÄM!" but not "spammer");
// a pattern is a regular expression checked for safety when saved (no nested quantifiers, no
// backreferences, at most 200 characters) and run on at most MATCH_TEXT_CAP characters.

export const PATTERN_MAX_CHARS = 200;
export const MATCH_TEXT_CAP = 2_000;

/** Lower case without accents: what both sides are compared as. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first keyword found as a whole word or phrase, or null. */
export function matchKeyword(text: string, keywords: readonly string[]): string | null {
  const folded = foldText(text.slice(0, MATCH_TEXT_CAP));
  for (const keyword of keywords) {
    const k = foldText(keyword.trim());
    if (!k) continue;
    const words = k.split(/\s+/).map(escapeRegExp).join('\\s+');
    const re = new RegExp(`(?<![\\p{L}\\p{N}_])${words}(?![\\p{L}\\p{N}_])`, 'u');
    if (re.test(folded)) return keyword;
  }
  return null;
}

/** Why a pattern is refused, or null when it is safe to run. */
export function patternProblem(pattern: string): string | null {
  if (pattern.length > PATTERN_MAX_CHARS) {
    return `Keep the pattern under ${PATTERN_MAX_CHARS} characters`;
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'Patterns cannot use backreferences';
  if (hasNestedQuantifier(pattern)) {
    return 'Patterns cannot repeat a group that repeats itself, such as (a+)+';
  }
  try {
    new RegExp(pattern, 'iu');
  } catch {
    return 'This is not a valid pattern';
  }
  return null;
}

/**
 * A group that contains a repetition and is itself repeated: (a+)+, (a*)*, (a|b+){2,}. An
 * optional group, (https?://)?, repeats at most once and is allowed.
 */
function hasNestedQuantifier(pattern: string): boolean {
  const stack: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i]!;
    if (c === '\\') {
      i += 1;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') stack.push(false);
    else if (c === ')') {
      const quantifiedInside = stack.pop() ?? false;
      const next = pattern[i + 1];
      const quantified = next === '*' || next === '+' || next === '{';
      if (quantifiedInside && quantified) return true;
      if (stack.length > 0 && (quantifiedInside || quantified)) stack[stack.length - 1] = true;
    } else if ((c === '*' || c === '+' || c === '{') && stack.length > 0) {
      stack[stack.length - 1] = true;
    }
  }
  return false;
}

/** What a safe pattern matched in the text (folded), or null. */
export function matchPattern(text: string, pattern: string): string | null {
  if (patternProblem(pattern)) return null;
  const re = new RegExp(foldText(pattern), 'iu');
  const found = re.exec(foldText(text.slice(0, MATCH_TEXT_CAP)));
  return found ? found[0].slice(0, 200) || pattern : null;
}

export interface RuleLike {
  keywords: readonly string[];
  pattern: string | null;
}

/** What of the rule the text matched (a keyword, or what the pattern found), or null. */
export function ruleMatch(rule: RuleLike, text: string): string | null {
  return (
    matchKeyword(text, rule.keywords) ?? (rule.pattern ? matchPattern(text, rule.pattern) : null)
  );
}
