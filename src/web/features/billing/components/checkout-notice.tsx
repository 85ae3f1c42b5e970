import { PLANS } from '#shared/plans.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import type { CheckoutReturn } from '../lib/use-checkout-return.ts';

/** What came of the checkout the owner just left. */
export function CheckoutNotice({
  result,
  premium,
  polling,
}: {
  result: CheckoutReturn;
  premium: boolean;
  polling: boolean;
}) {
  if (result === 'cancelled') {
    return (
      <Alert variant="info" title="Checkout cancelled">
        Nothing was charged. You can upgrade whenever you like.
      </Alert>
    );
  }
  if (result !== 'success') return null;
  if (premium) {
    return (
      <Alert variant="success" title={`Welcome to ${PLANS.premium.name}`}>
        Your payment went through and everything is open to you.
      </Alert>
    );
  }
  return (
    <Alert variant="success" title="Thank you, your payment went through">
      {polling
        ? `Activating ${PLANS.premium.name}…`
        : `${PLANS.premium.name} opens as soon as the payment provider confirms the payment. Reload this page in a minute.`}
    </Alert>
  );
}
