import { UserRound } from 'lucide-react';
import type { ThreadSummary } from '#shared/contracts/inbox.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { useTeam } from '../api/use-inbox-queries.ts';

interface AssignMenuProps {
  thread: ThreadSummary;
  meId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onAssign(userId: string | null, name: string): void;
  disabled?: boolean;
}

/** Who answers this thread: me, a member of the team, or nobody. */
export function AssignMenu({
  thread,
  meId,
  open,
  onOpenChange,
  onAssign,
  disabled,
}: AssignMenuProps) {
  const team = useTeam();
  const members = (team.data ?? []).filter((m) => m.user_id !== meId && m.role !== 'viewer');
  const current = thread.assignedTo;
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild disabled={disabled}>
        <Button variant="outline" size="sm" aria-keyshortcuts="a">
          <UserRound aria-hidden className="size-3.5" />
          <span className="max-w-36 truncate">
            {current ? (current.userId === meId ? 'Assigned to you' : current.name) : 'Assign'}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Assign this thread to</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => onAssign(meId, 'You')}>Me</DropdownMenuItem>
        {members.map((member) => {
          const name = member.full_name || member.email || 'A team member';
          return (
            <DropdownMenuItem key={member.user_id} onSelect={() => onAssign(member.user_id, name)}>
              <span className="min-w-0 flex-1 truncate">{name}</span>
              <span className="text-xs text-muted-foreground capitalize">{member.role}</span>
            </DropdownMenuItem>
          );
        })}
        {team.isPending ? (
          <p className="px-2 py-1.5 text-xs text-muted-foreground">Loading the team…</p>
        ) : null}
        {current ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onAssign(null, '')}>Unassign</DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
