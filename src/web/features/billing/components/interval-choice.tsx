import type { BillingInterval, BillingOverview } from '#shared/contracts/billing.contract.ts';
import { cn } from '../../../lib/cn.ts';
import { INTERVAL_ADJECTIVE, perInterval, premiumPrice, yearlySaving } from '../lib/format.ts';

/** Monthly or yearly, each with its price from the server's catalogue. */
export function IntervalChoice({
  prices,
  value,
  onChange,
  disabled,
}: {
  prices: BillingOverview['prices'];
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
  disabled?: boolean;
}) {
  const saving = yearlySaving(prices);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Billing period</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {(['month', 'year'] as const).map((interval) => {
          const price = premiumPrice(prices, interval);
          if (!price) return null;
          const checked = value === interval;
          return (
            <label
              key={interval}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors',
                checked ? 'border-primary bg-primary/5 ring-1 ring-primary' : 'border-border',
                disabled ? 'cursor-not-allowed opacity-60' : 'hover:bg-muted/60',
              )}
            >
              <input
                type="radio"
                name="billing-interval"
                value={interval}
                checked={checked}
                disabled={disabled}
                onChange={() => onChange(interval)}
                className="mt-1 accent-primary"
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{INTERVAL_ADJECTIVE[interval]}</span>
                <span className="text-sm text-muted-foreground">{perInterval(price)}</span>
                {interval === 'year' && saving ? (
                  <span className="text-xs font-medium text-success">Save {saving} a year</span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
