import { Alert } from '../../../components/ui/alert.tsx';
import { useAdminBusinesses } from './admin-billing-api.ts';
import { BusinessesTable } from './businesses-table.tsx';
import { CouponsPanel } from './coupons-panel.tsx';
import { WebhookPanel } from './webhook-panel.tsx';

const MODE_TEXT = {
  stripe: 'Card payments through Stripe.',
  test: 'Test payments: the built-in Stripe simulator; no real money moves.',
  manual:
    'Manual billing: no Stripe key. Set plans on the Users tab, grant add-ons, record invoices and keep coupons here.',
} as const;

/** The administrators' billing view (docs/decisions/094). */
export function BillingPanel() {
  // The first page's query is shared with the table (same key), so this costs no extra call.
  const mode = useAdminBusinesses('', 1).data?.mode;
  return (
    <div className="grid gap-6">
      {mode ? (
        <Alert variant={mode === 'stripe' ? 'info' : 'warning'}>{MODE_TEXT[mode]}</Alert>
      ) : null}
      <BusinessesTable />
      <CouponsPanel mode={mode} />
      {mode === 'manual' ? null : <WebhookPanel />}
    </div>
  );
}
