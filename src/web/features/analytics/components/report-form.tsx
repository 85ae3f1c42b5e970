import { useState } from 'react';
import type { AnalyticsAccount, ReportCadence } from '#shared/contracts/analytics.contract.ts';
import { ANALYTICS_LIMITS } from '../lib/constants.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCreateReport } from '../api/use-analytics-actions.ts';
import { accountName, PLATFORM_NAMES, refusalText } from '../lib/format.ts';
import { checkReport } from '../lib/recipients.ts';

/** A new scheduled report: how often, which account, who receives it. */
export function ReportFormDialog({
  open,
  accounts,
  onOpenChange,
}: {
  open: boolean;
  accounts: readonly AnalyticsAccount[];
  onOpenChange(open: boolean): void;
}) {
  const create = useCreateReport();
  const [cadence, setCadence] = useState<ReportCadence>('weekly');
  const [account, setAccount] = useState('all');
  const [recipients, setRecipients] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const check = checkReport({ cadence, account, recipients });
    if (!check.ok) {
      setError(check.error);
      return;
    }
    setError(null);
    create.mutate(check.input, {
      onSuccess: () => {
        setRecipients('');
        onOpenChange(false);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New scheduled report</DialogTitle>
          <DialogDescription>
            A summary of the figures, sent by e-mail every week or every month.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <FormField label="How often">
            <select
              value={cadence}
              onChange={(e) => setCadence(e.target.value as ReportCadence)}
              className={cn(inputClasses)}
            >
              <option value="weekly">Weekly</option>
              <option value="monthly">Monthly</option>
            </select>
          </FormField>
          <FormField label="Account">
            <select
              value={account}
              onChange={(e) => setAccount(e.target.value)}
              className={cn(inputClasses)}
            >
              <option value="all">All accounts</option>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {PLATFORM_NAMES[a.platform]} · {accountName(a)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            label="Recipients"
            hint={`E-mail addresses separated by commas, up to ${ANALYTICS_LIMITS.reportRecipients}.`}
            error={error ?? undefined}
          >
            <textarea
              value={recipients}
              rows={2}
              onChange={(e) => setRecipients(e.target.value)}
              placeholder="owner@example.com, manager@example.com"
              className={cn(inputClasses, 'h-auto min-h-16')}
            />
          </FormField>
          {create.isError ? (
            <Alert variant="destructive" title="The report was not saved">
              {refusalText(create.error)}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
