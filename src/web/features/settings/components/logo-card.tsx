import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { BusinessProfile } from '#shared/contracts/account.contract.ts';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { accountKeys, accountSecurityApi, ImagePicker } from '../../account/index.ts';
import { useAuth } from '../../auth/index.ts';

export function LogoCard({
  profile,
  readOnly = false,
}: {
  profile: BusinessProfile;
  readOnly?: boolean;
}) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const saved = async (next: BusinessProfile) => {
    queryClient.setQueryData(accountKeys.businessProfile(next.user_id), next);
    await auth.reloadAccount();
  };
  const upload = useMutation({
    mutationFn: accountSecurityApi.uploadLogo,
    onSuccess: async (next) => {
      await saved(next);
      toast.success('Logo updated.');
    },
    onError: (e) => setError(fieldErrorsOf(e)['file'] ?? userMessageOf(e)),
  });
  const remove = useMutation({
    mutationFn: accountSecurityApi.removeLogo,
    onSuccess: saved,
    onError: (e) => setError(userMessageOf(e)),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Logo</CardTitle>
        <CardDescription>A square image of at least 512 × 512 pixels looks best.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-4">
        {profile.logo_url ? (
          <img
            src={profile.logo_url}
            alt={`${profile.business_name} logo`}
            className="size-24 rounded-lg border border-border bg-white object-contain p-1"
          />
        ) : (
          <div
            aria-hidden
            className="flex size-24 items-center justify-center rounded-lg border border-dashed border-border text-muted-foreground"
          >
            <ImageIcon className="size-8" />
          </div>
        )}
        {readOnly ? null : (
          <div className="grid gap-2">
            <ImagePicker
              noun="logo"
              inputLabel="Choose a logo"
              testId="logo-input"
              hasImage={!!profile.logo_url}
              uploading={upload.isPending}
              removing={remove.isPending}
              error={error}
              onProblem={setError}
              onFile={(file) => upload.mutate(file)}
              onRemove={() => remove.mutate()}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
