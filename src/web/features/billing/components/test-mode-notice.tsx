import { FlaskConical } from 'lucide-react';
import type { BillingMode } from '#shared/contracts/billing.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';

// docs/decisions/094: without a Stripe key outside production, payments go to the built-in
// simulator, and every billing screen says so.

export const TEST_CARD = '4242 4242 4242 4242';

export function TestModeBadge({ mode }: { mode: BillingMode }) {
  if (mode !== 'test') return null;
  return (
    <Badge variant="warning">
      <FlaskConical aria-hidden className="size-3.5" /> Test payments
    </Badge>
  );
}

export function TestModeNotice({ mode }: { mode: BillingMode }) {
  if (mode !== 'test') return null;
  return (
    <Alert variant="warning">
      <strong>Test payments:</strong> no real card is charged. Use card {TEST_CARD}.
    </Alert>
  );
}
