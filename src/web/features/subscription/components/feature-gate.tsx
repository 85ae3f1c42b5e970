import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Check, Lock } from 'lucide-react';
import { ADDONS, hasFeature, PLANS, unlockFor, type Feature } from '#shared/plans.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useAuth } from '../../auth/index.ts';
// The one place the display currency is decided (shared with the pricing page).
import { formatPrice } from '../../marketing/index.ts';

const FEATURE_LABELS: Record<Feature, string> = {
  dashboard: 'Dashboard',
  analytics: 'Analytics',
  'ai-content': 'AI Content',
  campaigns: 'Campaigns',
  calendar: 'Calendar',
  crm: 'CRM',
  'email-marketing': 'Email marketing',
};

/**
 * Areas a Premium plan adds over Free (docs/product/roles-and-plans.md#features-by-plan), listed in
 * the upgrade prompt.
 */
const PREMIUM_FEATURES: readonly Feature[] = ['ai-content', 'calendar', 'campaigns'];

export function UpgradePrompt({ feature, areaLabel }: { feature: Feature; areaLabel?: string }) {
  const { subscription } = useAuth();
  const unlock = unlockFor(feature);
  const label = areaLabel ?? FEATURE_LABELS[feature];
  const currentPlan = subscription ? PLANS[subscription.plan].name : null;

  let heading: string;
  let offer: string;
  let unlocks: string[];
  if (unlock?.kind === 'addon') {
    const addon = ADDONS[unlock.addon];
    heading = `${label} comes with the ${addon.name} add-on`;
    offer = `${addon.description} ${formatPrice(addon.priceMonthly)} per month.`;
    unlocks = [FEATURE_LABELS[addon.feature]];
  } else {
    const plan = PLANS[unlock?.plan ?? 'premium'];
    heading = `${label} is part of the ${plan.name} plan`;
    offer = `${plan.description} From ${formatPrice(plan.priceMonthly)} per month.`;
    unlocks = PREMIUM_FEATURES.map((item) => FEATURE_LABELS[item]);
  }

  return (
    <Card className="mx-auto w-full max-w-2xl p-6 sm:p-8">
      <div className="flex flex-col items-start gap-5">
        <div className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Lock aria-hidden className="size-6" />
        </div>
        <div className="grid gap-2">
          <h2 className="text-xl font-semibold text-foreground">{heading}</h2>
          {currentPlan ? (
            <p className="text-sm text-muted-foreground">
              You are on the{' '}
              <strong className="font-semibold text-foreground">{currentPlan}</strong> plan.
            </p>
          ) : null}
          <p className="text-sm text-muted-foreground">{offer}</p>
        </div>
        <div className="grid gap-2">
          <p className="text-sm font-medium text-foreground">Upgrading unlocks:</p>
          <ul className="grid gap-1.5">
            {unlocks.map((item) => (
              <li key={item} className="flex items-center gap-2 text-sm text-foreground">
                <Check aria-hidden className="size-4 text-success" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <Button asChild>
          <Link to="/dashboard/subscription">
            {unlock?.kind === 'addon'
              ? `Add ${ADDONS[unlock.addon].name}`
              : `Upgrade to ${PLANS[unlock?.plan ?? 'premium'].name}`}
          </Link>
        </Button>
      </div>
    </Card>
  );
}

/**
 * Shows its children when the user's plan and add-ons include `feature`
 * (docs/product/roles-and-plans.md#features-by-plan), otherwise an upgrade prompt. Before the
 * subscription is known nothing is locked: the guard has already waited for it on guarded routes,
 * and the server enforces the same rule on every call.
 */
export function FeatureGate({
  feature,
  areaLabel,
  children,
}: {
  feature: Feature;
  areaLabel?: string;
  children: ReactNode;
}) {
  const { subscription } = useAuth();
  if (subscription && !hasFeature(subscription.plan, subscription.addons, feature)) {
    return <UpgradePrompt feature={feature} {...(areaLabel ? { areaLabel } : {})} />;
  }
  return <>{children}</>;
}
