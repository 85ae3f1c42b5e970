import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  COUPON_DURATIONS,
  couponInputAdminSchema,
  type CouponAdminInput,
  type CouponDuration,
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

const DURATION_LABELS: Record<CouponDuration, string> = {
  once: 'Once',
  repeating: 'Several months',
  forever: 'Forever',
};

const optionalInt = (value: string) => (value.trim() ? Number(value) : undefined);

/** A new coupon, checked with the same schema as the server before it is sent. */
export function CouponForm() {
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [off, setOff] = useState('');
  const [duration, setDuration] = useState<CouponDuration>('once');
  const [months, setMonths] = useState('');
  const [expires, setExpires] = useState('');
  const [limit, setLimit] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useBillingMutation((input: CouponAdminInput) =>
    adminBillingApi.createCoupon(input),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const value =
      kind === 'percent'
        ? { percentOff: off.trim() ? Number(off) : undefined }
        : { amountOff: toMinorUnits(off) };
    const parsed = couponInputAdminSchema.safeParse({
      code,
      ...value,
      duration,
      durationInMonths: duration === 'repeating' ? optionalInt(months) : undefined,
      expiresAt: expires ? new Date(expires).toISOString() : undefined,
      maxRedemptions: optionalInt(limit),
    });
    if (!parsed.success) {
      const fields = fieldErrorsOfIssues(parsed.error);
      // Both amounts share one field here: the schema's message goes where it is typed.
      if (fields.amountOff && !fields.percentOff) fields.percentOff = fields.amountOff;
      setErrors(fields);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (coupon) => {
        toast.success(`Coupon ${coupon.code} created.`);
        setCode('');
        setOff('');
        setMonths('');
        setExpires('');
        setLimit('');
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (fields.amountOff && !fields.percentOff) fields.percentOff = fields.amountOff;
        setErrors(fields);
        if (Object.keys(fields).length === 0) setFormError(userMessageOf(error));
      },
    });
  };

  return (
    <form className="grid gap-3" onSubmit={submit} aria-label="New coupon">
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Code" error={errors.code} hint="Customers type it; kept in capitals.">
          <Input
            value={code}
            maxLength={40}
            placeholder="SPRING20"
            onChange={(event) => setCode(event.target.value)}
          />
        </FormField>
        <FormField label="Kind">
          <select
            className={cn(inputClasses, 'pr-8')}
            value={kind}
            onChange={(event) => setKind(event.target.value as 'percent' | 'amount')}
          >
            <option value="percent">Percentage off</option>
            <option value="amount">Amount off</option>
          </select>
        </FormField>
        <FormField
          label={kind === 'percent' ? 'Percent off' : 'Amount off'}
          error={errors.percentOff}
        >
          <Input
            inputMode="decimal"
            value={off}
            placeholder={kind === 'percent' ? '20' : '5.00'}
            onChange={(event) => setOff(event.target.value)}
          />
        </FormField>
        <FormField label="Applies" error={errors.duration}>
          <select
            className={cn(inputClasses, 'pr-8')}
            value={duration}
            onChange={(event) => setDuration(event.target.value as CouponDuration)}
          >
            {COUPON_DURATIONS.map((d) => (
              <option key={d} value={d}>
                {DURATION_LABELS[d]}
              </option>
            ))}
          </select>
        </FormField>
        {duration === 'repeating' ? (
          <FormField label="Months" error={errors.durationInMonths}>
            <Input
              inputMode="numeric"
              value={months}
              placeholder="3"
              onChange={(event) => setMonths(event.target.value)}
            />
          </FormField>
        ) : null}
        <FormField label="Expires" optional error={errors.expiresAt}>
          <Input
            type="datetime-local"
            value={expires}
            onChange={(event) => setExpires(event.target.value)}
          />
        </FormField>
        <FormField label="Redemptions" optional error={errors.maxRedemptions}>
          <Input
            inputMode="numeric"
            value={limit}
            placeholder="No limit"
            onChange={(event) => setLimit(event.target.value)}
          />
        </FormField>
      </div>
      <div>
        <Button type="submit" disabled={create.isPending}>
          Create coupon
        </Button>
      </div>
    </form>
  );
}
