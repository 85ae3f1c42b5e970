import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserMinus, Users } from 'lucide-react';
import { toast } from 'sonner';
import type { StaffMemberView } from '#shared/contracts/staff.contract.ts';
import { STAFF_ROLES, TENANT_ROLE_LABELS, type StaffRole } from '#shared/permissions.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { useAuth } from '../../auth/index.ts';
import { staffApi, staffKeys } from '../api/staff-api.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function MemberRow({
  member,
  canManage,
  onRemove,
}: {
  member: StaffMemberView;
  canManage: boolean;
  onRemove: (member: StaffMemberView) => void;
}) {
  const queryClient = useQueryClient();
  const name = member.full_name || member.email || 'Team member';
  const changeRole = useMutation({
    mutationFn: (role: StaffRole) => staffApi.updateMemberRole(member.user_id, role),
    onSuccess: async (next) => {
      toast.success(`${name} is now ${TENANT_ROLE_LABELS[next.role].label.toLowerCase()}.`);
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
    onError: (error) => toast.error(userMessageOf(error)),
  });
  const selectId = `role-${member.user_id}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="grid min-w-0 gap-0.5">
        <p className="truncate font-medium text-foreground">{name}</p>
        <p className="truncate text-sm text-muted-foreground">
          {member.full_name && member.email ? `${member.email} · ` : ''}joined{' '}
          {dateFormat.format(new Date(member.joined_at))}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {canManage ? (
          <>
            <label htmlFor={selectId} className="sr-only">
              Role of {name}
            </label>
            <div className="w-36 shrink-0">
              <select
                id={selectId}
                className={inputClasses}
                value={member.role}
                disabled={changeRole.isPending}
                onChange={(event) => changeRole.mutate(event.target.value as StaffRole)}
              >
                {STAFF_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {TENANT_ROLE_LABELS[role].label}
                  </option>
                ))}
              </select>
            </div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onRemove(member)}
              aria-label={`Remove ${name}`}
            >
              <UserMinus aria-hidden className="size-4" />
              Remove
            </Button>
          </>
        ) : (
          <Badge variant="secondary">{TENANT_ROLE_LABELS[member.role].label}</Badge>
        )}
      </div>
    </li>
  );
}

export function MembersCard({ canManage, tenantId }: { canManage: boolean; tenantId: string }) {
  const user = useAuth().user!;
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<StaffMemberView | null>(null);
  const members = useQuery({
    queryKey: staffKeys.members(user.id, tenantId),
    queryFn: ({ signal }) => staffApi.listMembers(signal),
  });
  const remove = useMutation({
    mutationFn: (member: StaffMemberView) => staffApi.removeMember(member.user_id),
    onSuccess: async (_result, member) => {
      toast.success(`${member.full_name || member.email || 'The member'} was removed.`);
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
    onError: (error) => toast.error(userMessageOf(error)),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Team</CardTitle>
        <CardDescription>
          People who work on this business with you. Owners keep the subscription and settings.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {members.isPending ? (
          <Skeleton className="h-24" />
        ) : members.isError ? (
          <Alert variant="destructive">
            <p>{userMessageOf(members.error)}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => members.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : members.data.length === 0 ? (
          <EmptyState
            icon={Users}
            title="No team members yet"
            description="People who accept an invitation appear here."
          />
        ) : (
          <ul className="divide-y divide-border" aria-label="Team members">
            {members.data.map((member) => (
              <MemberRow
                key={member.user_id}
                member={member}
                canManage={canManage}
                onRemove={setRemoving}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <Dialog open={removing !== null} onOpenChange={(open) => (open ? null : setRemoving(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Remove {removing?.full_name || removing?.email}?</DialogTitle>
            <DialogDescription>
              They lose access to this business at once. Their own account stays; you can invite
              them again later.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setRemoving(null)}>
              Keep
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => removing && remove.mutate(removing)}
            >
              Remove
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
