import { toast } from 'sonner';
import { inputClasses } from '../../../components/ui/input.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { useCan } from '../../staff/index.ts';
import { useSetOwner } from '../api/use-crm-actions.ts';
import { useMembers } from '../api/use-crm-queries.ts';

// Who looks after a contact (the CRM add-on): the business owner or one of its members, or
// nobody. Saved as soon as it is picked; the change goes on the timeline.

const ROLE_LABELS = { owner: 'Owner', manager: 'Manager', staff: 'Staff', viewer: 'Viewer' };

export function OwnerPicker({ contactId, ownerId }: { contactId: string; ownerId: string | null }) {
  const members = useMembers();
  const setOwner = useSetOwner(contactId);
  const canWrite = useCan('reply:inbox');
  const known = members.data ?? [];
  // An owner who has left the business is still shown until someone else is picked.
  const missing = ownerId !== null && !known.some((m) => m.id === ownerId);

  return (
    <div className="grid gap-1.5">
      <label htmlFor={`owner-${contactId}`} className="text-sm font-medium">
        Owner
      </label>
      <select
        id={`owner-${contactId}`}
        className={inputClasses}
        value={ownerId ?? ''}
        disabled={!canWrite || members.isPending || setOwner.isPending}
        onChange={(event) =>
          setOwner.mutate(event.target.value || null, {
            onSuccess: () => toast.success('Owner saved'),
            onError: (error) => toast.error(userMessageOf(error)),
          })
        }
      >
        <option value="">Nobody yet</option>
        {missing ? <option value={ownerId}>A former member</option> : null}
        {known.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name} ({ROLE_LABELS[member.role]})
          </option>
        ))}
      </select>
      {members.isError ? (
        <p className="text-xs text-destructive">{userMessageOf(members.error)}</p>
      ) : (
        <p className="text-xs text-muted-foreground">The person who follows up with them.</p>
      )}
    </div>
  );
}
