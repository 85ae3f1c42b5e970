import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { adminSetupInputSchema } from '#shared/contracts/admin.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { applyServerErrors, useAuth } from '../../auth/index.ts';
import { adminApi, adminKeys } from '../api/admin-api.ts';

// docs/product/routes.md#guard-behaviour: shown without any check. The first administrator is
// created here, once, with the one-time token the server prints when it starts while no
// administrator exists (decision 033).

type FormValues = { token: string };

const SIGN_IN_THEN_SETUP = '/login?redirect=%2Fdashboard%2Fadmin-setup';

export default function AdminSetupPage() {
  useDocumentTitle('Admin Setup - Soci Gen Dashboard');
  const auth = useAuth();
  const [formError, setFormError] = useState<string | null>(null);
  const status = useQuery({
    // Shown signed in or not: the key carries who is asking, or none.
    queryKey: adminKeys.setup(auth.user?.id ?? 'anonymous'),
    queryFn: ({ signal }) => adminApi.setupNeeded(signal),
  });
  const form = useForm<FormValues>({
    resolver: zodResolver(adminSetupInputSchema),
    defaultValues: { token: '' },
  });
  const setup = useMutation({
    mutationFn: (values: FormValues) => adminApi.completeSetup(values.token),
    onSuccess: () => window.location.assign('/dashboard/admin'),
    onError: (error) => setFormError(applyServerErrors(error, form.setError, ['token'])),
  });

  let body;
  if (status.isPending || auth.status === 'loading') {
    body = <Skeleton className="h-40" />;
  } else if (status.isError) {
    body = <Alert variant="destructive">{userMessageOf(status.error)}</Alert>;
  } else if (!status.data.needed) {
    body = (
      <Alert variant="info" title="Setup is complete">
        This installation already has an administrator. Administrators give others the role from the
        admin area.
      </Alert>
    );
  } else if (!auth.user) {
    // docs/product/routes.md#guard-behaviour: this page is shown without any check; it asks for the
    // sign-in it needs itself.
    body = (
      <div className="grid gap-3">
        <Alert variant="info" title="Log in first">
          Log in with the account that should become the administrator, then enter the setup token
          here.
        </Alert>
        <div>
          <Link to={SIGN_IN_THEN_SETUP} className={buttonClasses({})}>
            Log in
          </Link>
        </div>
      </div>
    );
  } else {
    body = (
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => {
          setFormError(null);
          setup.mutate(values);
        })}
      >
        {formError ? <Alert variant="destructive">{formError}</Alert> : null}
        <FormField
          label="Setup token"
          error={form.formState.errors.token?.message}
          hint="The server prints it in its log when it starts. It works once."
        >
          <PasswordInput autoComplete="off" spellCheck={false} {...form.register('token')} />
        </FormField>
        <div>
          {/* The address can be long: the label wraps rather than widening a phone's page (`!`:
              cn() does not merge classes, and the button's own height and nowrap would win). */}
          <Button
            type="submit"
            disabled={setup.isPending}
            className="h-auto! min-h-10 py-2 text-left whitespace-normal! wrap-anywhere"
          >
            {setup.isPending ? 'Checking…' : `Make ${auth.user.email} an administrator`}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 py-6">
      <Card>
        <CardHeader>
          <div className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <ShieldCheck aria-hidden className="size-5" />
          </div>
          {/* The page's only heading, so its first level (docs/decisions/090). */}
          <h1 className="text-lg leading-tight font-semibold">Set up the first administrator</h1>
          <CardDescription>
            Administrators manage every account of this installation: status, plan and roles, and
            the health of the system.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {body}
          <Link to="/dashboard" className="text-sm text-link hover:underline">
            Back to the dashboard
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
