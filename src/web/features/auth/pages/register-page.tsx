import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { signUpInputSchema, type SignUpInput } from '#shared/contracts/auth.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { EmailInput, Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { errorCodeOf } from '../../../lib/api-client.ts';
import { safeNavigate, safeRedirectTarget } from '../../../lib/navigation.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuth } from '../auth-context.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CheckEmailPanel } from '../components/check-email-panel.tsx';
import { PasswordStrengthMeter } from '../components/password-strength-meter.tsx';
import {
  checkPasswordStrength,
  strengthAdvice,
  usePasswordStrength,
  WEAK_PASSWORD_MESSAGE,
} from '../lib/password-strength.ts';
import { applyServerErrors } from '../lib/server-errors.ts';

const FIELDS = ['businessName', 'fullName', 'email', 'password'] as const;
const STRENGTH_ID = 'password-strength';

export default function RegisterPage() {
  useDocumentTitle('Create your account - Soci Gen');
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectTarget(searchParams.get('redirect'));
  const [formError, setFormError] = useState<{ message: string; code: string | undefined } | null>(
    null,
  );
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null);

  const form = useForm({
    resolver: zodResolver(signUpInputSchema),
    defaultValues: { businessName: '', fullName: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  const [password, email, businessName, fullName] = useWatch({
    control: form.control,
    name: ['password', 'email', 'businessName', 'fullName'],
  });
  const userInputs = [email ?? '', businessName ?? '', fullName ?? ''];
  const strength = usePasswordStrength(password ?? '', userInputs);

  const signUp = useMutation({
    mutationFn: async (input: SignUpInput) => {
      const result = await auth.signUp(input);
      // Without e-mail confirmation the account is ready: sign straight in.
      if (!result.confirmationRequired)
        await auth.signIn({ email: input.email, password: input.password });
      return result;
    },
    onSuccess: (result, input) => {
      if (result.confirmationRequired) setConfirmationSentTo(result.user.email || input.email);
      else safeNavigate(navigate, redirectTo, { replace: true });
    },
    onError: (error) => {
      const message = applyServerErrors(error, form.setError, FIELDS);
      setFormError(message ? { message, code: errorCodeOf(error) } : null);
    },
  });

  if (confirmationSentTo) return <CheckEmailPanel email={confirmationSentTo} />;
  if (auth.user && signUp.isIdle) return <Navigate to={redirectTo} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    // The same check the server makes, so a weak password is explained before a round trip.
    try {
      const result = await checkPasswordStrength(values.password, [
        values.email,
        values.businessName ?? '',
        values.fullName ?? '',
      ]);
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
    signUp.mutate({
      email: values.email,
      password: values.password,
      ...(values.businessName ? { businessName: values.businessName } : {}),
      ...(values.fullName ? { fullName: values.fullName } : {}),
    });
  });

  const passwordError = errors.password?.message;
  const busy = form.formState.isSubmitting || signUp.isPending;

  return (
    <AuthCard
      title="Create your account"
      description="Start your free trial. No card needed."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-link hover:underline">
            Log in
          </Link>
        </>
      }
    >
      <form noValidate className="grid gap-5" onSubmit={onSubmit}>
        {formError ? (
          <Alert variant="destructive">
            <p>{formError.message}</p>
            {formError.code === 'EMAIL_ALREADY_EXISTS' ? (
              <p className="mt-1">
                <Link to="/login" className="font-medium text-link hover:underline">
                  Log in instead
                </Link>{' '}
                or{' '}
                <Link to="/forgot-password" className="font-medium text-link hover:underline">
                  reset your password
                </Link>
                .
              </p>
            ) : null}
          </Alert>
        ) : null}
        <FormField label="Business name" optional error={errors.businessName?.message}>
          <Input autoComplete="organization" {...form.register('businessName')} />
        </FormField>
        <FormField label="Your name" optional error={errors.fullName?.message}>
          <Input autoComplete="name" {...form.register('fullName')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <EmailInput {...form.register('email')} />
        </FormField>
        <FormField
          label="Password"
          error={passwordError}
          hint="At least 8 characters. A few unrelated words make a strong password."
          below={
            passwordError ? null : (
              <PasswordStrengthMeter strength={password ? strength : null} id={STRENGTH_ID} />
            )
          }
        >
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </Button>
        <p className="text-center text-xs text-muted-foreground">
          By creating an account you agree to our{' '}
          <Link to="/terms" className="underline hover:text-foreground">
            Terms
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="underline hover:text-foreground">
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
