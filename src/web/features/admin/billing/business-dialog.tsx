import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import {
  grantInputSchema,
  type AdminBillingRow,
  type BillingMode,
  type GrantInput,
} from '#shared/contracts/billing.contract.ts';
import { ADDON_IDS } from '#shared/plans.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { adminBillingApi, useBillingMutation } from './admin-billing-api.ts';
import { addonName, fieldErrorsOfIssues, formatDate, planName } from './billing-format.ts';
import { ManualInvoiceForm } from './manual-invoice-form.tsx';

const GRANTABLE = [
  { key: 'plan:premium', label: 'Premium plan' },
  ...ADDON_IDS.map((id) => ({ key: `addon:${id}`, label: `${addonName(id)} add-on` })),
];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-all">{children}</dd>
    </div>
  );
}

function GrantForm({ businessId }: { businessId: string }) {
  const [choice, setChoice] = useState(GRANTABLE[0]!.key);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const grant = useBillingMutation((input: GrantInput) => adminBillingApi.grant(businessId, input));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const [kind, value] = choice.split(':');
    const parsed = grantInputSchema.safeParse({ kind, value, reason });
    if (!parsed.success) {
      setErrors(fieldErrorsOfIssues(parsed.error));
      return;
    }
    setErrors({});
    grant.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Granted.');
        setReason('');
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        setErrors(fields);
        if (Object.keys(fields).length === 0) setFormError(userMessageOf(error));
      },
    });
  };

  return (
    <form className="grid gap-3" onSubmit={submit} aria-label="Grant">
      <h3 className="text-sm font-semibold">Grant by hand</h3>
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <FormField label="What" error={errors.value ?? errors.kind}>
        <select
          className={cn(inputClasses, 'pr-8')}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          {GRANTABLE.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Reason" error={errors.reason} hint="Kept with the grant, with your name.">
        <textarea
          className={cn(inputClasses, 'min-h-20 py-2')}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={grant.isPending}>
          Grant
        </Button>
      </div>
    </form>
  );
}

function Grants({ row }: { row: AdminBillingRow }) {
  const revoke = useBillingMutation((grantId: string) =>
    adminBillingApi.revoke(row.businessId, grantId),
  );
  if (row.grants.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing granted by hand.</p>;
  }
  return (
    <ul className="grid gap-2">
      {row.grants.map((grant) => (
        <li
          key={grant.id}
          className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-border p-3"
        >
          <div className="grid gap-0.5">
            <p className="text-sm font-medium">
              {grant.kind === 'plan'
                ? `${planName('premium')} plan`
                : `${addonName(grant.value)} add-on`}
            </p>
            <p className="text-sm break-words text-muted-foreground">{grant.reason}</p>
            <p className="text-xs text-muted-foreground">Since {formatDate(grant.createdAt)}</p>
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(grant.id, {
                onSuccess: () => toast.success('Grant revoked.'),
                onError: (error) => toast.error(userMessageOf(error)),
              })
            }
          >
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function BusinessDialog({
  row,
  mode,
  onClose,
}: {
  row: AdminBillingRow;
  mode: BillingMode;
  onClose: () => void;
}) {
  const name = row.businessName ?? row.email ?? row.businessId;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{name}</DialogTitle>
          <DialogDescription>{row.email ?? 'No e-mail address'}</DialogDescription>
        </DialogHeader>
        {row.problem ? (
          <Alert variant="destructive" title="Billing problem">
            {row.problem}
          </Alert>
        ) : null}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Fact label="Plan">{planName(row.plan)}</Fact>
          <Fact label="Status">{row.status === 'active' ? 'Active' : 'Inactive'}</Fact>
          <Fact label="Stripe status">{row.providerStatus ?? '—'}</Fact>
          <Fact label="Interval">
            {row.interval === 'year' ? 'Yearly' : row.interval === 'month' ? 'Monthly' : '—'}
          </Fact>
          <Fact label="Renews">{formatDate(row.renewsAt)}</Fact>
          <Fact label="Past due since">{formatDate(row.pastDueSince)}</Fact>
          <Fact label="Stripe customer">{row.stripeCustomerId ?? '—'}</Fact>
          <Fact label="Add-ons">
            {row.addons.length ? row.addons.map(addonName).join(', ') : '—'}
          </Fact>
        </dl>
        <section className="grid gap-2" aria-label="Grants">
          <h3 className="text-sm font-semibold">Granted by hand</h3>
          <Grants row={row} />
        </section>
        <GrantForm businessId={row.businessId} />
        {mode === 'manual' ? (
          <>
            <p className="text-sm text-muted-foreground">
              Manual billing: set the paid plan on the Users tab; record each payment here.
            </p>
            <ManualInvoiceForm businessId={row.businessId} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
