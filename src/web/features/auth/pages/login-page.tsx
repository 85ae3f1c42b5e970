import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { signInInputSchema, type SignInInput } from '#shared/contracts/auth.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { EmailInput } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { errorCodeOf } from '../../../lib/api-client.ts';
import { reportError } from '../../../lib/errors.ts';
import { safeNavigate, safeRedirectTarget } from '../../../lib/navigation.ts';
import { EMAIL_CONFIRMED_LOG_IN_MESSAGE } from '../../../lib/url-notices.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { authApi } from '../api/auth-api.ts';
import { useAuth } from '../auth-context.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { MfaChallengeForm } from '../components/mfa-challenge-form.tsx';
import { applyServerErrors } from '../lib/server-errors.ts';
import { LOGIN_REQUIRED_MESSAGE, type LoginRedirectState } from '../require-auth.tsx';
import { ContinueWithFacebook } from '../../platforms/index.ts';

const FIELDS = ['email', 'password'] as const;

function ResendConfirmation({ email }: { email: string }) {
  const resend = useMutation({
    mutationFn: () => authApi.resendConfirmation(email),
    onSuccess: () => toast.success(`We've sent a new confirmation e-mail to ${email}.`),
    onError: (error) => reportError(error),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      className="mt-2"
      loading={resend.isPending}
      onClick={() => resend.mutate()}
    >
      Resend confirmation e-mail
    </Button>
  );
}

export default function LoginPage() {
  useDocumentTitle('Log in - Soci Gen');
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const redirectParam = searchParams.get('redirect');
  const redirectTo = safeRedirectTarget(
    redirectParam ?? (location.state as LoginRedirectState | null)?.from,
  );
  const loginRequired =
    (location.state as LoginRedirectState | null)?.reason === 'login-required' ||
    redirectParam !== null;
  // Read once: the root layout removes `confirmed` from the address right after the first render.
  const [emailConfirmed] = useState(() => searchParams.get('confirmed') === '1');
  const [formError, setFormError] = useState<{
    message: string;
    code: string | undefined;
    email: string;
  } | null>(null);

  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(signInInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const signIn = useMutation({
    mutationFn: (input: SignInInput) => auth.signIn(input),
    onSuccess: (result) => {
      if ('mfaRequired' in result) {
        setChallengeToken(result.challengeToken);
        return;
      }
      safeNavigate(navigate, redirectTo, { replace: true });
    },
    onError: (error, input) => {
      // The typed values stay in the form; only the messages change.
      const message = applyServerErrors(error, form.setError, FIELDS);
      setFormError(
        message
          ? { message, code: errorCodeOf(error), email: input.email.trim().toLowerCase() }
          : null,
      );
    },
  });

  if (auth.user && !signIn.isPending && !signIn.isSuccess)
    return <Navigate to={redirectTo} replace />;

  if (challengeToken) {
    return (
      <AuthCard
        title="Two-factor authentication"
        description="One more step to keep your account safe."
      >
        <MfaChallengeForm
          challengeToken={challengeToken}
          onVerified={() => safeNavigate(navigate, redirectTo, { replace: true })}
          onStartOver={() => {
            setChallengeToken(null);
            signIn.reset();
            form.resetField('password');
          }}
        />
      </AuthCard>
    );
  }

  const registerHref = redirectParam
    ? `/register?redirect=${encodeURIComponent(redirectParam)}`
    : '/register';

  return (
    <AuthCard
      title="Welcome back"
      description="Log in to plan and publish your content."
      footer={
        <>
          New to Soci Gen?{' '}
          <Link to={registerHref} className="font-medium text-link hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <form
        noValidate
        className="grid gap-5"
        onSubmit={form.handleSubmit((values) => {
          setFormError(null);
          signIn.mutate(values);
        })}
      >
        {emailConfirmed && !formError ? (
          <Alert variant="success">{EMAIL_CONFIRMED_LOG_IN_MESSAGE}</Alert>
        ) : null}
        {loginRequired && !formError ? (
          <Alert variant="info">{LOGIN_REQUIRED_MESSAGE}</Alert>
        ) : null}
        {formError ? (
          <Alert variant="destructive">
            <p>{formError.message}</p>
            {formError.code === 'EMAIL_NOT_CONFIRMED' ? (
              <ResendConfirmation email={formError.email} />
            ) : null}
          </Alert>
        ) : null}
        <FormField label="Email" error={errors.email?.message}>
          <EmailInput {...form.register('email')} />
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          labelAside={
            <Link to="/forgot-password" className="text-sm font-medium text-link hover:underline">
              Forgot password?
            </Link>
          }
        >
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <Button type="submit" size="lg" className="w-full" loading={signIn.isPending}>
          {signIn.isPending ? 'Logging in…' : 'Log in'}
        </Button>
      </form>
      <ContinueWithFacebook />
    </AuthCard>
  );
}
