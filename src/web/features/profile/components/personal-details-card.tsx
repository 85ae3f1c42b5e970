import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from 'sonner';
import type { Profile } from '#shared/contracts/account.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { accountKeys, accountSecurityApi, ImagePicker } from '../../account/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../auth/index.ts';

const nameSchema = z.object({
  full_name: z.string().trim().min(1, 'Enter your name').max(120, 'Name is too long'),
});

/** Client-side first look at a chosen image; the server decodes it to be sure. */
function initialsOf(name: string | null, email: string): string {
  const source = name?.trim() || email;
  const parts = source.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

export function PersonalDetailsCard({
  userId,
  email,
  profile,
}: {
  userId: string;
  email: string;
  profile: Profile;
}) {
  const queryClient = useQueryClient();
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(nameSchema),
    defaultValues: { full_name: profile.full_name ?? '' },
  });
  const saveProfile = (next: Profile) =>
    queryClient.setQueryData(accountKeys.profile(userId), next);

  const rename = useMutation({
    mutationFn: (values: { full_name: string }) => accountSecurityApi.updateName(values.full_name),
    onSuccess: (next) => {
      saveProfile(next);
      form.reset({ full_name: next.full_name ?? '' });
      toast.success('Your name is saved.');
    },
    onError: (error) =>
      setFormError(applyServerErrors(error, form.setError, ['full_name'] as const)),
  });
  const upload = useMutation({
    mutationFn: accountSecurityApi.uploadAvatar,
    onSuccess: (next) => {
      saveProfile(next);
      toast.success('Your photo is updated.');
    },
    onError: (error) => setAvatarError(fieldErrorsOf(error)['file'] ?? userMessageOf(error)),
  });
  const remove = useMutation({
    mutationFn: accountSecurityApi.removeAvatar,
    onSuccess: saveProfile,
    onError: (error) => setAvatarError(userMessageOf(error)),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal details</CardTitle>
        <CardDescription>How you appear to your team.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-[auto_1fr]">
        <div className="grid justify-items-center gap-3 sm:justify-items-start">
          {profile.avatar_url ? (
            <img
              src={profile.avatar_url}
              alt="Your profile photo"
              className="size-24 rounded-full border border-border object-cover"
            />
          ) : (
            <div
              aria-hidden
              className="flex size-24 items-center justify-center rounded-full bg-primary/10 text-2xl font-semibold text-primary"
            >
              {initialsOf(profile.full_name, email)}
            </div>
          )}
          <ImagePicker
            noun="photo"
            inputLabel="Choose a profile photo"
            testId="avatar-input"
            hasImage={!!profile.avatar_url}
            uploading={upload.isPending}
            removing={remove.isPending}
            error={avatarError}
            errorClassName="max-w-56"
            onProblem={setAvatarError}
            onFile={(file) => upload.mutate(file)}
            onRemove={() => remove.mutate()}
          />
        </div>
        <form
          noValidate
          aria-label="Your name"
          className="grid max-w-md content-start gap-4"
          onSubmit={form.handleSubmit((values) => {
            setFormError(null);
            rename.mutate(values);
          })}
        >
          {formError ? <Alert variant="destructive">{formError}</Alert> : null}
          <FormField label="Full name" error={form.formState.errors.full_name?.message}>
            <Input autoComplete="name" {...form.register('full_name')} />
          </FormField>
          <div>
            <Button type="submit" loading={rename.isPending}>
              Save name
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
