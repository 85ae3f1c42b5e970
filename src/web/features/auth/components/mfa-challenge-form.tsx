import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { mfaCodeSchema } from '#shared/contracts/account-security.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorCodeOf } from '../../../lib/api-client.ts';
import { useAuth } from '../auth-context.ts';
import { applyServerErrors } from '../lib/server-errors.ts';

const schema = z.object({ code: mfaCodeSchema });
const FIELDS = ['code'] as const;

/** The second step of signing in: a code from the authenticator app, or a backup code. */
export function MfaChallengeForm({
  challengeToken,
  onVerified,
  onStartOver,
}: {
  challengeToken: string;
  onVerified: () => void;
  onStartOver: () => void;
}) {
  const auth = useAuth();
  const [useBackup, setUseBackup] = useState(false);
  const [formError, setFormError] = useState<{ message: string; restart: boolean } | null>(null);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { code: '' } });

  const verify = useMutation({
    mutationFn: (code: string) => auth.verifyMfa(challengeToken, code),
    onSuccess: onVerified,
    onError: (error) => {
      const message = applyServerErrors(error, form.setError, FIELDS);
      setFormError(
        message ? { message, restart: errorCodeOf(error) === 'AUTH_SESSION_ERROR' } : null,
      );
    },
  });

  return (
    <form
      noValidate
      className="grid gap-5"
      aria-label="Two-factor authentication"
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        verify.mutate(values.code);
      })}
    >
      <p className="text-sm text-muted-foreground">
        {useBackup
          ? 'Enter one of the backup codes you saved when you turned on two-factor authentication. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code shown for Soci Gen.'}
      </p>
      {formError ? (
        <Alert variant="destructive">
          <p>{formError.message}</p>
          {formError.restart ? (
            <Button variant="outline" size="sm" className="mt-2" onClick={onStartOver}>
              Sign in again
            </Button>
          ) : null}
        </Alert>
      ) : null}
      <FormField
        label={useBackup ? 'Backup code' : 'Authentication code'}
        error={form.formState.errors.code?.message}
      >
        <Input
          autoFocus
          autoComplete="one-time-code"
          inputMode={useBackup ? 'text' : 'numeric'}
          placeholder={useBackup ? 'xxxx-xxxx' : '123456'}
          maxLength={useBackup ? 9 : 6}
          className="font-mono tracking-widest"
          {...form.register('code')}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" loading={verify.isPending}>
        {verify.isPending ? 'Verifying…' : 'Verify and log in'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-link hover:underline"
          onClick={() => {
            setUseBackup((value) => !value);
            form.reset({ code: '' });
            setFormError(null);
          }}
        >
          {useBackup ? 'Use the authenticator app' : 'Use a backup code'}
        </button>
        <button
          type="button"
          className="font-medium text-muted-foreground hover:underline"
          onClick={onStartOver}
        >
          Back to log in
        </button>
      </div>
    </form>
  );
}
