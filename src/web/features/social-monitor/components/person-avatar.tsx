import type { InboxPerson } from '#shared/contracts/inbox.contract.ts';
import { cn } from '../../../lib/cn.ts';
import { personName } from '../lib/format.ts';

/** The person's picture, or their initials on a tint; decorative (the name is beside it). */
export function PersonAvatar({ person, className }: { person: InboxPerson; className?: string }) {
  const name = personName(person);
  const initials = name
    .replace(/^@/, '')
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
  return person.pictureUrl ? (
    <img
      src={person.pictureUrl}
      alt=""
      className={cn('size-9 shrink-0 rounded-full object-cover', className)}
    />
  ) : (
    <span
      aria-hidden
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-semibold text-secondary-foreground',
        className,
      )}
    >
      {initials || '?'}
    </span>
  );
}
