// Small text tools of the offline generator (docs/decisions/064): cleaning the user's own words
// before they go into a sentence, and the register of the templates around them.

const EMOJI =
  /(?:\p{Extended_Pictographic}|\p{Regional_Indicator})(?:\p{Emoji_Modifier}|\uFE0F|\u20E3)*(?:\u200D\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F)*)*|\uFE0F|\u200D|\u20E3/gu;

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}', '“': '”', '«': '»' };
const CLOSERS = new Map(Object.entries(OPENERS).map(([open, close]) => [close, open]));

/** Drops brackets and quotes that have no partner, so a clipped or careless text stays whole. */
export function balanceBrackets(text: string): string {
  if (!/[()[\]{}“”«»"]/.test(text)) return text;
  const drop = new Set<number>();
  const stack: Array<{ char: string; at: number }> = [];
  const chars = [...text];
  chars.forEach((char, at) => {
    if (OPENERS[char]) stack.push({ char, at });
    else if (CLOSERS.has(char)) {
      if (stack.at(-1)?.char === CLOSERS.get(char)) stack.pop();
      else drop.add(at);
    }
  });
  for (const open of stack) drop.add(open.at);
  const straight = chars.flatMap((c, i) => (c === '"' ? [i] : []));
  if (straight.length % 2 === 1) drop.add(straight.at(-1)!);
  return chars
    .filter((_, i) => !drop.has(i))
    .join('')
    .replace(/\(\s*\)|\[\s*\]|\{\s*\}|“\s*”|«\s*»|""/g, '');
}

const NOT_WORD = /[^\p{L}\p{N}]/gu;
const ENDS_IN_PUNCTUATION = /[^\p{L}\p{N}]$/u;

/** "the the bakery" → "the bakery": a word typed twice in a row, once. */
export function collapseRepeats(text: string): string {
  const words = text.split(' ');
  if (words.length < 2) return text;
  const keys = words.map((w) => w.toLowerCase().replace(NOT_WORD, ''));
  return words
    .filter((_, i) => {
      if (i === 0 || keys[i] === '') return true;
      // "Bye. Bye" is two sentences; only a bare repeat is dropped.
      return ENDS_IN_PUNCTUATION.test(words[i - 1]!) || keys[i - 1] !== keys[i];
    })
    .join(' ');
}

/** At most `max` characters, cut at a word boundary. */
function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return space > max / 2 ? cut.slice(0, space) : cut;
}

/**
 * The user's words made safe to put in a sentence: no emoji (the generator adds its own when
 * asked), no hashtags or mentions smuggled in, one line, at most `max` characters, brackets and
 * quotes paired, no word typed twice in a row.
 */
export function cleanText(text: string | null | undefined, max: number): string {
  if (!text) return '';
  // Only the start of a long text can be kept: the rest is not worth cleaning.
  const flat = text
    .slice(0, max * 2 + 40)
    .replace(EMOJI, ' ')
    .replace(/[#@]/g, '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return collapseRepeats(balanceBrackets(cutAt(flat, max)))
    .replace(/\s+([,;:.!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Mostly capitals ("BIG SALE THIS WEEKEND") reads as shouting; sentence case instead. */
export function unshout(text: string): string {
  const letters = text.replace(/[^\p{L}]/gu, '');
  const upper = letters.replace(/[^\p{Lu}]/gu, '').length;
  return letters.length >= 6 && upper / letters.length > 0.7 ? text.toLowerCase() : text;
}

export function capitalise(text: string): string {
  const at = text.search(/\p{L}/u);
  if (at < 0) return text;
  return text.slice(0, at) + text.charAt(at).toUpperCase() + text.slice(at + 1);
}

/** Words of the templates, written out in full, as a casual voice says them. */
const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\b([Ww]e) are\b/g, "$1're"],
  [/\b([Yy]ou) are\b/g, "$1're"],
  [/\b([Ii]t) is\b/g, "$1's"],
  [/\b([Tt]here) is\b/g, "$1's"],
  [/\b([Tt]hat) is\b/g, "$1's"],
  [/\b([Ww]hat) is\b/g, "$1's"],
  [/\b([Hh]ere) is\b/g, "$1's"],
  [/\b([Dd]o) not\b/g, "$1n't"],
  [/\b([Cc]ould) not\b/g, "$1n't"],
  [/\b([Ii]s) not\b/g, "$1n't"],
  [/\b([Cc]an)not\b/g, "$1't"],
  [/\b([Ww]e) have been\b/g, "$1've been"],
  [/\b([Ww]e) will\b/g, "$1'll"],
  [/\b([Yy]ou) will\b/g, "$1'll"],
  [/\b([Ww]e) would\b/g, "$1'd"],
  [/\b([Ll]et) us\b/g, "$1's"],
];

export type Register = 'casual' | 'neutral' | 'formal';

/** A template in the business's register: contractions when casual, no exclamations when formal. */
export function inRegister(template: string, register: Register): string {
  if (register === 'casual') {
    return CONTRACTIONS.reduce(
      (t, [pattern, short]) => t.replace(pattern, short),
      template,
    ).replace(/'/g, '’');
  }
  if (register === 'formal') return template.replace(/!/g, '.');
  return template;
}
