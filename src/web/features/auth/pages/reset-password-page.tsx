import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { passwordSchema } from '#shared/contracts/auth.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { safeNavigate } from '../../../lib/navigation.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { authApi } from '../api/auth-api.ts';
import { useAuth } from '../auth-context.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PasswordStrengthMeter } from '../components/password-strength-meter.tsx';
import {
  checkPasswordStrength,
  strengthAdvice,
  usePasswordStrength,
  WEAK_PASSWORD_MESSAGE,
} from '../lib/password-strength.ts';
import { applyServerErrors } from '../lib/server-errors.ts';

export const PASSWORD_RESET_DONE_MESSAGE =
  'Your password has been changed. Please log in with your new password.';
const INVALID_LINK_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.';

// The token travels in the address, not in the form; the form adds a confirmation field that
// only the browser checks.
const resetFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
type ResetForm = z.infer<typeof resetFormSchema>;

function InvalidLink() {
  return (
    <AuthCard
      title="Reset link not valid"
      footer={
        <Link to="/login" className="font-medium text-link hover:underline">
          Back to log in
        </Link>
      }
    >
      <div className="grid gap-4">
        <Alert variant="destructive">{INVALID_LINK_MESSAGE}</Alert>
        <Button asChild>
          <Link to="/forgot-password">Request a new link</Link>
        </Button>
      </div>
    </AuthCard>
  );
}

export default function ResetPasswordPage() {
  useDocumentTitle('Choose a new password - Soci Gen');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const { notifyPasswordRecovery } = useAuth();
  const [formError, setFormError] = useState<string | null>(null);
  const [linkRejected, setLinkRejected] = useState(false);

  const form = useForm({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });
  const strength = usePasswordStrength(password, []);

  useEffect(() => {
    if (token) notifyPasswordRecovery();
  }, [token, notifyPasswordRecovery]);

  const reset = useMutation({
    mutationFn: (values: ResetForm) => authApi.resetPassword({ token, password: values.password }),
    onSuccess: () => {
      toast.success(PASSWORD_RESET_DONE_MESSAGE);
      safeNavigate(navigate, '/login', { replace: true });
    },
    onError: (error) => {
      if (fieldErrorsOf(error)['token']) {
        setLinkRejected(true);
        return;
      }
      setFormError(applyServerErrors(error, form.setError, ['password']));
    },
  });

  if (!token || token.length < 20 || linkRejected) return <InvalidLink />;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await checkPasswordStrength(values.password);
      if (!result.ok) {
        const advice = strengthAdvice(result);
        form.setError(
          'password',
          {
            type: 'strength',
            message: advice ? `${WEAK_PASSWORD_MESSAGE} ${advice}` : WEAK_PASSWORD_MESSAGE,
          },
          { shouldFocus: true },
        );
        return;
      }
    } catch {
      // The estimator could not be loaded; the server still checks.
    }
    reset.mutate(values);
  });

  const passwordError = form.formState.errors.password?.message;
  const busy = form.formState.isSubmitting || reset.isPending;

  return (
    <AuthCard
      title="Choose a new password"
      description="Pick a password you don't use anywhere else."
    >
      <form noValidate className="grid gap-5" onSubmit={onSubmit}>
        {formError ? <Alert variant="destructive">{formError}</Alert> : null}
        <FormField
          label="New password"
          error={passwordError}
          below={
            passwordError ? null : <PasswordStrengthMeter strength={password ? strength : null} />
          }
        >
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField
          label="Confirm new password"
          error={form.formState.errors.confirmPassword?.message}
        >
          <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {busy ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
    </AuthCard>
  );
}
