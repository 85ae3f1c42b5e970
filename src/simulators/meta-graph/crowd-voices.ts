// The people of crowd mode and what they say (docs/decisions/091): plausible names and handles
// from several countries, and comments and messages in several languages — praise, complaints,
// questions and spam with links — so the inbox, its filters and its sentiment have something
// real-looking to show in demo mode.

export interface CrowdPersona {
  name: string;
  username: string;
  lang: 'en' | 'es' | 'fr' | 'de' | 'pt' | 'it';
}

export const PERSONAS: readonly CrowdPersona[] = [
  { name: 'Emma Wilson', username: 'emma.wilson', lang: 'en' },
  { name: 'Liam Carter', username: 'liamcarter_', lang: 'en' },
  { name: 'Olivia Brown', username: 'liv.bakes', lang: 'en' },
  { name: 'Noah Patel', username: 'noahpatel88', lang: 'en' },
  { name: 'Ava Thompson', username: 'avathompson', lang: 'en' },
  { name: 'Lucía Fernández', username: 'lucia.fdez', lang: 'es' },
  { name: 'Mateo García', username: 'mateo_garcia', lang: 'es' },
  { name: 'Valentina Ruiz', username: 'vale.ruiz', lang: 'es' },
  { name: 'Camille Dubois', username: 'camille.db', lang: 'fr' },
  { name: 'Hugo Lefèvre', username: 'hugo_lfv', lang: 'fr' },
  { name: 'Léa Martin', username: 'lea.martin', lang: 'fr' },
  { name: 'Lukas Schneider', username: 'lukas.schn', lang: 'de' },
  { name: 'Mia Wagner', username: 'mia_wagner', lang: 'de' },
  { name: 'João Silva', username: 'joao.silva', lang: 'pt' },
  { name: 'Beatriz Costa', username: 'bia.costa', lang: 'pt' },
  { name: 'Giulia Romano', username: 'giulia.romano', lang: 'it' },
  { name: 'Marco Bianchi', username: 'marcobianchi', lang: 'it' },
  { name: 'Sophie Nguyen', username: 'sophie.ng', lang: 'en' },
  { name: 'Daniel Kim', username: 'dankim.eats', lang: 'en' },
  { name: 'Grace Okafor', username: 'grace.okafor', lang: 'en' },
];

/** Spam accounts: they only post links. */
export const SPAMMERS: readonly CrowdPersona[] = [
  { name: 'Promo Deals', username: 'best.deals.4u', lang: 'en' },
  { name: 'Followers Boost', username: 'get_followers_now', lang: 'en' },
];

export type Mood = 'positive' | 'negative' | 'question';

export const COMMENTS: Record<CrowdPersona['lang'], Record<Mood, readonly string[]>> = {
  en: {
    positive: [
      'This looks amazing! 😍',
      'Best one yet, love it',
      'Wow, beautiful work 👏',
      'Can’t wait to come back, everything was perfect',
    ],
    negative: [
      'Waited 40 minutes and nobody answered the phone. Disappointed.',
      'Not as good as last time, honestly',
      'My order arrived late and cold 😞',
    ],
    question: [
      'Are you open on Sunday?',
      'How much is this one?',
      'Do you deliver to the city centre?',
      'Is there a gluten-free option?',
    ],
  },
  es: {
    positive: ['¡Qué maravilla! 😍', 'Me encanta, como siempre', '¡Increíble! Felicidades 🎉'],
    negative: ['Muy mala atención la última vez', 'El pedido llegó incompleto 😡'],
    question: [
      '¿Hacéis envíos a Madrid?',
      '¿Cuál es el horario del sábado?',
      '¿Precio, por favor?',
    ],
  },
  fr: {
    positive: ['Magnifique ! 😍', 'Trop bon, merci !', 'J’adore, bravo à toute l’équipe'],
    negative: ['Service très lent aujourd’hui…', 'Déçue par ma commande'],
    question: ['Vous êtes ouverts le dimanche ?', 'C’est combien ?', 'Livrez-vous à Lyon ?'],
  },
  de: {
    positive: ['Sieht super aus! 😍', 'Einfach lecker, danke!'],
    negative: ['Leider sehr enttäuscht vom Service', 'Die Lieferung kam viel zu spät'],
    question: ['Habt ihr am Sonntag geöffnet?', 'Was kostet das?'],
  },
  pt: {
    positive: ['Que lindo! 😍', 'Adorei, parabéns!'],
    negative: ['Atendimento péssimo hoje', 'Meu pedido veio errado 😕'],
    question: ['Vocês entregam em Lisboa?', 'Qual é o preço?'],
  },
  it: {
    positive: ['Bellissimo! 😍', 'Buonissimo, complimenti!'],
    negative: ['Servizio lentissimo, peccato', 'Ordine arrivato in ritardo'],
    question: ['Siete aperti domenica?', 'Quanto costa?'],
  },
};

export const MESSAGES: Record<CrowdPersona['lang'], readonly string[]> = {
  en: [
    'Hi! Do you take custom orders for birthdays?',
    'Hello, I ordered yesterday and haven’t received a confirmation.',
    'Thank you so much for yesterday, everyone loved it!',
    'Can I book a table for 6 on Friday evening?',
    'I’m really unhappy with my last order, who can I talk to?',
  ],
  es: ['Hola, ¿hacéis pedidos personalizados?', '¡Gracias por todo, estaba buenísimo!'],
  fr: ['Bonjour, est-il possible de réserver pour samedi ?', 'Merci pour la commande, parfait !'],
  de: ['Hallo, kann ich für morgen etwas vorbestellen?'],
  pt: ['Olá! Vocês fazem encomendas para festas?'],
  it: ['Ciao, posso prenotare per sabato sera?'],
};

export const SPAM: readonly string[] = [
  '🔥 Get 10k followers in 24h → https://boost-followers.example/free',
  'Congrats! You won an iPhone, claim here: http://prize-claim.example/win',
  'Cheap promo for your page, DM me or visit https://promo-deals.example',
];
