import { capitalise, cleanText, unshout } from './offline-text.ts';

// What the offline generator reads in the prompt (docs/decisions/064): the subject, in the
// user's own words but fitted to stand in a sentence; any further details; what kind of post it
// is (an event, an offer, a product, news); and the nouns worth a hashtag.

// ---------------------------------------------------------------------------------------------
// Words

const words = (list: string) => new Set(list.split(/\s+/).filter(Boolean));

/** Function words: never a hashtag, never the last word of a phrase. */
export const STOP_WORDS = words(`
  a an the and or but nor so yet of to in on at by for from with without into onto over under
  about above below after before between through during until till since per via as than then
  that this these those there here it its we us our ours you your yours they them their he she
  his her him i me my mine is are was were be been being am do does did done have has had having
  will would shall should can could may might must not no yes all any some each every both either
  neither few many much more most less least other another such same own only just also too very
  really quite now still even again ever never always often soon already almost what which who
  whom whose when where why how if because while although though whether up down out off away
  back well get got let lets make made please etc im ive id ill dont cant wont isnt arent its
  youre were theyre thats theres whats heres lot lots one ones bit`);

/** Verbs a prompt asks with or describes with: never a hashtag on their own. */
const VERBS = words(`
  announce announcing announced promote promoting promoted write writing create creating draft
  share sharing shared tell telling talk talking mention mentioning include including included
  highlight highlighting celebrate celebrating introduce introducing presenting present join
  joining come coming go going visit visiting try trying taste enjoy enjoying book booking order
  ordering buy buying grab discover explore check see meet bring pop stop drop find learn love
  need want know think say start starts starting begin begins beginning open opens close closes
  closed closing run runs happen happens happening return returns returning welcome welcomes
  offer offers offering serve serves serving feature features featuring launch launches launching
  give giving take taking use using help helping sign register reserve save win enter follow
  like tag comment message call email text keep add adding remind reminding invite inviting
  expect arrive arrives arriving land lands back available look looking get getting make making
  do doing have having wait waiting show showing plan planning pick`);

/** Describing words: never a hashtag alone (#Aged, #New), though "aged manchego" may be one. */
const ADJECTIVES = words(`
  new old big small little large great good best better nice fine amazing awesome incredible
  fantastic wonderful delicious tasty yummy lovely beautiful gorgeous perfect special exclusive
  limited latest fresh hot cold warm cool cosy cozy favourite favorite popular famous unique
  local seasonal daily weekly monthly annual yearly first last next final full whole entire
  extra real true huge tiny quick fast easy simple happy sweet exciting excited proud pleased
  thrilled ready free early late brand homemade handmade organic natural healthy crispy creamy
  spicy juicy golden classic traditional modern premium luxury luxurious private public live
  outdoor indoor online virtual grand mini double single aged ripe mature rich light dark deep
  soft hard long short high low tall wide busy quiet calm bright clean pure raw wild green red
  blue yellow pink purple orange black white brown grey gray silver gold various several many
  certain different own open closed affordable cheap expensive artisan artisanal authentic
  signature iconic legendary epic ultimate brilliant stunning fabulous magical cute unmissable
  unforgettable welcome usual regular normal extended upcoming current recent annual festive
  essential necessary required optional included sold booked full empty gone back`);

/** Nouns too general to be a hashtag alone (#Night, #Week), though one may end a compound. */
const GENERIC_NOUNS = words(`
  post posts caption captions instagram facebook reel reels story stories carousel photo photos
  picture pictures video videos content today tonight tomorrow yesterday week weeks weekend
  weekends month months year years day days time times hour hours minute minutes morning
  mornings afternoon afternoons evening evenings night nights everyone everybody people
  customers customer clients client followers follower friends friend guests guest thing things
  stuff way kind sort part place news update updates info information details detail reminder
  announcement offer offers deal deals price prices cost costs glass glasses cup cups bottle
  bottles slice slices piece pieces box boxes portion portions bag bags item items range
  selection choice choices option options start end beginning opening launch return arrival
  version edition something anything everything nothing someone anyone team staff us page link
  bio comment comments message messages class classes session sessions event events`);

/** Words of money: never a hashtag (#Euros). */
const CURRENCY = words(`
  euro euros eur dollar dollars usd pound pounds gbp quid cent cents pence yen franc francs chf
  krona kronor krone kroner zloty percent pct price prices`);

/** Days, months and times: never a hashtag, and the end of a phrase. */
const TIME_WORDS = words(`
  monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays
  fridays saturdays sundays mon tue tues wed thu thur thurs fri sat sun january february march
  april may june july august september october november december jan feb mar apr jun jul aug
  sep sept oct nov dec am pm noon midnight`);

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** Nouns ending like describing words ("family" is not an adverb, "vegetable" not an adjective). */
const NOUN_EXCEPTIONS = words(`
  family jelly belly rally ally lily italy july fly holly supply assembly butterfly olive
  vegetable vegetables table tables cable stable bed seed need shed feed reed creed breed
  speed weed steed deed festival timetable archive dragonfly firefly anomaly`);

export function looksDescriptive(word: string): boolean {
  if (NOUN_EXCEPTIONS.has(word)) return false;
  return (
    ADJECTIVES.has(word) ||
    (word.length > 4 && /(ed|ous|ful|less|able|ible)$/.test(word) && !/eed$/.test(word)) ||
    (word.length > 6 && /ive$/.test(word))
  );
}

function isAdverb(word: string): boolean {
  return word.length > 4 && /ly$/.test(word) && !NOUN_EXCEPTIONS.has(word);
}

// ---------------------------------------------------------------------------------------------
// The subject and the details

export type PostKind = 'event' | 'offer' | 'product' | 'news';
export type TopicForm = 'phrase' | 'clause' | 'question';

export interface PromptReading {
  /** The subject, to follow a colon or a verb ("our new pumpkin sourdough"); null when none. */
  topic: string | null;
  form: TopicForm;
  /** Further sentences of the prompt that are not instructions, each a whole sentence. */
  details: string[];
  kind: PostKind;
  /** The one weekday the prompt names, if exactly one. */
  weekday: (typeof WEEKDAYS)[number] | null;
}

const REQUESTS: RegExp[] = [
  /^(please|pls|hi|hello|hey)[,!]?\s+/i,
  /^(can|could|would) you( please)?\s+/i,
  /^(i|we)('d| would) like( you)? to\s+/i,
  /^(i|we) (want|need)( you)? to\s+/i,
  /^help (me|us)( to)?\s+/i,
  /^(write|create|make|draft|give me|generate|prepare|compose|do)\s+(me\s+|us\s+)?(a|an|some|the|one|two|three)?\s*(short|long|quick|fun|catchy|nice|great|friendly|professional)?\s*((instagram|facebook|ig|fb|social( media)?)\s+)?(post|caption|captions|reel|carousel|posts|story|update|announcement|text)s?\b\s*(that|which)?\s*(about|for|on|announcing|promoting|introducing|to announce|to promote|telling people about)?\s*/i,
  /^(a|an)\s+((instagram|facebook|social( media)?)\s+)?(post|caption|reel|carousel)\s+(about|for|on)\s+/i,
  /^(post|caption)\s+(about|for|on)\s+/i,
  /^(let|tell|remind|show) (people|everyone|everybody|our (customers|followers|clients|guests|community|fans)|them|followers|customers) (know )?(that |about |of )?/i,
  /^(announce|promote|advertise|highlight|introduce|celebrate|share|talk about|spread the word about|shout about|invite (people|everyone|everybody) to)\s+/i,
  /^(that|about)\s+/i,
];

/** Sentences that only tell the writer how to write: not part of the post. */
const INSTRUCTION =
  /^(make it|make the (post|caption|text)|keep it|write it|avoid|(don'?t|do not) (use|add|include|mention|make)|((use|add|include) (some |a few |lots of |more |a |an )?(emoji|emojis|hashtags|call to action|cta|link|question))|(no|without) (emoji|emojis|hashtags)|in an? [\w-]+ (tone|style|voice)|with an? [\w-]+ (tone|style|voice)|(the )?(tone|style|mood)\b|it should|should be|sound|thanks|thank you)\b/i;

/** "Mention the 20% discount" → "the 20% discount": what is asked for is part of the post. */
const MENTION = /^(mention|include|note|point out|explain|remind (them|people))( that)?\s+/i;

function splitSentences(text: string): Array<{ text: string; end: string }> {
  // The first sentences say what the post is about; a very long prompt is read that far only.
  let head = text;
  if (text.length > 1200) {
    head = text.slice(0, 1200);
    const end = Math.max(...['.', '!', '?', '…', '\n'].map((c) => head.lastIndexOf(c)));
    if (end > 0) head = head.slice(0, end + 1);
  }
  return head
    .replace(/\r\n?/g, '\n')
    .split(/(?<=[.!?…])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const end = /[?]\s*$/.test(s) ? '?' : /!\s*$/.test(s) ? '!' : '.';
      return { text: s.replace(/(\.{3}|[.!?…])+$/, '').trim(), end };
    });
}

function stripRequests(text: string): string {
  let out = text.replace(/^[\s"“‘'«([]+/, '');
  for (let round = 0; round < 4; round++) {
    const before = out;
    for (const pattern of REQUESTS) out = out.replace(pattern, '');
    if (out === before) break;
  }
  return out;
}

/** Words that cannot end a phrase: articles, possessives, prepositions waiting for a noun. */
const DANGLING = words(`
  a an the and or nor but of to for with from by at into onto per via as than our your their my
  his its every each whose plus`);

/** Dangling words at the end ("6 euros a", "made with") and stray punctuation at either end. */
export function trimEnds(text: string): string {
  let out = text.replace(/^[\s,;:.!?…\-–—/&+*]+/, '').replace(/[\s,;:.!?…\-–—/&+*]+$/, '');
  for (;;) {
    const space = out.lastIndexOf(' ');
    if (space < 0 || !DANGLING.has(out.slice(space + 1).toLowerCase())) break;
    out = out.slice(0, space).replace(/[\s,;:.!?…\-–—/&+*]+$/, '');
  }
  return out;
}

/** Long first sentences are cut at a clause boundary when there is one, else at a word. */
function shortenTopic(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const clause = Math.max(head.lastIndexOf(', '), head.lastIndexOf('; '), head.lastIndexOf(' – '));
  if (clause >= 30) return head.slice(0, clause);
  const space = head.lastIndexOf(' ');
  let out = space > max / 2 ? head.slice(0, space) : head;
  // A cut phrase should not end on a describing word ("made with fresh").
  for (let i = 0; i < 3; i++) {
    const last = /\s+([\p{L}'’-]+)$/u.exec(out);
    if (!last) break;
    const word = last[1]!.toLowerCase();
    if (!STOP_WORDS.has(word) && !looksDescriptive(word) && !VERBS.has(word)) break;
    out = out.slice(0, last.index);
  }
  return out;
}

const QUESTION_START =
  /^(do|does|did|have|has|are|is|can|could|will|would|who|what|when|where|why|how|ever|fancy|looking|need|want|ready|hungry|thirsty|tired)\b/i;
const CLAUSE_START =
  /^(we|we're|we’re|we've|we’ve|we'll|we’ll|i|i'm|i’m|you|you're|you’re|they|it|it's|it’s|there|there's|there’s|everyone|everything|nothing|something|this|that)\b/i;
const CLAUSE_VERB =
  /\s(is|are|was|were|will|has|have|had|can|opens|closes|starts|returns|arrives|lands|launches|goes|comes|turns|gets|runs)\b/i;

const KIND_WORDS: Array<[PostKind, RegExp]> = [
  [
    'offer',
    /(\d+\s?%|[€$£¥]\s?\d|\d\s?(€|\$|£|euros?|dollars?|pounds?)\b|\b(sale|discount|discounts|deal|deals|offer|offers|promo|promotion|voucher|coupon|half[- ]price|happy hour|two for one|2 for 1|bogo|for free|price|prices)\b)/i,
  ],
  [
    'event',
    /\b(night|evening|class|classes|workshop|workshops|tasting|tastings|party|event|events|festival|session|sessions|meetup|meet-up|webinar|concert|gig|market|fair|open day|open house|quiz|tour|course|retreat|screening|talk|masterclass|celebration|anniversary|grand opening|performance|live music|club|brunch|dinner|lunch|supper|launch party|exhibition|tournament|race)\b/i,
  ],
  [
    'product',
    /\b(new|menu|collection|range|flavou?r|flavou?rs|product|products|dish|dishes|drink|drinks|recipe|cake|cakes|bread|loaf|loaves|coffee|latte|cocktail|cocktails|wine|beer|treatment|service|services|package|packages|edition|arrivals?|stock|restock|back in stock|launch)\b/i,
  ],
];

function kindOf(text: string): PostKind {
  for (const [kind, pattern] of KIND_WORDS) if (pattern.test(text)) return kind;
  return 'news';
}

function weekdayOf(text: string): PromptReading['weekday'] {
  const found = new Set(
    [...text.matchAll(/\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b/gi)].map(
      (m) => m[1]!.toLowerCase(),
    ),
  );
  if (found.size !== 1) return null;
  const [day] = [...found];
  return WEEKDAYS.find((d) => d.toLowerCase() === day) ?? null;
}

/** An article left before a preposition by a careless edit ("the from Friday") goes. */
function dropStrayArticles(text: string): string {
  return text.replace(
    /(?<=^|\s)(a|an|the)\s+(?=(a|an|the|of|to|for|with|from|by|at|into|on|in)(\s|$))/gi,
    '',
  );
}

/** Hashtags and mentions typed at the end of a sentence are tags, not words of it. */
function withoutTrailingTags(text: string): string {
  return text.replace(/(\s+[#@][\p{L}\p{N}_]+)+\s*$/u, '');
}

/** The prompt's text made fit for a sentence. */
function tidy(text: string, max: number): string {
  const head = text.slice(0, max * 2 + 40);
  return trimEnds(dropStrayArticles(cleanText(unshout(withoutTrailingTags(head)), max)));
}

/** A detail sentence: capitalised, cleaned and ended. */
function detailSentence(text: string, end: string): string | null {
  const body = tidy(text, 140);
  if (!/\p{L}{2}/u.test(body)) return null;
  return `${capitalise(body)}${end === '?' ? '?' : '.'}`;
}

/** Whether the first word can be written small after a colon ("Big news: happy hour…"). */
function inlineCase(text: string): string {
  const [first = '', second] = text.split(' ');
  const sentenceCase = second === undefined || !/^\p{Lu}/u.test(second);
  const lower = first.toLowerCase();
  const common = STOP_WORDS.has(lower) || ADJECTIVES.has(lower) || VERBS.has(lower);
  if (sentenceCase && common && (/^\p{Lu}\p{Ll}+$/u.test(first) || first === 'A')) {
    return first.toLowerCase() + text.slice(first.length);
  }
  return text;
}

export function readPrompt(prompt: string): PromptReading {
  const sentences = splitSentences(prompt);
  let topic: string | null = null;
  let topicEnd = '.';
  const details: string[] = [];
  for (const sentence of sentences) {
    if (details.length === 2) break;
    let text = stripRequests(sentence.text.trim());
    if (INSTRUCTION.test(text) && !MENTION.test(text)) continue;
    const mentioned = MENTION.test(text);
    text = text.replace(MENTION, '');
    if (topic === null) {
      const cleaned = trimEnds(shortenTopic(tidy(text, 200), 90));
      if (/\p{L}{2}/u.test(cleaned)) {
        topic = cleaned;
        topicEnd = sentence.end;
      }
    } else if (details.length < 2) {
      // "Mention our gift cards" asks for a thing to be said: "Ask us about our gift cards."
      const asked = mentioned && !CLAUSE_START.test(text) && !CLAUSE_VERB.test(` ${text}`);
      const detail = asked
        ? detailSentence(`Ask us about ${inlineCase(tidy(text, 120))}`, '.')
        : detailSentence(text, sentence.end);
      // A prompt that says the same thing twice gets it written once.
      const key = (t: string) =>
        t
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, ' ')
          .trim();
      if (detail && key(detail) !== key(topic) && !details.some((d) => key(d) === key(detail))) {
        details.push(detail);
      }
    }
  }
  const all = [topic ?? '', ...details].join(' ');
  const form: TopicForm =
    topic === null
      ? 'phrase'
      : topicEnd === '?' && QUESTION_START.test(topic)
        ? 'question'
        : CLAUSE_START.test(topic) ||
            CLAUSE_VERB.test(` ${topic}`) ||
            VERBS.has(topic.split(' ')[0]!.toLowerCase())
          ? 'clause'
          : 'phrase';
  return {
    topic: topic === null ? null : form === 'question' ? capitalise(topic) : inlineCase(topic),
    form,
    details,
    kind: kindOf(all),
    weekday: weekdayOf(all),
  };
}

// ---------------------------------------------------------------------------------------------
// Hashtags from the prompt's nouns

interface Token {
  word: string;
  /** Written with a capital in the middle of a sentence: a name, unless the text is Title Case. */
  name: boolean;
  predicate: boolean;
}

/** "summer sale" → "#SummerSale"; letters (and digits after a letter) only, at most 30. */
export function toHashtag(parts: readonly string[]): string | null {
  const body = parts
    .flatMap((p) => p.split(/[^\p{L}\p{N}]+/u))
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join('');
  if (body.length > 30 || (body.match(/\p{L}/gu) ?? []).length < 3 || !/^\p{L}/u.test(body)) {
    return null;
  }
  return `#${body}`;
}

function isHead(word: string): boolean {
  return (
    !STOP_WORDS.has(word) &&
    !VERBS.has(word) &&
    !CURRENCY.has(word) &&
    !looksDescriptive(word) &&
    !isAdverb(word)
  );
}

function isNoun(word: string): boolean {
  return isHead(word) && !GENERIC_NOUNS.has(word) && [...word].length >= 3;
}

/** Runs of content words between function words, numbers, days and punctuation. */
function runsOf(sentence: string): Token[][] {
  const raw = sentence.split(/\s+/).filter(Boolean);
  const titleCase =
    raw.filter((w) => /^\p{Lu}/u.test(w)).length >= Math.max(2, raw.length * 0.6) ||
    raw.every((w) => !/\p{Ll}/u.test(w));
  const runs: Token[][] = [];
  let run: Token[] = [];
  const close = () => {
    if (run.length > 0) runs.push(run);
    run = [];
  };
  raw.forEach((token, i) => {
    const core = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    const word = core.toLowerCase();
    const breakAfter = /[^\p{L}\p{N}]$/u.test(token) && !/^[\p{L}\p{N}]+-$/u.test(token);
    const usable =
      /^\p{L}+(-\p{L}+)?$/u.test(core) &&
      !STOP_WORDS.has(word) &&
      !VERBS.has(word) &&
      !CURRENCY.has(word) &&
      !TIME_WORDS.has(word) &&
      !isAdverb(word) &&
      !(
        ADJECTIVES.has(word) &&
        run.length === 0 &&
        /^(new|great|good|best|amazing|latest|next|last|first|special|free|big)$/.test(word)
      );
    if (!usable) {
      close();
      return;
    }
    const previous = (raw[i - 1] ?? '').toLowerCase();
    run.push({
      word,
      name: i > 0 && !titleCase && /^\p{Lu}/u.test(core),
      // "Booking is essential": a word after "is" describes; it is no tag alone.
      predicate: /^(is|are|was|were|be|being|been|feels?|looks?|tastes?|gets?)$/.test(previous),
    });
    if (breakAfter) close();
  });
  close();
  return runs;
}

/**
 * Hashtags from the prompt's nouns, most specific first: two-word compounds ending in a noun
 * (#PumpkinSourdough, #HappyHour), then single nouns (#Sourdough). Never a function word, a
 * number, a price, a day, a describing word alone or a name just because it had a capital.
 */
export function promptHashtags(prompt: string): string[] {
  // The subject and the details the caption is written from; not the whole of a long prompt.
  const sentences = splitSentences(prompt)
    .map((s) => stripRequests(s.text))
    .filter((s) => !INSTRUCTION.test(s) || MENTION.test(s))
    .slice(0, 4)
    .map((s) => s.replace(MENTION, ''));
  const compounds: string[] = [];
  const singles: string[] = [];
  // Hashtags the user typed are meant, when they are words (#sale, not #2024 or #new).
  const typed = [...prompt.slice(0, 1200).matchAll(/(?:^|\s)#(\p{L}{3,})(?![\p{L}\p{N}_])/gu)]
    .map((m) => m[1]!)
    .filter((t) => isNoun(t.toLowerCase()) && !TIME_WORDS.has(t.toLowerCase()))
    .map((t) => `#${t.charAt(0).toUpperCase()}${t.slice(1)}`)
    .filter((t) => t.length <= 31);
  for (const sentence of sentences) {
    for (const run of runsOf(cleanText(sentence, 400))) {
      const heads: Token[] = [];
      const compound = (...parts: Token[]) => {
        const head = parts.at(-1)!;
        if (!isHead(head.word)) return;
        if (parts.every((p) => GENERIC_NOUNS.has(p.word)) || parts.every((p) => p.name)) return;
        const tag = toHashtag(parts.map((p) => p.word));
        if (tag) compounds.push(tag);
        heads.push(head);
      };
      if (run.length === 1) heads.push(run[0]!);
      else if (run.length === 2) compound(run[0]!, run[1]!);
      else if (run.length === 3) {
        // "flat white pop-up", "pumpkin sourdough bread": the whole, then its first two words.
        compound(run[0]!, run[1]!, run[2]!);
        compound(run[0]!, run[1]!);
      } else {
        // Pairs from the end: "aged manchego tasting night" → tasting night, aged manchego.
        for (let end = run.length - 1; end >= 1; end -= 2) compound(run[end - 1]!, run[end]!);
      }
      // Alone, only the nouns that end a phrase: #Sourdough of "pumpkin sourdough", never #Flat.
      for (const token of heads) {
        // "last-minute", "gluten-free": hyphenated words describe; they are no tag alone.
        if (!token.name && !token.predicate && !token.word.includes('-') && isNoun(token.word)) {
          const tag = toHashtag([token.word]);
          if (tag) singles.push(tag);
        }
      }
    }
  }
  const seen = new Set<string>();
  return [...typed, ...compounds, ...singles].filter(
    (tag) => !seen.has(tag.toLowerCase()) && (seen.add(tag.toLowerCase()), true),
  );
}
