import type { DragEvent } from 'react';
import { ChevronDown, Clock, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import type { BoardCard as Card } from '#shared/contracts/crm.contract.ts';
import type { ContactStage } from '#shared/contracts/audience.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatShortDate } from '../../../lib/date-format.ts';
import { STAGE_LABELS } from '../lib/fields.ts';
import { lastInteraction, contactUrl } from '../lib/format.ts';
import { CONTACT_STAGES } from '../lib/lists.ts';
import { ContactAvatar } from './contact-avatar.tsx';

// A contact on the CRM board: picture, name, handle, last interaction and owner. It is dragged
// to another column with the mouse; its "Move to…" menu does the same from the keyboard and on
// phones, where drag and drop does not work.

/** The type the board's drag carries: the contact's id. */
export const BOARD_DRAG_TYPE = 'application/x-soci-contact';

export function BoardCard({
  card,
  timeZone,
  canMove,
  dragging,
  onDragStart,
  onDragEnd,
  onMove,
}: {
  card: Card;
  timeZone: string;
  canMove: boolean;
  dragging: boolean;
  onDragStart(): void;
  onDragEnd(): void;
  onMove(stage: ContactStage): void;
}) {
  function start(event: DragEvent<HTMLLIElement>) {
    event.dataTransfer.setData(BOARD_DRAG_TYPE, card.id);
    event.dataTransfer.setData('text/plain', card.id);
    event.dataTransfer.effectAllowed = 'move';
    onDragStart();
  }

  return (
    <li
      draggable={canMove}
      onDragStart={canMove ? start : undefined}
      onDragEnd={onDragEnd}
      data-testid="board-card"
      aria-label={card.name}
      className={cn(
        'grid gap-2 rounded-lg border border-border bg-card p-3 shadow-xs',
        canMove ? 'cursor-grab active:cursor-grabbing' : '',
        dragging ? 'opacity-50' : '',
      )}
    >
      <div className="flex min-w-0 items-center gap-2">
        <ContactAvatar name={card.name} pictureUrl={card.pictureUrl} className="size-8" />
        <div className="grid min-w-0">
          <Link
            to={contactUrl(card.id)}
            draggable={false}
            className="truncate text-sm font-medium hover:underline"
          >
            {card.name}
          </Link>
          {card.handle ? (
            <span className="truncate text-xs text-muted-foreground">@{card.handle}</span>
          ) : null}
        </div>
      </div>
      <dl className="grid gap-1 text-xs text-muted-foreground">
        <div className="flex min-w-0 items-center gap-1.5">
          <dt>
            <Clock aria-label="Last interaction" className="size-3.5 shrink-0" />
          </dt>
          <dd className="truncate" title={lastInteraction(card, timeZone)}>
            {card.lastInteractionAt
              ? formatShortDate(new Date(card.lastInteractionAt), timeZone)
              : 'Never'}
          </dd>
        </div>
        <div className="flex min-w-0 items-center gap-1.5">
          <dt>
            <UserRound aria-label="Owner" className="size-3.5 shrink-0" />
          </dt>
          <dd className={cn('truncate', card.owner ? 'text-foreground' : '')}>
            {card.owner?.name ?? 'No owner'}
          </dd>
        </div>
      </dl>
      {canMove ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="outline"
              size="sm"
              className="h-8 justify-between"
              aria-label={`Move ${card.name} to…`}
            >
              Move to…
              <ChevronDown aria-hidden className="size-3.5" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" className="min-w-40">
            <DropdownMenuLabel className="text-xs text-muted-foreground">
              Move {card.name} to
            </DropdownMenuLabel>
            {CONTACT_STAGES.filter((s) => s !== card.stage).map((stage) => (
              <DropdownMenuItem key={stage} onSelect={() => onMove(stage)}>
                {STAGE_LABELS[stage]}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </li>
  );
}
