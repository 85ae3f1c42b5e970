import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { toast } from 'sonner';
import {
  enableMfaInputSchema,
  type EnableMfaInput,
  type MfaSetup,
} from '#shared/contracts/account-security.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { reportError, userMessageOf } from '../../../lib/errors.ts';
import { accountSecurityApi, accountSecurityKeys } from '../../account/index.ts';
import { applyServerErrors } from '../../auth/index.ts';
import { BackupCodesPanel } from './backup-codes-panel.tsx';
import { PasswordConfirmDialog } from './password-confirm-dialog.tsx';

function SetupStep({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: MfaSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EnableMfaInput>({
    resolver: zodResolver(enableMfaInputSchema),
    defaultValues: { code: '' },
  });
  const enable = useMutation({
    mutationFn: (values: EnableMfaInput) => accountSecurityApi.mfaEnable(values.code),
    onSuccess: (result) => onEnabled(result.backupCodes),
    onError: (error) => setFormError(applyServerErrors(error, form.setError, ['code'] as const)),
  });
  return (
    <div className="grid gap-6 md:grid-cols-[auto_1fr]">
      <div className="grid justify-items-center gap-2">
        <img
          src={setup.qrCodeDataUrl}
          alt="QR code to add Soci Gen to your authenticator app"
          width={180}
          height={180}
          className="rounded-lg border border-border bg-white p-2"
        />
      </div>
      <div className="grid content-start gap-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
          <li>Open an authenticator app (Google Authenticator, 1Password, Authy…).</li>
          <li>Scan the QR code, or enter the key below by hand.</li>
          <li>Type the 6-digit code the app shows.</li>
        </ol>
        <div className="grid gap-1">
          <span className="text-sm font-medium">Key for manual entry</span>
          <code
            data-testid="mfa-manual-key"
            className="rounded-md border border-border bg-muted/60 px-3 py-2 font-mono text-sm break-all select-all"
          >
            {setup.manualKey}
          </code>
        </div>
        <form
          noValidate
          className="grid gap-3"
          onSubmit={form.handleSubmit((values) => {
            setFormError(null);
            enable.mutate(values);
          })}
        >
          {formError ? <Alert variant="destructive">{formError}</Alert> : null}
          <FormField label="Code from the app" error={form.formState.errors.code?.message}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              className="max-w-40 font-mono tracking-widest"
              {...form.register('code')}
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={enable.isPending}>
              Verify and turn on
            </Button>
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

export function MfaCard({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: accountSecurityKeys.mfa(userId),
    queryFn: ({ signal }) => accountSecurityApi.mfaStatus(signal),
    meta: { handlesErrors: true },
  });
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'disable' | 'regenerate' | null>(null);

  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: accountSecurityKeys.mfa(userId) });

  const start = useMutation({
    mutationFn: accountSecurityApi.mfaSetup,
    onSuccess: (data) => setSetup(data),
    onError: (error) => reportError(error),
  });

  const enabled = status.data?.enabled === true;

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Two-factor authentication</CardTitle>
            <CardDescription>
              Ask for a code from your phone as well as your password when you log in.
            </CardDescription>
          </div>
          {status.data ? (
            <Badge variant={enabled ? 'success' : 'outline'}>{enabled ? 'On' : 'Off'}</Badge>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending ? (
          <Skeleton className="h-10 w-56" />
        ) : status.isError ? (
          <Alert variant="destructive">
            <p>{userMessageOf(status.error)}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => status.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : codes ? (
          <BackupCodesPanel codes={codes} onDone={() => setCodes(null)} />
        ) : setup ? (
          <SetupStep
            setup={setup}
            onCancel={() => setSetup(null)}
            onEnabled={(next) => {
              setSetup(null);
              setCodes(next);
              toast.success('Two-factor authentication is on.');
              void refresh();
            }}
          />
        ) : enabled ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm">
              <ShieldCheck aria-hidden className="size-5 text-success" />
              {status.data.backupCodesRemaining} of 10 backup codes left.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setDialog('regenerate')}>
                New backup codes
              </Button>
              <Button variant="destructive" onClick={() => setDialog('disable')}>
                Turn off
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <ShieldOff aria-hidden className="size-5" />
              Your account is protected by your password only.
            </p>
            <Button loading={start.isPending} onClick={() => start.mutate()}>
              Turn on two-factor authentication
            </Button>
          </div>
        )}
      </CardContent>
      <PasswordConfirmDialog
        open={dialog === 'disable'}
        onOpenChange={(open) => setDialog(open ? 'disable' : null)}
        title="Turn off two-factor authentication?"
        description="Logging in will need only your password. Your backup codes stop working."
        confirmLabel="Turn off"
        confirmVariant="destructive"
        action={accountSecurityApi.mfaDisable}
        onDone={() => {
          setDialog(null);
          toast.success('Two-factor authentication is off.');
          void refresh();
        }}
      />
      <PasswordConfirmDialog
        open={dialog === 'regenerate'}
        onOpenChange={(open) => setDialog(open ? 'regenerate' : null)}
        title="Create new backup codes?"
        description="Your current backup codes stop working and ten new ones are shown once."
        confirmLabel="Create new codes"
        action={accountSecurityApi.mfaBackupCodes}
        onDone={(result) => {
          setDialog(null);
          setCodes(result.backupCodes);
          void refresh();
        }}
      />
    </Card>
  );
}
