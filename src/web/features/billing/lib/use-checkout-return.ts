import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

// Back from the payment provider's checkout: `?checkout=success` or `?checkout=cancelled`
// (docs/decisions/094). The answer is read once and taken out of the address, so a reload does
// not repeat it. After a payment the plan changes when the provider's webhook arrives, which may
// be a moment later: the page reads the overview again every POLL_MS for at most POLL_FOR_MS.

export const POLL_MS = 1000;
export const POLL_FOR_MS = 20_000;

export type CheckoutReturn = 'success' | 'cancelled' | null;

export function useCheckoutReturn(): { result: CheckoutReturn; polling: boolean } {
  const [params, setParams] = useSearchParams();
  const [result] = useState<CheckoutReturn>(() => {
    const value = params.get('checkout');
    return value === 'success' || value === 'cancelled' ? value : null;
  });
  const [polling, setPolling] = useState(result === 'success');

  useEffect(() => {
    if (!params.has('checkout')) return;
    const next = new URLSearchParams(params);
    next.delete('checkout');
    next.delete('session_id');
    setParams(next, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => setPolling(false), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, [polling]);

  return { result, polling };
}
