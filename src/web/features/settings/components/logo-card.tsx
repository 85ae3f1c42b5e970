import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import { toast } from 'sonner';
import { ACCOUNT_IMAGE_TYPES } from '#shared/contracts/account-security.contract.ts';
import type { BusinessProfile } from '#shared/contracts/account.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { accountKeys } from '../../account/api/account-api.ts';
import { accountSecurityApi } from '../../account/api/account-security-api.ts';
import { useAuth } from '../../auth/auth-context.ts';
import { imageFileProblem } from '../../profile/components/personal-details-card.tsx';

export function LogoCard({
  profile,
  readOnly = false,
}: {
  profile: BusinessProfile;
  readOnly?: boolean;
}) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
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
            <input
              ref={input}
              type="file"
              accept={ACCOUNT_IMAGE_TYPES.join(',')}
              className="sr-only"
              aria-label="Choose a logo"
              data-testid="logo-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (!file) return;
                const problem = imageFileProblem(file);
                setError(problem);
                if (!problem) upload.mutate(file);
              }}
            />
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                loading={upload.isPending}
                onClick={() => input.current?.click()}
              >
                {profile.logo_url ? 'Change logo' : 'Upload logo'}
              </Button>
              {profile.logo_url ? (
                <Button
                  variant="ghost"
                  size="sm"
                  loading={remove.isPending}
                  onClick={() => remove.mutate()}
                >
                  Remove
                </Button>
              ) : null}
            </div>
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
