import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  passwordConfirmationInputSchema,
  type PasswordConfirmationInput,
} from '#shared/contracts/account-security.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { applyServerErrors } from '../../auth/index.ts';

const FIELDS = ['password'] as const;

/** A security change that needs the password again: the dialog asks, then runs `action`. */
export function PasswordConfirmDialog<T>({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  confirmVariant = 'default',
  action,
  onDone,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  action: (password: string) => Promise<T>;
  onDone: (result: T) => void;
  children?: ReactNode;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PasswordConfirmationInput>({
    resolver: zodResolver(passwordConfirmationInputSchema),
    defaultValues: { password: '' },
  });
  const run = useMutation({
    mutationFn: (values: PasswordConfirmationInput) => action(values.password),
    onSuccess: (result) => {
      form.reset();
      onDone(result);
    },
    onError: (error) => setFormError(applyServerErrors(error, form.setError, FIELDS)),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.reset();
          setFormError(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => {
            setFormError(null);
            run.mutate(values);
          })}
        >
          {children}
          {formError ? <Alert variant="destructive">{formError}</Alert> : null}
          <FormField label="Current password" error={form.formState.errors.password?.message}>
            <PasswordInput
              autoComplete="current-password"
              autoFocus
              {...form.register('password')}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant={confirmVariant} loading={run.isPending}>
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
