import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { couponInputSchema } from '#shared/contracts/billing.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { useRedeemCoupon } from '../api/use-billing.ts';

// Redeem a coupon or promotion code on the running subscription (docs/decisions/094). The code is
// checked with the server's own schema first; on any refusal what was typed stays.

export function CouponForm() {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const redeem = useRedeemCoupon();
  const serverField = fieldErrorsOf(redeem.error)['code'];
  const serverMessage = redeem.error && !serverField ? userMessageOf(redeem.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = couponInputSchema.safeParse({ code });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a code');
      return;
    }
    setFieldError(undefined);
    redeem.mutate(parsed.data.code, {
      onSuccess: () => {
        toast.success(`Code ${parsed.data.code} is applied.`);
        setCode('');
      },
    });
  };

  return (
    <form className="grid gap-3" onSubmit={submit} noValidate aria-label="Redeem a code">
      <div className="flex flex-wrap items-start gap-3">
        <FormField
          label="Coupon or promotion code"
          error={fieldError ?? serverField}
          className="w-full max-w-xs"
        >
          <Input
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(event) => setCode(event.target.value)}
          />
        </FormField>
        <Button type="submit" variant="outline" className="sm:mt-7" loading={redeem.isPending}>
          Apply code
        </Button>
      </div>
      {serverMessage ? <Alert variant="destructive">{serverMessage}</Alert> : null}
    </form>
  );
}
