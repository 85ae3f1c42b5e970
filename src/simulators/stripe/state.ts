import { randomBytes } from 'node:crypto';
import { ADDONS, PLANS } from '#shared/plans.ts';

// The Stripe simulator's state: every object it has made, keyed by id, in creation order (lists
// are newest first, like Stripe's), the clock offset, the faults queued for the next calls and
// the stored idempotent responses.

export const API_VERSION = '2026-10-28.endive';

export type Obj = Record<string, unknown> & { id: string; object: string; created: number };

/** How a test card behaves (docs: Stripe's test card numbers). */
export type CardBehaviour = 'succeeds' | 'fails_charges' | 'declines';
export const TEST_CARDS: Record<
  string,
  { behaviour: CardBehaviour; brand: string; declineCode?: string }
> = {
  '4242424242424242': { behaviour: 'succeeds', brand: 'visa' },
  '5555555555554444': { behaviour: 'succeeds', brand: 'mastercard' },
  '4000000000000341': { behaviour: 'fails_charges', brand: 'visa', declineCode: 'generic_decline' },
  '4000000000009995': { behaviour: 'declines', brand: 'visa', declineCode: 'insufficient_funds' },
  '4000000000000002': { behaviour: 'declines', brand: 'visa', declineCode: 'generic_decline' },
};

export const DECLINE_MESSAGES: Record<string, string> = {
  insufficient_funds: 'Your card has insufficient funds.',
  generic_decline: 'Your card was declined.',
};

export interface Fault {
  status: number;
  type: string;
  code?: string;
  message: string;
  remaining: number;
  path?: string;
}

export interface WebhookEndpoint extends Obj {
  url: string;
  secret: string;
  enabled_events: string[];
  status: 'enabled' | 'disabled';
}

export interface Delivery {
  id: string;
  event: string;
  type: string;
  url: string;
  status: number | null;
  error: string | null;
  at: number;
  attempt: number;
}

export interface SimState {
  objects: Map<string, Obj>;
  /** Test-card number of each payment method (not part of the API object). */
  cards: Map<string, string>;
  clockOffsetMs: number;
  faults: Fault[];
  idempotency: Map<string, { fingerprint: string; status: number; body: string }>;
  deliveries: Delivery[];
  /** Webhook behaviour: duplicate each delivery, delay it, or hold them until released. */
  webhookMode: { duplicate: boolean; delayMs: number; hold: boolean };
  held: { event: Obj; endpoint: WebhookEndpoint }[];
  /** Failed deliveries waiting for their retry (an hour, then 2 and 3 hours later). */
  retries: { event: Obj; endpoint: WebhookEndpoint; attempt: number; at: number }[];
  invoiceCounter: number;
  /** One-off notices already sent (trial_will_end per subscription and trial). */
  flags: Set<string>;
}

export function randomId(prefix: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return `${prefix}_${out}`;
}

/** Yearly add-on price: ten months, like Premium's yearly price (src/shared/plans.ts). */
const addonYearly = (monthly: number) => monthly * 10;

export interface CatalogueEntry {
  productKey: string;
  name: string;
  lookupKey: string;
  interval: 'month' | 'year';
  unitAmount: number;
}

export function catalogue(): CatalogueEntry[] {
  const premium = PLANS.premium;
  const entries: CatalogueEntry[] = [
    {
      productKey: 'premium',
      name: premium.name,
      lookupKey: 'premium_monthly',
      interval: 'month',
      unitAmount: premium.priceMonthly * 100,
    },
    {
      productKey: 'premium',
      name: premium.name,
      lookupKey: 'premium_yearly',
      interval: 'year',
      unitAmount: (premium.priceYearly ?? premium.priceMonthly * 10) * 100,
    },
  ];
  for (const addon of Object.values(ADDONS)) {
    entries.push(
      {
        productKey: `addon_${addon.id}`,
        name: addon.name,
        lookupKey: `addon_${addon.id}_monthly`,
        interval: 'month',
        unitAmount: addon.priceMonthly * 100,
      },
      {
        productKey: `addon_${addon.id}`,
        name: addon.name,
        lookupKey: `addon_${addon.id}_yearly`,
        interval: 'year',
        unitAmount: addonYearly(addon.priceMonthly) * 100,
      },
    );
  }
  return entries;
}

export function createState(): SimState {
  return {
    objects: new Map(),
    cards: new Map(),
    clockOffsetMs: 0,
    faults: [],
    idempotency: new Map(),
    deliveries: [],
    webhookMode: { duplicate: false, delayMs: 0, hold: false },
    held: [],
    retries: [],
    invoiceCounter: 0,
    flags: new Set(),
  };
}
