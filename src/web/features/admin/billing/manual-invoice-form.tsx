import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  INVOICE_STATUSES,
  manualInvoiceInputSchema,
  type ManualInvoiceInput,
} from '#shared/contracts/billing.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputClasses } from '../../../components/ui/input.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { adminBillingApi, useBillingMutation } from './admin-billing-api.ts';
import { fieldErrorsOfIssues, toMinorUnits } from './billing-format.ts';

const STATUSES = INVOICE_STATUSES.filter(
  (s): s is ManualInvoiceInput['status'] => s === 'open' || s === 'paid' || s === 'void',
);

/** Manual billing: an invoice recorded by hand, which the business's owner then sees. */
export function ManualInvoiceForm({ businessId }: { businessId: string }) {
  const [amount, setAmount] = useState('');
  const [status, setStatus] = useState<ManualInvoiceInput['status']>('paid');
  const [description, setDescription] = useState('');
  const [periodStart, setPeriodStart] = useState('');
  const [periodEnd, setPeriodEnd] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const record = useBillingMutation((input: ManualInvoiceInput) =>
    adminBillingApi.recordInvoice(businessId, input),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = manualInvoiceInputSchema.safeParse({
      amount: toMinorUnits(amount) ?? Number.NaN,
      status,
      description,
      ...(periodStart ? { periodStart } : {}),
      ...(periodEnd ? { periodEnd } : {}),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOfIssues(parsed.error));
      return;
    }
    setErrors({});
    record.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Invoice recorded.');
        setAmount('');
        setDescription('');
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        setErrors(fields);
        if (Object.keys(fields).length === 0) setFormError(userMessageOf(error));
      },
    });
  };

  return (
    <form className="grid gap-3" onSubmit={submit} aria-label="Record an invoice">
      <h3 className="text-sm font-semibold">Record an invoice</h3>
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Amount" error={errors.amount ? 'Enter an amount, e.g. 19.00' : undefined}>
          <Input
            inputMode="decimal"
            value={amount}
            placeholder="19.00"
            onChange={(event) => setAmount(event.target.value)}
          />
        </FormField>
        <FormField label="Status" error={errors.status}>
          <select
            className={cn(inputClasses, 'pr-8')}
            value={status}
            onChange={(event) => setStatus(event.target.value as ManualInvoiceInput['status'])}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'paid' ? 'Paid' : s === 'open' ? 'Open' : 'Void'}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField label="Description" error={errors.description}>
        <Input
          value={description}
          maxLength={500}
          placeholder="Premium, March"
          onChange={(event) => setDescription(event.target.value)}
        />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Period from" optional error={errors.periodStart}>
          <Input type="date" value={periodStart} onChange={(e) => setPeriodStart(e.target.value)} />
        </FormField>
        <FormField label="Period to" optional error={errors.periodEnd}>
          <Input type="date" value={periodEnd} onChange={(e) => setPeriodEnd(e.target.value)} />
        </FormField>
      </div>
      <div>
        <Button type="submit" variant="secondary" disabled={record.isPending}>
          Record invoice
        </Button>
      </div>
    </form>
  );
}
