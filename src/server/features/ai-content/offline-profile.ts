import type { AiTone } from '#shared/contracts/ai-content.contract.ts';
import { cleanText, type Register } from './offline-text.ts';
import { STOP_WORDS, looksDescriptive, toHashtag, trimEnds } from './offline-prompt.ts';

// What the offline generator reads in the business profile (docs/decisions/064). The settings
// choose words, never supply them: the industry picks a kind of business (its place, its call to
// action, its emoji and hashtags), the brand voice picks the register, the target audience picks
// who the post speaks to and how, the description picks facts worth a sentence. Only the
// business's name and website are written as they are.

export interface BusinessVoice {
  businessName: string;
  industry: string | null;
  brandVoice: string | null;
  targetAudience: string | null;
  website: string | null;
  description: string | null;
}

/** `\b` and `\w` of a pattern for any letters, not only ASCII ones ("Café" is a café). */
function w(pattern: RegExp): RegExp {
  const source = pattern.source
    .replace(/^\\b/, '(?<![\\p{L}\\p{N}])')
    .replace(/\\b$/, '(?![\\p{L}\\p{N}])')
    .replace(/\\w/g, '[\\p{L}\\p{N}]');
  return new RegExp(source, 'iu');
}

export interface Category {
  id: string;
  match: RegExp;
  /** "Pop into the bakery": what a visit or a booking is called here. */
  visit: readonly string[];
  /** A sentence about the care that goes into the work. */
  care: readonly string[];
  /** What is made, for "Everything … is made by hand". */
  made: string;
  emoji: readonly string[];
  /** Hashtags of the trade, most common first. */
  tags: readonly string[];
}

// Order matters: the first match wins ("wine bar" is a bar before a restaurant).
const CATEGORIES: readonly Category[] = [
  {
    id: 'bakery',
    match: w(
      /\b(bakery|bakeries|bakehouse|baker|bakers|patisserie|pâtisserie|pastry|pastries|boulangerie|cake shop|cakes|bread|sourdough|doughnuts?|donuts?)\b/i,
    ),
    visit: ['Pop into the bakery', 'Come by the bakery early'],
    care: [
      'Our bakers start early so everything is fresh when you arrive.',
      'Every batch is mixed, shaped and baked right here.',
    ],
    made: 'everything we bake',
    emoji: ['🥐', '🍞', '🧁'],
    tags: ['Bakery', 'FreshBread', 'Baking'],
  },
  {
    id: 'cafe',
    match: w(
      /\b(caf[eé]s?|coffee|espresso|roaster[sy]?|roastery|tea ?rooms?|tea house|teahouse)\b/i,
    ),
    visit: ['Drop by for a coffee', 'Come and grab a table'],
    care: ['Every cup is made with care.', 'We take our coffee seriously, and our welcome too.'],
    made: 'everything we serve',
    emoji: ['☕', '🥐', '🍰'],
    tags: ['Coffee', 'CoffeeTime', 'Cafe'],
  },
  {
    id: 'bar',
    match: w(
      /\b(bars?|pubs?|wine|wines|winery|vineyard|brewery|breweries|brewpub|taproom|cocktails?|distillery|tavern|inn)\b/i,
    ),
    visit: ['Pull up a chair', 'Come and raise a glass with us'],
    care: [
      'Our team has chosen every bottle with care.',
      'Good drinks, good company and a warm welcome.',
    ],
    made: 'everything we pour',
    emoji: ['🍷', '🥂', '🍻'],
    tags: ['Cheers', 'Drinks', 'NightOut'],
  },
  {
    id: 'restaurant',
    match: w(
      /\b(restaurants?|bistro|brasserie|kitchen|diner|eatery|trattoria|pizzeria|pizza|ramen|sushi|tapas|food truck|street food|catering|caterer|grill|steakhouse|brunch|takeaway|deli|food)\b/i,
    ),
    visit: ['Book your table', 'Come hungry'],
    care: [
      'Our kitchen has been busy getting every detail right.',
      'Everything on the plate is cooked to order.',
    ],
    made: 'everything we cook',
    emoji: ['🍽️', '😋', '🥗'],
    tags: ['Foodie', 'EatLocal', 'GoodFood'],
  },
  {
    id: 'yoga',
    match: w(
      /\b(yoga|pilates|meditation|mindfulness|wellness|wellbeing|well-being|breathwork|retreats?)\b/i,
    ),
    visit: ['Roll out your mat with us', 'Book your class'],
    care: [
      'Our teachers keep every class calm, welcoming and unhurried.',
      'Every session is a chance to slow down and breathe.',
    ],
    made: 'every class',
    emoji: ['🧘', '🌿', '☀️'],
    tags: ['Yoga', 'Wellness', 'Mindfulness'],
  },
  {
    id: 'fitness',
    match: w(
      /\b(gyms?|fitness|crossfit|personal train\w*|boxing|martial arts|climbing|bootcamp|strength|workout|sports? club|running club|swim\w*|dance|cycling|spin)\b/i,
    ),
    visit: ['Book your class', 'Come and train with us'],
    care: [
      'Our coaches will help you get the most from every session.',
      'Every session is built to leave you stronger than before.',
    ],
    made: 'every session',
    emoji: ['💪', '🏋️', '🔥'],
    tags: ['Fitness', 'Workout', 'Training'],
  },
  {
    id: 'beauty',
    match: w(
      /\b(salons?|hair\w*|barbers?|barbershop|beauty|nails?|manicure|spa|skin ?care|cosmetics?|make-?up|lashes|brows|aesthetics|massage)\b/i,
    ),
    visit: ['Book your appointment', 'Treat yourself to a visit'],
    care: ['Our team will take good care of you.', 'Every appointment is unhurried and personal.'],
    made: 'every treatment',
    emoji: ['💇', '💅', '✨'],
    tags: ['SelfCare', 'Beauty', 'Salon'],
  },
  {
    id: 'florist',
    match: w(
      /\b(florists?|flowers?|floral|bouquets?|plants?|garden centre|garden center|nursery)\b/i,
    ),
    visit: ['Pop in and pick a bunch', 'Order yours today'],
    care: ['Every bouquet is arranged by hand.', 'We pick every stem with care.'],
    made: 'every bouquet',
    emoji: ['💐', '🌷', '🌿'],
    tags: ['Flowers', 'Florist', 'FlowerLovers'],
  },
  {
    id: 'crafts',
    match: w(
      /\b(pottery|ceramics?|potter|art|arts|artist|gallery|crafts?|studio|woodwork\w*|jewell?ery|illustration|prints?|candles?|knit\w*|sewing|textiles?)\b/i,
    ),
    visit: ['Come and see the studio', 'Visit the studio'],
    care: ['Every piece is made by hand in our studio.', 'No two pieces are ever quite the same.'],
    made: 'every piece',
    emoji: ['🎨', '🏺', '✨'],
    tags: ['MadeByHand', 'Craft', 'Makers'],
  },
  {
    id: 'pets',
    match: w(/\b(pets?|dogs?|cats?|grooming|groomers?|vets?|veterinary|kennels?|pet shop)\b/i),
    visit: ['Bring your four-legged friend along', 'Book a visit'],
    care: ['Your pets are in safe, caring hands.', 'We treat every pet like one of our own.'],
    made: 'every visit',
    emoji: ['🐾', '🐶', '🐱'],
    tags: ['Pets', 'PetCare', 'DogLovers'],
  },
  {
    id: 'health',
    match: w(
      /\b(clinics?|dental|dentists?|physio\w*|chiropract\w*|osteopath\w*|therapy|therapists?|health|medical|pharmacy|pharmacies|optician|nutrition\w*|dietitian)\b/i,
    ),
    visit: ['Book an appointment', 'Get in touch to book'],
    care: ['Our team always takes the time to listen.', 'You are in experienced, caring hands.'],
    made: 'every appointment',
    emoji: ['🩺', '💙', '✅'],
    tags: ['Health', 'Wellbeing', 'Healthcare'],
  },
  {
    id: 'education',
    match: w(
      /\b(schools?|tutor\w*|academy|courses?|lessons?|teaching|education|training centre|language|languages|music school|driving school|nursery school|kindergarten)\b/i,
    ),
    visit: ['Sign up today', 'Save your place'],
    care: ['Our teachers make every lesson count.', 'Every lesson is planned with care.'],
    made: 'every lesson',
    emoji: ['📚', '✏️', '🎓'],
    tags: ['Learning', 'Education', 'NeverStopLearning'],
  },
  {
    id: 'hospitality',
    match: w(
      /\b(hotels?|b&b|bed and breakfast|guest ?house|hostel|holiday (home|let|cottage)s?|camping|campsite|glamping|lodge|resort)\b/i,
    ),
    visit: ['Book your stay', 'Plan your stay with us'],
    care: [
      'Our team will make you feel at home.',
      'Every stay is looked after down to the details.',
    ],
    made: 'every stay',
    emoji: ['🛏️', '🌄', '🧳'],
    tags: ['Travel', 'Getaway', 'StayLocal'],
  },
  {
    id: 'retail',
    match: w(
      /\b(shops?|stores?|boutiques?|retail\w*|fashion|clothing|clothes|apparel|gifts?|books?|bookshop|bookstore|homeware|interiors?|furniture|toys?|shoes|accessories|vintage)\b/i,
    ),
    visit: ['Come and browse', 'Pop into the shop'],
    care: ['Every piece on our shelves is chosen with care.', 'We love helping you find the one.'],
    made: 'everything we sell',
    emoji: ['🛍️', '🛒', '🎁'],
    tags: ['ShopLocal', 'ShopSmall', 'NewIn'],
  },
  {
    id: 'services',
    match: w(
      /\b(consult\w*|agency|agencies|accounting|accountants?|bookkeeping|law|legal|lawyers?|solicitors?|marketing|design|software|tech|it services|finance|financial|insurance|real estate|estate agents?|property|architect\w*|recruitment|photograph\w*|video\w*|events?|wedding|planner|cleaning|plumb\w*|electric\w*|builders?|construction|repairs?|garage|mechanic)\b/i,
    ),
    visit: ['Get in touch', 'Book a call with our team'],
    care: [
      'Our team puts real care into every project.',
      'We keep things clear, simple and on time.',
    ],
    made: 'every project',
    emoji: ['📈', '🤝', '✅'],
    tags: ['SmallBusiness', 'BusinessOwners'],
  },
];

const GENERAL: Category = {
  id: 'general',
  match: /$^/,
  visit: ['Come and see us', 'Get in touch'],
  care: ['Our team has put a lot of care into this.', 'We are proud of how this one turned out.'],
  made: 'everything we do',
  emoji: ['✨', '🙌', '💫'],
  tags: ['SmallBusiness', 'SupportLocal'],
};

export interface Audience {
  id: string;
  match: RegExp;
  /** Sentences that speak to them, in our words, never theirs. */
  lines: readonly string[];
  /** A call to action for them. */
  cta: string;
}

const AUDIENCES: readonly Audience[] = [
  {
    id: 'families',
    match: w(
      /\b(famil(y|ies)|parents?|kids?|children|child|toddlers?|little ones|mums?|moms?|mothers?|dads?|fathers?|bab(y|ies)|school[- ]age)\b/i,
    ),
    lines: [
      'Bring the little ones: there is something for every age.',
      'Made with the whole family in mind.',
    ],
    cta: 'Bring the whole family!',
  },
  {
    id: 'pets',
    match: w(/\b(dog|dogs|pet|pets|cat|cats|pupp(y|ies))\b/i),
    lines: ['Four-legged friends are always welcome.'],
    cta: 'Bring your four-legged friend!',
  },
  {
    id: 'couples',
    match: w(/\b(couples?|date night|dating|newlyweds?|brides?|grooms?|engaged)\b/i),
    lines: ['Perfect for a date night or a special occasion.'],
    cta: 'Bring your favourite person!',
  },
  {
    id: 'students',
    match: w(/\b(students?|universit(y|ies)|college|campus|gen ?z|teens?|teenagers?)\b/i),
    lines: ['Bring your friends: it is better together.', 'Easy on the budget, big on good times.'],
    cta: 'Bring a friend!',
  },
  {
    id: 'seniors',
    match: w(
      /\b(seniors?|retirees?|retired|pensioners?|older (adults|people|customers)|over[- ]?(50|55|60|65|70)s?|elderly|grandparents?)\b/i,
    ),
    lines: ['Take your time with us: we are never in a rush.'],
    cta: 'We would love to welcome you!',
  },
  {
    id: 'beginners',
    match: w(/\b(beginners?|newcomers?|first[- ]timers?|all levels|novices?|never tried)\b/i),
    lines: ['No experience needed: everyone starts somewhere.'],
    cta: 'Come and give it a try!',
  },
  {
    id: 'professionals',
    match: w(
      /\b(professionals?|office|workers?|commuters?|executives?|managers?|founders?|entrepreneurs?|business owners?|small businesses|compan(y|ies)|b2b|startups?|freelancers?|remote)\b/i,
    ),
    lines: ['It fits easily into a busy week.', 'We know your time is valuable.'],
    cta: 'Find a time that suits your schedule.',
  },
  {
    id: 'visitors',
    match: w(/\b(tourists?|visitors?|travell?ers?|holidaymakers?|holiday-makers?|vacationers?)\b/i),
    lines: ['Visiting the area? Make us one of your stops.'],
    cta: 'Come and say hello while you are in town!',
  },
  {
    id: 'enthusiasts',
    match: w(
      /\b(foodies?|food lovers?|gourmets?|wine lovers?|coffee lovers?|connoisseurs?|enthusiasts?|fans?|lovers?)\b/i,
    ),
    lines: ['Made for people who care about the details.'],
    cta: 'Come and taste the difference!',
  },
  {
    id: 'active',
    match: w(/\b(athletes?|runners?|cyclists?|active|sporty|gym[- ]goers?|fitness fans?)\b/i),
    lines: ['Made for people who like to keep moving.'],
    cta: 'Come and move with us!',
  },
  {
    id: 'locals',
    match: w(
      /\b(locals?|local people|neighbou?rs?|neighbou?rhood|residents?|community|nearby|town|village|city)\b/i,
    ),
    lines: [
      'It is our way of saying thank you to the neighbourhood.',
      'We love seeing familiar faces, and new ones too.',
    ],
    cta: 'Pop in next time you are passing!',
  },
];

export interface Facts {
  since: string | null;
  family: boolean;
  handmade: boolean;
  local: boolean;
  organic: boolean;
  sustainable: boolean;
  independent: boolean;
}

export interface ProfileReading {
  /** The business's name as it is written, or null when there is none worth writing. */
  name: string | null;
  category: Category;
  /** The industry as a hashtag (#WineBar), when it is a short name of letters. */
  industryTag: string | null;
  /** The business's name as a hashtag (#RosasBakery), when it is short. */
  brandTag: string | null;
  register: Register;
  premium: boolean;
  witty: boolean;
  audiences: Audience[];
  facts: Facts;
  /** The website to link to: whole when short, else its origin; null when not a web address. */
  website: string | null;
}

const FORMAL =
  /\b(formal|professional|expert|authoritative|corporate|serious|precise|polished|refined|sophisticated|elegant|luxur\w*|premium|trustworthy|reliable|clinical|respectful|courteous)\b/i;
const CASUAL =
  /\b(casual|friendly|warm|fun|funny|cheeky|playful|relaxed|laid[- ]back|chatty|quirky|witty|cheerful|upbeat|easy-?going|informal|down[- ]to[- ]earth|approachable|young|youthful|lively|bubbly|cosy|cozy|chill|conversational|welcoming)\b/i;
const PREMIUM =
  /\b(luxur\w*|premium|exclusive|high[- ]end|refined|elegant|sophisticated|bespoke|curated|artisan\w*|craft\w*)\b/i;
const WITTY =
  /\b(cheeky|witty|funny|humou?r\w*|quirky|playful|irreverent|tongue[- ]in[- ]cheek)\b/i;

function registerOf(brandVoice: string, tone: AiTone): Register {
  const formal = FORMAL.test(brandVoice);
  const casual = CASUAL.test(brandVoice);
  const toneRegister: Register =
    tone === 'friendly' || tone === 'playful' || tone === 'bold'
      ? 'casual'
      : tone === 'professional' || tone === 'informative'
        ? 'formal'
        : 'neutral';
  if (formal && !casual) return tone === 'playful' ? 'neutral' : 'formal';
  if (casual && !formal) return tone === 'professional' ? 'neutral' : 'casual';
  return toneRegister;
}

function factsOf(text: string): Facts {
  const year =
    /\b(?:since|founded in|established in|est\.?|opened in|open since|running since)\s*((?:19|20)\d{2})\b/i.exec(
      text,
    );
  return {
    since: year && Number(year[1]) <= new Date().getUTCFullYear() ? year[1]! : null,
    family:
      /\bfamil(y|ies)[- ](run|owned|business|recipes?|bakery|restaurant|farm)\b|\bfamily\b/i.test(
        text,
      ),
    handmade:
      /\b(hand[- ]?made|hand[- ]?crafted|by hand|artisan\w*|small[- ]batch(es)?|hand[- ]?poured)\b/i.test(
        text,
      ),
    local: /\b(local(ly)?|neighbou?rhood|community|nearby)\b/i.test(text),
    organic: /\borganic\b/i.test(text),
    sustainable:
      /\b(sustainab\w*|eco[- ]?friendly|zero[- ]waste|recycl\w*|plastic[- ]free|planet|environment\w*|carbon)\b/i.test(
        text,
      ),
    independent: /\b(independent(ly)?|indie)\b/i.test(text),
  };
}

/** A short name of letters ("Wine bar", "Food & Beverage") as a hashtag; else null. */
function labelTag(label: string, maxWords: number): string | null {
  const clean = cleanText(label, 60)
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const parts = clean.split(' ').filter(Boolean);
  if (parts.length === 0 || parts.length > maxWords) return null;
  if (!parts.every((p) => /^[\p{L}\p{N}-]+$/u.test(p))) return null;
  const single = parts.length === 1 ? parts[0]!.toLowerCase() : null;
  if (single && (STOP_WORDS.has(single) || looksDescriptive(single))) return null;
  return toHashtag(parts);
}

function websiteOf(website: string | null): string | null {
  const text = (website ?? '').trim();
  if (!/^https?:\/\/\S+$/i.test(text)) return null;
  if (text.length <= 100) return text.replace(/[.,;:!?)]+$/, '');
  try {
    return new URL(text).origin;
  } catch {
    return null;
  }
}

export function readProfile(voice: BusinessVoice, tone: AiTone): ProfileReading {
  // A name goes in the middle of sentences: no sentence ends inside it, none dangles at its end.
  const name = trimEnds(cleanText(voice.businessName, 60).replace(/([.!?…])\s+(?=\p{Ll})/gu, ', '));
  const industry = voice.industry ?? '';
  // The first lines of a description say what the business is; the rest is not read.
  const description = (voice.description ?? '').slice(0, 1000);
  const brandVoice = voice.brandVoice ?? '';
  const audienceText = voice.targetAudience ?? '';
  // The industry says what the business is; its name and description only when it is silent.
  const category =
    CATEGORIES.find((c) => c.match.test(industry)) ??
    CATEGORIES.find((c) => c.match.test(`${name} ${description.slice(0, 300)}`)) ??
    GENERAL;
  const hasName = /\p{L}{2}/u.test(name) && name.toLowerCase() !== 'our business';
  return {
    name: hasName ? name : null,
    category,
    industryTag: industry ? labelTag(industry, 3) : null,
    brandTag: hasName ? labelTag(name, 3) : null,
    register: registerOf(brandVoice, tone),
    premium: PREMIUM.test(brandVoice),
    witty: WITTY.test(brandVoice),
    audiences: AUDIENCES.filter((a) => a.match.test(audienceText)).slice(0, 2),
    facts: factsOf(description),
    website: websiteOf(voice.website),
  };
}
