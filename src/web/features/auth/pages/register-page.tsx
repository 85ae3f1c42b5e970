import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '#shared/contracts/staff.contract.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { safeRedirectTarget } from '../../../lib/navigation.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { staffApi, staffKeys } from '../../staff/index.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { RegisterForm, type Joining } from '../components/register-form.tsx';

const INVITATION_PATH = /^\/accept-invitation\/([A-Za-z0-9_-]{20,200})$/;

/** The token of the invitation page the person came from (`?redirect=/accept-invitation/…`). */
export function invitationTokenOf(redirect: string): string | null {
  return INVITATION_PATH.exec(redirect)?.[1] ?? null;
}

const CLOSED_INVITATION: Record<Exclude<InvitationPreview['status'], 'pending'>, string> = {
  expired: 'This invitation has expired, so this account would be for a business of your own.',
  cancelled: 'This invitation was cancelled, so this account would be for a business of your own.',
  accepted:
    'This invitation has already been used, so this account would be for a business of your own.',
};

export default function RegisterPage() {
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectTarget(searchParams.get('redirect'));
  const token = invitationTokenOf(redirectTo);
  useDocumentTitle(token ? 'Join your team - Soci Gen' : 'Create your account - Soci Gen');
  const preview = useQuery({
    queryKey: staffKeys.preview(token ?? ''),
    queryFn: ({ signal }) => staffApi.previewInvitation(token!, signal),
    enabled: token !== null,
    retry: false,
    // Told on the page: without a live invitation this is an ordinary sign-up.
    meta: { handlesErrors: true },
  });

  if (token && preview.isPending) {
    return (
      <AuthCard title="Opening your invitation">
        <Spinner label="Loading the invitation" className="mx-auto" />
      </AuthCard>
    );
  }
  const data = preview.data;
  const joining: Joining | null =
    token && data?.status === 'pending' && data.email && data.business_name
      ? {
          token,
          preview: { ...data, email: data.email, business_name: data.business_name },
        }
      : null;
  let notice: string | null = null;
  if (token && !joining) {
    notice =
      data && data.status !== 'pending'
        ? CLOSED_INVITATION[data.status]
        : 'This invitation link is not valid, so this account would be for a business of your own.';
  }
  return (
    <RegisterForm
      key={joining ? 'joining' : 'own'}
      redirectTo={redirectTo}
      joining={joining}
      notice={notice}
    />
  );
}
