import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Check, Minus, Plus } from 'lucide-react';
import {
  ADDON_IDS,
  ADDONS,
  hasFeature,
  PLAN_IDS,
  PLANS,
  TRIAL_DAYS,
  type Feature,
  type PlanDefinition,
} from '#shared/plans.ts';
import { ButtonLink, TEXT_LINK } from '../components/button-link.tsx';
import { Container } from '../components/container.tsx';
import { PageHeader, SectionHeading } from '../components/page-header.tsx';
import { useDocumentTitle, pageTitle } from '../hooks/use-document-title.ts';
import { DISPLAY_CURRENCY, formatPrice, formatStorage } from '../lib/format.ts';

type Billing = 'monthly' | 'yearly';

/** The plan-gated areas a visitor cares about, in the order they are listed on each card. */
const AREAS: { feature: Feature; label: string }[] = [
  { feature: 'dashboard', label: 'Dashboard' },
  { feature: 'analytics', label: 'Analytics' },
  { feature: 'calendar', label: 'Calendar, composer and scheduling' },
  { feature: 'campaigns', label: 'Campaigns' },
  { feature: 'ai-content', label: 'AI content' },
];

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

function limitLines(plan: PlanDefinition): string[] {
  const { connectedAccounts, staffSeats, aiGenerationsPerMonth, mediaStorageBytes } = plan.limits;
  return [
    plural(connectedAccounts, 'connected account', 'connected accounts'),
    staffSeats === 0
      ? 'Owner only, no staff seats'
      : plural(staffSeats, 'staff seat', 'staff seats'),
    aiGenerationsPerMonth === 0
      ? 'No AI generations'
      : `${plural(aiGenerationsPerMonth, 'AI generation', 'AI generations')} / month`,
    `${formatStorage(mediaStorageBytes)} media storage`,
  ];
}

function PriceLine({ plan, billing }: { plan: PlanDefinition; billing: Billing }) {
  if (plan.id === 'trial') {
    return (
      <p className="flex items-baseline gap-x-1.5">
        <span className="text-4xl font-bold tracking-tight text-card-foreground">
          {formatPrice(0)}
        </span>
        <span className="text-sm text-muted-foreground">for {TRIAL_DAYS} days</span>
      </p>
    );
  }
  // A free plan costs nothing either way; showing "per year" for it would only add noise.
  const yearly = billing === 'yearly' && plan.priceYearly !== null && plan.priceMonthly > 0;
  const amount = yearly ? (plan.priceYearly ?? 0) : plan.priceMonthly;
  return (
    <p className="flex items-baseline gap-x-1.5">
      <span className="text-4xl font-bold tracking-tight text-card-foreground">
        {formatPrice(amount)}
      </span>
      <span className="text-sm text-muted-foreground">{yearly ? 'per year' : 'per month'}</span>
    </p>
  );
}

function priceNote(plan: PlanDefinition, billing: Billing): string {
  if (plan.id === 'trial') return 'Then choose Premium, or carry on with Free.';
  if (plan.priceMonthly === 0) return 'No card, no time limit.';
  if (billing === 'yearly' && plan.priceYearly !== null) {
    return `${formatPrice(Math.round((plan.priceYearly / 12) * 100) / 100)} a month, billed yearly.`;
  }
  return 'Billed monthly. Cancel any time.';
}

function ctaFor(plan: PlanDefinition, billing: Billing): { to: string; label: string } {
  switch (plan.id) {
    case 'free':
      return { to: '/register?plan=free', label: 'Start on Free' };
    case 'trial':
      return { to: '/register', label: 'Start free trial' };
    case 'premium':
      return { to: `/register?plan=premium&billing=${billing}`, label: 'Choose Premium' };
  }
}

function BillingToggle({
  billing,
  onChange,
}: {
  billing: Billing;
  onChange: (b: Billing) => void;
}) {
  const name = useId();
  const premium = PLANS.premium;
  const monthsFree =
    premium.priceYearly !== null && premium.priceMonthly > 0
      ? Math.round((premium.priceMonthly * 12 - premium.priceYearly) / premium.priceMonthly)
      : 0;
  const options: { value: Billing; label: string; hint?: string }[] = [
    { value: 'monthly', label: 'Monthly' },
    {
      value: 'yearly',
      label: 'Yearly',
      hint: monthsFree > 0 ? `${monthsFree} months free` : undefined,
    },
  ];
  return (
    <fieldset className="mx-auto w-fit">
      <legend className="sr-only">Billing period</legend>
      <div className="flex rounded-full border border-border bg-card p-1 shadow-xs">
        {options.map((option) => (
          <label
            key={option.value}
            className={`flex cursor-pointer items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring ${
              billing === option.value
                ? 'bg-primary text-primary-foreground'
                : 'text-muted-foreground hover:text-foreground'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={billing === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
            {option.hint && (
              <span
                className={`rounded-full px-2 py-0.5 text-xs ${
                  billing === option.value
                    ? 'bg-white/20'
                    : 'bg-secondary text-secondary-foreground'
                }`}
              >
                {option.hint}
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function PlanCard({ plan, billing }: { plan: PlanDefinition; billing: Billing }) {
  const featured = plan.id === 'premium';
  const cta = ctaFor(plan, billing);
  const titleId = `plan-${plan.id}`;
  return (
    <li
      className={`relative flex flex-col rounded-2xl border bg-card p-6 sm:p-8 ${
        featured ? 'border-primary shadow-lg ring-1 ring-primary' : 'border-border shadow-xs'
      }`}
    >
      {featured && (
        <p className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
          Everything included
        </p>
      )}
      <h3 id={titleId} className="text-xl font-semibold text-card-foreground">
        {plan.name}
      </h3>
      <p className="mt-2 min-h-12 text-sm leading-6 text-muted-foreground">{plan.description}</p>
      <div className="mt-6" data-testid={`price-${plan.id}`}>
        <PriceLine plan={plan} billing={billing} />
        <p className="mt-1 text-sm text-muted-foreground">{priceNote(plan, billing)}</p>
      </div>
      <ButtonLink to={cta.to} variant={featured ? 'primary' : 'outline'} className="mt-6 w-full">
        {cta.label}
      </ButtonLink>

      <h4 className="mt-8 text-sm font-semibold text-card-foreground">Limits</h4>
      <ul className="mt-3 space-y-2.5 text-sm text-card-foreground">
        {limitLines(plan).map((line) => (
          <li key={line} className="flex gap-2.5">
            <Check
              className="mt-0.5 size-4 shrink-0 text-success dark:text-green-400"
              aria-hidden="true"
            />
            {line}
          </li>
        ))}
      </ul>

      <h4 className="mt-6 text-sm font-semibold text-card-foreground">Areas</h4>
      <ul className="mt-3 space-y-2.5 text-sm">
        {AREAS.map((area) => {
          const included = hasFeature(plan.id, [], area.feature);
          return (
            <li
              key={area.feature}
              className={`flex gap-2.5 ${included ? 'text-card-foreground' : 'text-muted-foreground'}`}
            >
              {included ? (
                <Check
                  className="mt-0.5 size-4 shrink-0 text-success dark:text-green-400"
                  aria-hidden="true"
                />
              ) : (
                <Minus className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              )}
              <span>
                {area.label}
                {!included && <span className="sr-only"> (not included)</span>}
              </span>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

const FAQ: { q: string; a: ReactNode }[] = [
  {
    q: 'Do I need a card to start the trial?',
    a: `No. The trial gives you everything in Premium for ${TRIAL_DAYS} days without payment details. You add a card only when you choose Premium.`,
  },
  {
    q: 'What happens when the trial ends?',
    a: 'Paid areas pause until you decide. You can choose Premium, monthly or yearly, or continue on the Free plan with your dashboard and analytics. Your posts, media and settings are kept either way.',
  },
  {
    q: 'What counts as a connected account?',
    a: 'Each Facebook Page and each Instagram professional account you connect counts as one. A business with one Page and its linked Instagram account uses two.',
  },
  {
    q: 'What is an AI generation?',
    a: 'One request to write content — for example a set of caption variants for a post, or a plan of posts for a campaign. The allowance resets at the start of each month.',
  },
  {
    q: 'Who counts as a staff seat?',
    a: 'Each person you invite to work in your business, other than you as the owner.',
  },
  {
    q: 'Can I switch between monthly and yearly, or cancel?',
    a: 'Yes, from Subscription in your dashboard. When you cancel, Premium stays active until the end of the period you paid for, then your account moves to Free.',
  },
  {
    q: 'How do add-ons work?',
    a: 'CRM and Email marketing are added to your subscription from the dashboard and billed monthly. Remove them whenever you like.',
  },
  {
    q: 'Do you offer discounts?',
    a: (
      <>
        Coupons can be redeemed at checkout. For non-profits and agencies with many businesses,{' '}
        <Link to="/contact" className={TEXT_LINK}>
          contact us
        </Link>
        .
      </>
    ),
  },
];

export default function PricingPage() {
  useDocumentTitle(pageTitle('Pricing'));
  const [billing, setBilling] = useState<Billing>('monthly');

  return (
    <>
      <PageHeader
        eyebrow="Pricing"
        title="Simple plans, no surprises"
        lead={`Start with ${TRIAL_DAYS} days of Premium for free. Then pick the plan that fits — the limits below are the ones the product enforces.`}
      />

      <section aria-labelledby="plans-title" className="py-14 sm:py-20">
        <Container>
          <h2 id="plans-title" className="sr-only">
            Plans
          </h2>
          <BillingToggle billing={billing} onChange={setBilling} />
          <ul className="mt-12 grid gap-8 lg:grid-cols-3">
            {PLAN_IDS.map((id) => (
              <PlanCard key={id} plan={PLANS[id]} billing={billing} />
            ))}
          </ul>
          <p className="mt-8 text-center text-sm text-muted-foreground">
            Prices in {DISPLAY_CURRENCY}, excluding any sales tax or VAT that applies where you are.
          </p>
        </Container>
      </section>

      <section
        aria-labelledby="addons-title"
        className="border-y border-border bg-muted/40 py-14 sm:py-20"
      >
        <Container>
          <SectionHeading
            id="addons-title"
            eyebrow="Add-ons"
            title="Add what your business needs"
            lead="Add-ons work with any plan and are billed monthly on top of it."
          />
          <ul className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
            {ADDON_IDS.map((id) => {
              const addon = ADDONS[id];
              return (
                <li
                  key={id}
                  className="flex flex-col rounded-2xl border border-border bg-card p-6 shadow-xs"
                >
                  <div className="flex items-start justify-between gap-4">
                    <h3 id={`addon-${id}`} className="text-lg font-semibold text-card-foreground">
                      {addon.name}
                    </h3>
                    <p className="shrink-0 text-right">
                      <span className="inline-flex items-center text-2xl font-bold text-card-foreground">
                        <Plus className="size-4" aria-hidden="true" />
                        {formatPrice(addon.priceMonthly)}
                      </span>
                      <span className="block text-xs text-muted-foreground">per month</span>
                    </p>
                  </div>
                  <p className="mt-3 text-sm leading-6 text-muted-foreground">
                    {addon.description}
                  </p>
                </li>
              );
            })}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="faq-title" className="py-14 sm:py-20">
        <Container width="narrow">
          <SectionHeading id="faq-title" title="Questions about plans" />
          <div className="mt-10 divide-y divide-border rounded-2xl border border-border bg-card">
            {FAQ.map((item) => (
              <details key={item.q} className="group px-6 py-5">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md font-semibold text-card-foreground [&::-webkit-details-marker]:hidden">
                  {item.q}
                  <Plus
                    className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-45"
                    aria-hidden="true"
                  />
                </summary>
                <p className="mt-3 text-sm leading-6 text-muted-foreground">{item.a}</p>
              </details>
            ))}
          </div>
        </Container>
      </section>
    </>
  );
}
