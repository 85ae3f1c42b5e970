import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { signUpInputSchema, type SignUpInput } from '#shared/contracts/auth.contract.ts';
import type { InvitationPreview } from '#shared/contracts/staff.contract.ts';
import { TENANT_ROLE_LABELS } from '#shared/permissions.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { EmailInput, Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { errorCodeOf } from '../../../lib/api-client.ts';
import { safeNavigate } from '../../../lib/navigation.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { useAuth } from '../auth-context.ts';
import { AuthCard } from './auth-card.tsx';
import { CheckEmailPanel } from './check-email-panel.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';
import {
  checkPasswordStrength,
  strengthAdvice,
  usePasswordStrength,
  WEAK_PASSWORD_MESSAGE,
} from '../lib/password-strength.ts';
import { applyServerErrors } from '../lib/server-errors.ts';

const FIELDS = ['businessName', 'fullName', 'email', 'password'] as const;
const STRENGTH_ID = 'password-strength';

/** A live invitation the person is signing up to accept (docs/decisions/035). */
export interface Joining {
  token: string;
  preview: InvitationPreview & { email: string; business_name: string };
}

/** The sign-up form: a business of one's own, or joining the one that invited the person. */
export function RegisterForm({
  redirectTo,
  joining,
  notice,
}: {
  redirectTo: string;
  joining: Joining | null;
  notice: string | null;
}) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<{ message: string; code: string | undefined } | null>(
    null,
  );
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null);

  const form = useForm({
    resolver: zodResolver(signUpInputSchema),
    defaultValues: {
      businessName: '',
      fullName: '',
      email: joining?.preview.email ?? '',
      password: '',
    },
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

  if (confirmationSentTo) {
    return (
      <CheckEmailPanel
        email={confirmationSentTo}
        joining={joining?.preview.business_name ?? null}
      />
    );
  }
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
    const timeZone = browserTimeZone();
    signUp.mutate({
      // An invitation is for one address: the one it was sent to.
      email: joining ? joining.preview.email : values.email,
      password: values.password,
      ...(!joining && values.businessName ? { businessName: values.businessName } : {}),
      ...(values.fullName ? { fullName: values.fullName } : {}),
      ...(timeZone ? { timeZone } : {}),
      ...(joining ? { invitationToken: joining.token } : {}),
    });
  });

  const passwordError = errors.password?.message;
  const busy = form.formState.isSubmitting || signUp.isPending;
  const role = joining?.preview.role ? TENANT_ROLE_LABELS[joining.preview.role] : null;
  const loginHref =
    redirectTo === '/dashboard' ? '/login' : `/login?redirect=${encodeURIComponent(redirectTo)}`;

  return (
    <AuthCard
      title={joining ? `Join ${joining.preview.business_name}` : 'Create your account'}
      description={
        joining
          ? 'Create your account to accept the invitation.'
          : 'Start your free trial. No card needed.'
      }
      footer={
        <>
          Already have an account?{' '}
          <Link to={loginHref} className="font-medium text-link hover:underline">
            Log in
          </Link>
        </>
      }
    >
      <form noValidate className="grid gap-5" onSubmit={onSubmit}>
        {joining ? (
          <div className="flex gap-3 rounded-lg border border-primary/30 bg-secondary/60 p-3.5 text-sm">
            <UserPlus aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <p className="text-foreground">
              {joining.preview.inviter_name ? (
                <>
                  <strong className="font-semibold">{joining.preview.inviter_name}</strong> invited
                  you to work on{' '}
                </>
              ) : (
                <>You are invited to work on </>
              )}
              <strong className="font-semibold">{joining.preview.business_name}</strong>
              {role ? <> as {role.label.toLowerCase()}</> : null}. You&apos;ll join it, not start a
              business of your own.
            </p>
          </div>
        ) : null}
        {notice ? <Alert variant="warning">{notice}</Alert> : null}
        {formError ? (
          <Alert variant="destructive">
            <p>{formError.message}</p>
            {formError.code === 'EMAIL_ALREADY_EXISTS' ? (
              <p className="mt-1">
                <Link to={loginHref} className="font-medium text-link hover:underline">
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
        {joining ? null : (
          <FormField label="Business name" optional error={errors.businessName?.message}>
            <Input autoComplete="organization" {...form.register('businessName')} />
          </FormField>
        )}
        <FormField label="Your name" optional error={errors.fullName?.message}>
          <Input autoComplete="name" {...form.register('fullName')} />
        </FormField>
        <FormField
          label="Email"
          error={errors.email?.message}
          hint={joining ? 'The invitation was sent to this address.' : undefined}
        >
          <EmailInput
            readOnly={joining !== null}
            className={joining ? 'bg-muted text-muted-foreground' : undefined}
            {...form.register('email')}
          />
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
          {busy ? 'Creating your account…' : joining ? `Create account and join` : 'Create account'}
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
