import Sentiment from 'sentiment';

// The sentiment of an incoming comment or message, for the inbox's filter (docs/decisions/091):
// the `sentiment` package's AFINN-165 word list and its emoji ranking, offline and in process
// (a few microseconds a text). English only: words of other languages are mostly unknown to it,
// so a French or Spanish text comes out neutral unless it holds emoji or words the languages
// share ("super"); neutral is the safe answer a person reads past. Emoticons and the emoji the
// package's ranking leaves out or spells with a variation selector are mapped first.

export type SentimentLabel = 'positive' | 'neutral' | 'negative';

const analyzer = new Sentiment();

/** Emoticons, as words the tokenizer keeps (it drops punctuation). */
const EMOTICONS: ReadonlyArray<[RegExp, string]> = [
  [/(^|\s)[:;=]-?[)\]D]+(?=\s|$)/g, ' emoticonhappy '],
  [/(^|\s)<3+(?=\s|$)/g, ' emoticonheart '],
  [/(^|\s)[:;=]'?-?[([/]+(?=\s|$)/g, ' emoticonsad '],
];

/** Scores the package's ranking lacks, or that show up often in comments. */
const EXTRAS: Record<string, number> = {
  emoticonhappy: 2,
  emoticonheart: 3,
  emoticonsad: -2,
  '🔥': 2,
  '🙏': 1,
  '👏': 2,
  '💯': 2,
  '😢': -2,
  '😭': -2,
  '😞': -2,
  '🤮': -3,
  '🤬': -3,
};

/** Variation selectors and zero-width joiners: "❤️" is scored as "❤". */
const INVISIBLE = /[\uFE0E\uFE0F\u200D]/g;

export function sentimentOf(text: string): SentimentLabel {
  let normalised = text.replace(INVISIBLE, '');
  for (const [pattern, word] of EMOTICONS) normalised = normalised.replace(pattern, `$1${word}`);
  // Emoji written back to back ("😍😍") are one token to the tokenizer: space them out.
  normalised = normalised.replace(/(\p{Extended_Pictographic})/gu, ' $1 ');
  if (normalised.trim() === '') return 'neutral';
  const { score } = analyzer.analyze(normalised, { extras: EXTRAS });
  if (score > 0) return 'positive';
  if (score < 0) return 'negative';
  return 'neutral';
}
