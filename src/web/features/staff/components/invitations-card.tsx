import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, MailPlus, Send, XCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { InvitationStatus, StaffInvitation } from '#shared/contracts/staff.contract.ts';
import { TENANT_ROLE_LABELS } from '#shared/permissions.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { useAuth } from '../../auth/index.ts';
import { staffApi, staffKeys } from '../api/staff-api.ts';

const STATUS_BADGES: Record<InvitationStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'warning' },
  accepted: { label: 'Accepted', variant: 'success' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
  expired: { label: 'Expired', variant: 'destructive' },
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function InvitationRow({
  invitation,
  canManage,
}: {
  invitation: StaffInvitation;
  canManage: boolean;
}) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffKeys.all });
  const onError = (error: unknown) => toast.error(userMessageOf(error));

  const resend = useMutation({
    mutationFn: () => staffApi.resendInvitation(invitation.id),
    onSuccess: async () => {
      toast.success(
        `Invitation sent again to ${invitation.email}. The earlier link no longer works.`,
      );
      await refresh();
    },
    onError,
  });
  const copy = useMutation({
    mutationFn: () => staffApi.invitationLink(invitation.id),
    onSuccess: async ({ url }) => {
      try {
        await navigator.clipboard.writeText(url);
        toast.success('Invitation link copied.');
      } catch {
        // No clipboard permission: show the link so it can be copied by hand.
        toast.info(url, { duration: 15_000 });
      }
    },
    onError,
  });
  const cancel = useMutation({
    mutationFn: () => staffApi.cancelInvitation(invitation.id),
    onSuccess: async () => {
      toast.success(`Invitation to ${invitation.email} cancelled.`);
      await refresh();
    },
    onError,
  });
  const badge = STATUS_BADGES[invitation.status];
  const open = invitation.status === 'pending' || invitation.status === 'expired';

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="grid min-w-0 gap-0.5">
        <p className="truncate font-medium text-foreground">{invitation.email}</p>
        <p className="text-sm text-muted-foreground">
          {TENANT_ROLE_LABELS[invitation.role].label} · sent{' '}
          {dateFormat.format(new Date(invitation.created_at))}
          {invitation.status === 'pending'
            ? ` · expires ${dateFormat.format(new Date(invitation.expires_at))}`
            : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={badge.variant}>{badge.label}</Badge>
        {canManage && open ? (
          <>
            <Button
              variant="outline"
              size="sm"
              onClick={() => resend.mutate()}
              disabled={resend.isPending}
              aria-label={`Resend the invitation to ${invitation.email}`}
            >
              <Send aria-hidden className="size-4" />
              Resend
            </Button>
            {invitation.status === 'pending' ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => copy.mutate()}
                disabled={copy.isPending}
                aria-label={`Copy the invitation link for ${invitation.email}`}
              >
                <Copy aria-hidden className="size-4" />
                Copy link
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => cancel.mutate()}
              disabled={cancel.isPending}
              aria-label={`Cancel the invitation to ${invitation.email}`}
            >
              <XCircle aria-hidden className="size-4" />
              Cancel
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

export function InvitationsCard({ canManage, tenantId }: { canManage: boolean; tenantId: string }) {
  const user = useAuth().user!;
  const invitations = useQuery({
    queryKey: staffKeys.invitations(user.id, tenantId),
    queryFn: ({ signal }) => staffApi.listInvitations(signal),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invitations</CardTitle>
        <CardDescription>Everyone you invited, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {invitations.isPending ? (
          <Skeleton className="h-24" />
        ) : invitations.isError ? (
          <Alert variant="destructive">
            <p>{userMessageOf(invitations.error)}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => invitations.refetch()}
            >
              Try again
            </Button>
          </Alert>
        ) : invitations.data.length === 0 ? (
          <EmptyState
            icon={MailPlus}
            title="No invitations yet"
            description={
              canManage
                ? 'Invite your team by e-mail and give each person a role.'
                : 'The owner or a manager invites new team members.'
            }
          />
        ) : (
          <ul className="divide-y divide-border" aria-label="Invitations">
            {invitations.data.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} canManage={canManage} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
