import type Stripe from 'stripe';
import { ADDON_IDS, ADDONS, PLANS } from '#shared/plans.ts';
import { lookupKeyOf, PREMIUM, unitAmountOf, type PriceItem } from './prices.ts';

// Creates the catalogue of src/shared/plans.ts in a Stripe account (docs/decisions/094): one
// product per plan or add-on (metadata.key names it) and one recurring price per interval with
// its lookup key (premium_monthly, addon_crm_yearly, …). Run again, it skips every lookup key
// that exists, so it is safe to repeat; a changed amount in plans.ts needs a new price made by
// hand in Stripe (with transfer_lookup_key), which this never does behind anyone's back.

export interface SetupReport {
  created: string[];
  skipped: string[];
}

const productKeyOf = (item: PriceItem) => (item === PREMIUM ? 'premium' : `addon_${item}`);
const nameOf = (item: PriceItem) => (item === PREMIUM ? PLANS.premium.name : ADDONS[item].name);

async function productFor(stripe: Stripe, item: PriceItem, known: Map<string, string>) {
  const key = productKeyOf(item);
  const found = known.get(key);
  if (found) return found;
  const product = await stripe.products.create({ name: nameOf(item), metadata: { key } });
  known.set(key, product.id);
  return product.id;
}

export async function setupStripeCatalogue(
  stripe: Stripe,
  currency: string,
  log: (line: string) => void = () => {},
): Promise<SetupReport> {
  const report: SetupReport = { created: [], skipped: [] };
  const products = new Map<string, string>();
  for await (const product of stripe.products.list({ limit: 100, active: true })) {
    const key = product.metadata?.key;
    if (key && !products.has(key)) products.set(key, product.id);
  }
  for (const item of [PREMIUM, ...ADDON_IDS] as PriceItem[]) {
    for (const interval of ['month', 'year'] as const) {
      const lookupKey = lookupKeyOf(item, interval);
      const existing = await stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 });
      if (existing.data.length > 0) {
        report.skipped.push(lookupKey);
        log(`${lookupKey}: exists (${existing.data[0]!.id}), skipped`);
        continue;
      }
      const price = await stripe.prices.create({
        product: await productFor(stripe, item, products),
        currency,
        unit_amount: unitAmountOf(item, interval),
        recurring: { interval },
        lookup_key: lookupKey,
        nickname: `${nameOf(item)} ${interval === 'year' ? 'yearly' : 'monthly'}`,
      });
      report.created.push(lookupKey);
      log(`${lookupKey}: created ${price.id} (${unitAmountOf(item, interval)} ${currency})`);
    }
  }
  return report;
}
