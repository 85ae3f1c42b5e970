import { useId } from 'react';
import { Check, Minus } from 'lucide-react';
import { hasFeature, PLANS, TRIAL_DAYS, type Feature, type PlanDefinition } from '#shared/plans.ts';
import { ButtonLink } from './button-link.tsx';
import { formatPrice, formatStorage } from '../lib/format.ts';

// The pricing page's plans: the billing period switch and a card per plan.

export type Billing = 'monthly' | 'yearly';

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

export function PriceLine({ plan, billing }: { plan: PlanDefinition; billing: Billing }) {
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

export function BillingToggle({
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

export function PlanCard({ plan, billing }: { plan: PlanDefinition; billing: Billing }) {
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
