import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import {
  createInvitationInputSchema,
  INVITATION_VALID_DAYS,
  type CreateInvitationInput,
} from '#shared/contracts/staff.contract.ts';
import { STAFF_ROLES, TENANT_ROLE_LABELS } from '#shared/permissions.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { EmailInput } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { applyServerErrors } from '../../auth/index.ts';
import { staffApi, staffKeys } from '../api/staff-api.ts';

type FormValues = CreateInvitationInput;

export function InviteDialog() {
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({
    resolver: zodResolver(createInvitationInputSchema),
    defaultValues: { email: '', role: 'staff' },
  });
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' });

  const invite = useMutation({
    mutationFn: (values: FormValues) => staffApi.createInvitation(values),
    onSuccess: async (invitation) => {
      toast.success(`Invitation sent to ${invitation.email}.`);
      form.reset({ email: '', role: invitation.role });
      setFormError(null);
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
    // What was typed stays in the form; the server's message goes under the field or on top.
    onError: (error) => setFormError(applyServerErrors(error, form.setError, ['email', 'role'])),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setFormError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden className="size-4" />
          Invite staff
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite a team member</DialogTitle>
          <DialogDescription>
            We e-mail them a link to join your business. It works once and expires in{' '}
            {INVITATION_VALID_DAYS} days.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => {
            setFormError(null);
            invite.mutate(values);
          })}
        >
          {formError ? <Alert variant="destructive">{formError}</Alert> : null}
          <FormField label="E-mail address" error={errors.email?.message}>
            <EmailInput
              autoComplete="off"
              placeholder="name@example.com"
              {...form.register('email')}
            />
          </FormField>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium text-foreground">Role</legend>
            {STAFF_ROLES.map((value) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors',
                  role === value
                    ? 'border-primary bg-primary/5'
                    : 'border-border hover:bg-muted/50',
                )}
              >
                <input
                  type="radio"
                  value={value}
                  className="mt-0.5 size-4 accent-primary"
                  {...form.register('role')}
                />
                <span className="grid gap-0.5">
                  <span className="font-medium text-foreground">
                    {TENANT_ROLE_LABELS[value].label}
                  </span>
                  <span className="text-muted-foreground">
                    {TENANT_ROLE_LABELS[value].description}
                  </span>
                </span>
              </label>
            ))}
            {errors.role?.message ? (
              <p className="text-sm text-destructive">{errors.role.message}</p>
            ) : null}
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? 'Sending…' : 'Send invitation'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
