import { useState, type FormEvent } from 'react';
import { ADDON_IDS, ADDONS, PLANS, type AddonId } from '#shared/plans.ts';
import {
  checkoutInputSchema,
  type BillingInterval,
  type BillingOverview,
} from '#shared/contracts/billing.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { useCheckout } from '../api/use-billing.ts';
import { addonPrice, perInterval } from '../lib/format.ts';
import { IntervalChoice } from './interval-choice.tsx';

// Upgrade to Premium through the payment provider's checkout (docs/decisions/094): the owner picks
// the interval, add-ons and maybe a code; the server prices all of it and answers with the
// checkout's address. No price ever leaves the browser.

export function UpgradePanel({
  overview,
  showAddons = true,
}: {
  overview: BillingOverview;
  showAddons?: boolean;
}) {
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const [addons, setAddons] = useState<AddonId[]>([]);
  const [coupon, setCoupon] = useState('');
  const [couponError, setCouponError] = useState<string | undefined>();
  const checkout = useCheckout();
  const serverFieldErrors = fieldErrorsOf(checkout.error);
  const formError =
    checkout.error && !serverFieldErrors['coupon'] ? userMessageOf(checkout.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = coupon.trim();
    const parsed = checkoutInputSchema.safeParse({
      interval,
      addons,
      ...(code ? { coupon: code } : {}),
    });
    if (!parsed.success) {
      setCouponError(parsed.error.issues.find((i) => i.path[0] === 'coupon')?.message);
      return;
    }
    setCouponError(undefined);
    checkout.mutate(parsed.data);
  };

  const toggleAddon = (addon: AddonId, on: boolean) =>
    setAddons((current) =>
      on ? [...current.filter((a) => a !== addon), addon] : current.filter((a) => a !== addon),
    );

  return (
    <form className="grid gap-5" onSubmit={submit} noValidate>
      <IntervalChoice
        prices={overview.prices}
        value={interval}
        onChange={setBillingInterval}
        disabled={checkout.isPending}
      />
      {showAddons ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">
            Add-ons <span className="font-normal text-muted-foreground">(optional)</span>
          </legend>
          {ADDON_IDS.map((addon) => {
            const price = addonPrice(overview.prices, addon, interval);
            return (
              <label key={addon} className="flex cursor-pointer items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-primary"
                  checked={addons.includes(addon)}
                  disabled={checkout.isPending}
                  onChange={(event) => toggleAddon(addon, event.target.checked)}
                />
                <span>
                  <span className="font-medium">Add {ADDONS[addon].name}</span>
                  {price ? (
                    <span className="text-muted-foreground"> (+{perInterval(price)})</span>
                  ) : null}
                  <span className="block text-xs text-muted-foreground">
                    {ADDONS[addon].description}
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
      ) : null}
      <FormField
        label="Coupon or promotion code"
        optional
        error={couponError ?? serverFieldErrors['coupon']}
        hint="Or enter it on the payment page."
      >
        <Input
          value={coupon}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={checkout.isPending}
          onChange={(event) => setCoupon(event.target.value)}
          className="max-w-xs"
        />
      </FormField>
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" loading={checkout.isPending}>
          Upgrade to {PLANS.premium.name}
        </Button>
        <p className="text-xs text-muted-foreground">
          You enter your card on the secure payment page; it never reaches our servers.
        </p>
      </div>
    </form>
  );
}
