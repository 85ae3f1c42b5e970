import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { accountApi, accountKeys } from '../../account/index.ts';
import { useAuth } from '../../auth/index.ts';
import { DeleteAccountCard } from '../components/delete-account-card.tsx';
import { EmailCard } from '../components/email-card.tsx';
import { MfaCard } from '../components/mfa-card.tsx';
import { PasswordCard } from '../components/password-card.tsx';
import { PersonalDetailsCard } from '../components/personal-details-card.tsx';
import { SessionsCard } from '../components/sessions-card.tsx';

export default function ProfilePage() {
  const auth = useAuth();
  const user = auth.user!;
  const [searchParams, setSearchParams] = useSearchParams();
  const profile = useQuery({
    queryKey: accountKeys.profile(user.id),
    queryFn: ({ signal }) => accountApi.getProfile(signal),
    meta: { handlesErrors: true },
  });

  // The link sent to a new address lands here with the outcome.
  const emailNotice = searchParams.get('email');
  useEffect(() => {
    if (!emailNotice) return;
    if (emailNotice === 'changed') toast.success('Your e-mail address is changed.');
    else toast.error('This confirmation link is invalid or has expired. Ask for a new one.');
    const next = new URLSearchParams(searchParams);
    next.delete('email');
    setSearchParams(next, { replace: true });
    if (emailNotice === 'changed') void auth.refreshSession().catch(() => undefined);
  }, [emailNotice, searchParams, setSearchParams, auth]);

  return (
    <div className="grid gap-6">
      <PageHeader title="Profile" description="Your personal details, sign-in and security." />
      {profile.isPending ? (
        <Skeleton className="h-48" />
      ) : profile.isError ? (
        <Alert variant="destructive">
          <p>{userMessageOf(profile.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => profile.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <PersonalDetailsCard userId={user.id} email={user.email} profile={profile.data} />
      )}
      <EmailCard userId={user.id} email={user.email} />
      <PasswordCard userId={user.id} />
      <MfaCard userId={user.id} />
      <SessionsCard userId={user.id} />
      <DeleteAccountCard />
    </div>
  );
}
