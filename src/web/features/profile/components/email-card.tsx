import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changeEmailInputSchema,
  type ChangeEmailInput,
} from '#shared/contracts/account-security.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { EmailInput } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { accountSecurityApi, accountSecurityKeys } from '../../account/index.ts';
import { applyServerErrors } from '../../auth/index.ts';

const FIELDS = ['newEmail', 'password'] as const;

export function EmailCard({ userId, email }: { userId: string; email: string }) {
  const queryClient = useQueryClient();
  const overview = useQuery({
    queryKey: accountSecurityKeys.overview(userId),
    queryFn: ({ signal }) => accountSecurityApi.overview(signal),
  });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailInputSchema),
    defaultValues: { newEmail: '', password: '' },
  });
  const { errors } = form.formState;
  const change = useMutation({
    mutationFn: accountSecurityApi.changeEmail,
    onSuccess: async (_data, input) => {
      setSentTo(input.newEmail.trim().toLowerCase());
      form.reset();
      await queryClient.invalidateQueries({ queryKey: accountSecurityKeys.overview(userId) });
    },
    onError: (error) => setFormError(applyServerErrors(error, form.setError, FIELDS)),
  });
  const pending = overview.data?.pendingEmail;

  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mail address</CardTitle>
        <CardDescription>
          You log in with <span className="font-medium text-foreground">{email}</span>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sentTo ? (
          <Alert variant="success" title="Check your inbox">
            If {sentTo} can be used, a confirmation link is on its way there. Your address changes
            when you follow it; until then, keep logging in with {email}.
          </Alert>
        ) : pending ? (
          <Alert variant="info">
            A change to {pending} is waiting for you to follow the link sent there.
          </Alert>
        ) : null}
        <form
          noValidate
          aria-label="Change e-mail address"
          className="grid max-w-md gap-4"
          onSubmit={form.handleSubmit((values) => {
            setFormError(null);
            setSentTo(null);
            change.mutate(values);
          })}
        >
          {formError ? <Alert variant="destructive">{formError}</Alert> : null}
          <FormField label="New e-mail address" error={errors.newEmail?.message}>
            <EmailInput {...form.register('newEmail')} />
          </FormField>
          <FormField label="Current password" error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" {...form.register('password')} />
          </FormField>
          <div>
            <Button type="submit" loading={change.isPending}>
              Send confirmation link
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
