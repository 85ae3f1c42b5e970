import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { accountApi, accountKeys } from '../../account/index.ts';
import { useAuth } from '../../auth/index.ts';
import { useCan } from '../../staff/index.ts';
import { BusinessProfileForm } from '../components/business-profile-form.tsx';
import { LogoCard } from '../components/logo-card.tsx';
import { NotificationsCard } from '../components/notifications-card.tsx';

export default function SettingsPage() {
  const user = useAuth().user!;
  const canEdit = useCan('update:business-profile');
  const profile = useQuery({
    queryKey: accountKeys.businessProfile(user.id),
    queryFn: ({ signal }) => accountApi.getBusinessProfile(signal),
    meta: { handlesErrors: true },
  });
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Settings"
        description="Your business profile and what we notify you about."
      />
      {profile.isPending ? (
        <Skeleton className="h-96" />
      ) : profile.isError ? (
        <Alert variant="destructive">
          <p>{userMessageOf(profile.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => profile.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <BusinessProfileForm
            key={profile.data.user_id}
            profile={profile.data}
            readOnly={!canEdit}
          />
          <LogoCard profile={profile.data} readOnly={!canEdit} />
        </>
      )}
      <NotificationsCard userId={user.id} />
    </div>
  );
}
