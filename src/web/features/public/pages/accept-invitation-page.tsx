import { useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  CalendarX2,
  CircleCheck,
  Link2Off,
  UserPlus,
  XCircle,
  type LucideIcon,
} from 'lucide-react';
import type { InvitationPreview } from '#shared/contracts/staff.contract.ts';
import { TENANT_ROLE_LABELS } from '#shared/permissions.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { httpStatusOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { EMAIL_CONFIRMED_MESSAGE, readUrlNotices } from '../../../lib/url-notices.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuth } from '../../auth/index.ts';
import { staffApi, staffKeys } from '../../staff/index.ts';

// /accept-invitation/{token} (docs/product/screens.md#invitation-acceptance): who invites whom to
// which business; sign in or register; join as staff. Expired, cancelled, used and unknown links
// each get their own page.

function Panel({
  icon: Icon,
  title,
  children,
  actions,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-16 sm:py-24">
      <Card className="grid justify-items-center gap-5 p-6 text-center sm:p-10">
        <div className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Icon aria-hidden className="size-7" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{title}</h1>
        <div className="grid max-w-lg gap-3 text-muted-foreground">{children}</div>
        {actions ? <div className="flex flex-wrap justify-center gap-3">{actions}</div> : null}
      </Card>
    </section>
  );
}

function HomeButtons() {
  const { user } = useAuth();
  return user ? (
    <Button asChild>
      <Link to="/dashboard">Go to your dashboard</Link>
    </Button>
  ) : (
    <>
      <Button asChild>
        <Link to="/login">Log in</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/">Go to the home page</Link>
      </Button>
    </>
  );
}

const CLOSED: Record<
  Exclude<InvitationPreview['status'], 'pending'>,
  { icon: LucideIcon; title: string; text: string }
> = {
  expired: {
    icon: CalendarX2,
    title: 'This invitation has expired',
    text: 'Invitations work for 7 days. Ask the person who invited you to send it again.',
  },
  cancelled: {
    icon: XCircle,
    title: 'This invitation was cancelled',
    text: 'The business withdrew it. If you think that was a mistake, ask them for a new one.',
  },
  accepted: {
    icon: CircleCheck,
    title: 'This invitation has already been used',
    text: 'Each link works once. If you accepted it, sign in and you will find the business in your dashboard.',
  },
};

function PendingInvitation({
  token,
  preview,
  confirmed,
}: {
  token: string;
  preview: InvitationPreview;
  /** Arrived from the confirmation link of a sign-up made from this invitation. */
  confirmed: boolean;
}) {
  const auth = useAuth();
  const accept = useMutation({
    mutationFn: () => staffApi.acceptInvitation(token),
    // A full load: every cached answer so far belonged to the person's own business.
    onSuccess: () => window.location.assign('/dashboard'),
  });
  const business = preview.business_name ?? 'a business';
  const role = preview.role ? TENANT_ROLE_LABELS[preview.role] : null;
  const here = `/accept-invitation/${encodeURIComponent(token)}`;
  const signedInAs = auth.user?.email ?? null;
  const sameAddress =
    signedInAs !== null && preview.email !== null
      ? signedInAs.toLowerCase() === preview.email.toLowerCase()
      : false;

  const intro = (
    <>
      <p>
        <strong className="text-foreground">{preview.inviter_name ?? business}</strong> invited{' '}
        <strong className="text-foreground">{preview.email}</strong> to work on{' '}
        <strong className="text-foreground">{business}</strong> in Soci Gen
        {role ? (
          <>
            {' '}
            as <strong className="text-foreground">{role.label.toLowerCase()}</strong>
          </>
        ) : null}
        .
      </p>
      {role ? <p className="text-sm">{role.description}</p> : null}
    </>
  );

  if (auth.status === 'loading') {
    return (
      <Panel icon={UserPlus} title={`Join ${business}`}>
        {intro}
        <Spinner label="Checking your sign-in" className="mx-auto" />
      </Panel>
    );
  }

  if (!auth.user) {
    return (
      <Panel
        icon={UserPlus}
        title={`Join ${business}`}
        actions={
          <>
            <Button asChild>
              <Link to={`/login?redirect=${encodeURIComponent(here)}`}>Log in to accept</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={`/register?redirect=${encodeURIComponent(here)}`}>Create an account</Link>
            </Button>
          </>
        }
      >
        {intro}
        <p className="text-sm">
          Log in or create an account with {preview.email}. If you create one, confirm your address
          from the e-mail we send and you will come back here to join.
        </p>
      </Panel>
    );
  }

  if (!sameAddress) {
    return (
      <Panel
        icon={UserPlus}
        title={`Join ${business}`}
        actions={
          <Button variant="outline" onClick={() => void auth.signOut()}>
            Log out
          </Button>
        }
      >
        {intro}
        <Alert variant="warning">
          You are logged in as {signedInAs}. This invitation is for {preview.email}: log out, then
          log in or create an account with that address to accept it.
        </Alert>
      </Panel>
    );
  }

  return (
    <Panel
      icon={UserPlus}
      title={`Join ${business}`}
      actions={
        <>
          <Button onClick={() => accept.mutate()} disabled={accept.isPending}>
            {accept.isPending ? 'Joining…' : `Join ${business}`}
          </Button>
          <Button asChild variant="outline">
            <Link to="/dashboard">Not now</Link>
          </Button>
        </>
      }
    >
      {confirmed ? (
        <Alert variant="success" className="text-left">
          {EMAIL_CONFIRMED_MESSAGE} One last step: join {business}.
        </Alert>
      ) : null}
      {intro}
      {accept.isError ? <Alert variant="destructive">{userMessageOf(accept.error)}</Alert> : null}
    </Panel>
  );
}

export default function AcceptInvitationPage() {
  useDocumentTitle('Join a team - Soci Gen');
  const token = useParams().token ?? '';
  const location = useLocation();
  // The root layout drops `confirmed=1` from the address at once (docs/decisions/035).
  const [confirmed] = useState(() => readUrlNotices(location.search).confirmed);
  const preview = useQuery({
    queryKey: staffKeys.preview(token),
    queryFn: ({ signal }) => staffApi.previewInvitation(token, signal),
    retry: false,
  });

  if (preview.isPending) {
    return (
      <Panel icon={UserPlus} title="Opening your invitation">
        <Spinner label="Loading the invitation" className="mx-auto" />
      </Panel>
    );
  }
  if (preview.isError) {
    const status = httpStatusOf(preview.error);
    if (status === 404 || status === 400) {
      return (
        <Panel icon={Link2Off} title="This invitation link is not valid" actions={<HomeButtons />}>
          <p>
            Check that you opened the whole link from the e-mail. If it still does not work, ask the
            person who invited you to send it again.
          </p>
        </Panel>
      );
    }
    return (
      <Panel
        icon={Link2Off}
        title="We could not open this invitation"
        actions={<Button onClick={() => preview.refetch()}>Try again</Button>}
      >
        <p>{userMessageOf(preview.error)}</p>
      </Panel>
    );
  }
  if (preview.data.status !== 'pending') {
    const closed = CLOSED[preview.data.status];
    return (
      <Panel icon={closed.icon} title={closed.title} actions={<HomeButtons />}>
        <p>{closed.text}</p>
      </Panel>
    );
  }
  return <PendingInvitation token={token} preview={preview.data} confirmed={confirmed} />;
}
