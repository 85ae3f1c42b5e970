import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import {
  forgotPasswordInputSchema,
  type ForgotPasswordInput,
} from '#shared/contracts/auth.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { EmailInput } from '../../../components/ui/input.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { authApi } from '../api/auth-api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { applyServerErrors } from '../lib/server-errors.ts';

export const RESET_LINK_SENT_MESSAGE = "If an account exists for that address, we've sent a link";

export default function ForgotPasswordPage() {
  useDocumentTitle('Reset your password - Soci Gen');
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(forgotPasswordInputSchema),
    defaultValues: { email: '' },
  });

  const request = useMutation({
    mutationFn: (input: ForgotPasswordInput) => authApi.forgotPassword(input),
    onSuccess: (_data, input) => setSentTo(input.email),
    onError: (error) => setFormError(applyServerErrors(error, form.setError, ['email'])),
  });

  const backToLogin = (
    <Link to="/login" className="font-medium text-link hover:underline">
      Back to log in
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard title="Check your email" footer={backToLogin}>
        <div className="grid justify-items-center gap-4 text-center">
          <div className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <MailCheck aria-hidden className="size-7" />
          </div>
          <p role="status" className="text-sm text-foreground">
            {RESET_LINK_SENT_MESSAGE} to{' '}
            <strong className="font-semibold break-all">{sentTo}</strong>.
          </p>
          <p className="text-xs text-muted-foreground">
            The link works for a limited time. Check your spam folder if it does not arrive.
          </p>
          <Button variant="outline" onClick={() => setSentTo(null)}>
            Use a different address
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the e-mail you signed up with and we'll send you a link to choose a new one."
      footer={backToLogin}
    >
      <form
        noValidate
        className="grid gap-5"
        onSubmit={form.handleSubmit((values) => {
          setFormError(null);
          request.mutate(values);
        })}
      >
        {formError ? <Alert variant="destructive">{formError}</Alert> : null}
        <FormField label="Email" error={form.formState.errors.email?.message}>
          <EmailInput {...form.register('email')} />
        </FormField>
        <Button type="submit" size="lg" className="w-full" loading={request.isPending}>
          {request.isPending ? 'Sending…' : 'Send reset link'}
        </Button>
      </form>
    </AuthCard>
  );
}
