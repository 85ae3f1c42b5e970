import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  changePasswordInputSchema,
  type ChangePasswordInput,
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
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { accountSecurityApi, accountSecurityKeys } from '../../account/index.ts';
import { applyServerErrors } from '../../auth/index.ts';

const FIELDS = ['currentPassword', 'newPassword'] as const;

export function PasswordCard({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInputSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;
  const change = useMutation({
    mutationFn: accountSecurityApi.changePassword,
    onSuccess: async () => {
      form.reset();
      toast.success('Your password is changed. Other sessions were signed out.');
      await queryClient.invalidateQueries({ queryKey: accountSecurityKeys.sessions(userId) });
    },
    onError: (error) => setFormError(applyServerErrors(error, form.setError, FIELDS)),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>
          Changing it signs you out everywhere except on this device.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="Change password"
          className="grid max-w-md gap-4"
          onSubmit={form.handleSubmit((values) => {
            setFormError(null);
            change.mutate(values);
          })}
        >
          {formError ? <Alert variant="destructive">{formError}</Alert> : null}
          <FormField label="Current password" error={errors.currentPassword?.message}>
            <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <FormField
            label="New password"
            error={errors.newPassword?.message}
            hint="At least 8 characters. A few unrelated words make a strong password."
          >
            <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
          <div>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
