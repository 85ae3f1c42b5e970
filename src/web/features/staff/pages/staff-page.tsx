import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TENANT_ROLE_LABELS } from '#shared/permissions.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { BusinessSwitcher } from '../components/business-switcher.tsx';
import { InvitationsCard } from '../components/invitations-card.tsx';
import { InviteDialog } from '../components/invite-dialog.tsx';
import { MembersCard } from '../components/members-card.tsx';
import { actorCan, useActor } from '../api/use-actor.ts';

export default function StaffPage() {
  useDocumentTitle('Staff - Soci Gen Dashboard');
  const actor = useActor();
  const canManage = actorCan(actor.data, 'manage:staff');
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Staff"
        description={
          actor.data && actor.data.tenant_role !== 'owner'
            ? `You work here as ${TENANT_ROLE_LABELS[actor.data.tenant_role].label.toLowerCase()}.`
            : 'Invite your team by e-mail, give each person a role, and manage pending invitations.'
        }
        actions={actor.data && canManage ? <InviteDialog /> : null}
      />
      {actor.isPending ? (
        <Skeleton className="h-64" />
      ) : actor.isError ? (
        <Alert variant="destructive">
          <p>{userMessageOf(actor.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => actor.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <BusinessSwitcher actor={actor.data} />
          <MembersCard canManage={canManage} tenantId={actor.data.tenant_id} />
          <InvitationsCard canManage={canManage} tenantId={actor.data.tenant_id} />
        </>
      )}
    </div>
  );
}
