import { memo, use, type KeyboardEvent } from 'react';
import { StickyNote, Sparkles } from 'lucide-react';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { cn } from '../../../lib/cn.ts';
import {
  canMove,
  platformNames,
  PlatformStripe,
  STATUS_STYLES,
  StatusIcon,
  statusLabel,
  TYPE_LABELS,
} from '../../posts/index.ts';
import { formatTime } from '../../../lib/date-format.ts';
import { CampaignsContext } from '../lib/campaigns-context.ts';
import { CoversContext } from '../lib/covers-context.ts';
import { PostThumb } from './post-thumb.tsx';

export const DRAG_TYPE = 'application/x-soci-gen-event';
export const MOVE_HINT_ID = 'calendar-move-hint';

export interface ChipActions {
  onOpen(event: CalendarEvent): void;
  /** Keyboard moving: days to add, and hours (week and day views). */
  onKeyboardMove(event: CalendarEvent, days: number, hours: number): void;
  /** May the person change events at all (their role)? */
  canEdit: boolean;
}

interface EventChipProps extends ChipActions {
  event: CalendarEvent;
  timeZone: string;
  /** Week/day views move by the hour with ↑/↓; the month view moves by a week. */
  verticalStep: 'hour' | 'week';
}

function describe(event: CalendarEvent, time: string, campaign: string | null): string {
  const platforms = platformNames(event.platforms);
  return [
    event.title,
    time,
    statusLabel(event.status),
    campaign ? `Campaign ${campaign}` : TYPE_LABELS[event.type],
    platforms || 'No platform',
  ].join(', ');
}

/** One event on the calendar: open it with a click or Enter; move it by dragging or Alt+arrows. */
export const EventChip = memo(function EventChip({
  event,
  timeZone,
  verticalStep,
  onOpen,
  onKeyboardMove,
  canEdit,
}: EventChipProps) {
  const time = formatTime(new Date(event.scheduled_for!), timeZone);
  const stacked = verticalStep === 'week';
  const movable = canEdit && canMove(event);
  // Its first medium as a small picture, and the title on up to two lines (docs/decisions/078).
  const cover = use(CoversContext).get(event.id)?.cover ?? null;
  const campaign = use(CampaignsContext).get(event.id) ?? null;
  const phonePicture = stacked && cover !== null;
  const label = describe(event, time, campaign?.name ?? null);

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    if (!movable || !e.altKey) return;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: verticalStep === 'hour' ? [0, -1] : [-7, 0],
      ArrowDown: verticalStep === 'hour' ? [0, 1] : [7, 0],
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    onKeyboardMove(event, move[0], move[1]);
  }

  return (
    <button
      type="button"
      data-event-id={event.id}
      draggable={movable}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, event.id);
        e.dataTransfer.setData('text/plain', event.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(event);
      }}
      onKeyDown={onKeyDown}
      aria-label={label}
      aria-describedby={movable ? MOVE_HINT_ID : undefined}
      title={label}
      // A campaign's posts wear its colour (docs/decisions/095).
      style={campaign ? { borderColor: campaign.color, borderWidth: 2 } : undefined}
      className={cn(
        'relative z-10 flex w-full min-w-0 items-center gap-1.5 rounded-md border py-0.5 pr-1.5 pl-1 text-left text-xs',
        'transition-shadow hover:shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
        STATUS_STYLES[event.status].chip,
        movable ? 'cursor-grab active:cursor-grabbing' : 'cursor-pointer',
      )}
    >
      {/* The title comes before the time in the markup, as in the name (which must contain the
          text shown, WCAG 2.5.3); the rows below still show the time first. */}
      <PlatformStripe platforms={event.platforms} className="order-first min-h-4 self-stretch" />
      {/* Day cells and week columns are narrow: the time (and the picture) go above the title,
          which keeps the chip's width for two lines (docs/decisions/078). In a phone's month a
          post with a picture shows the picture alone; its name says the rest. */}
      <span className="@container grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] items-center gap-x-1">
        <span
          className={cn(
            'col-span-2 row-start-2 line-clamp-2 font-medium break-words hyphens-auto',
            phonePicture ? 'max-sm:sr-only' : '',
          )}
        >
          {event.title}
        </span>{' '}
        <span
          className={cn(
            'row-start-1 flex min-w-0 items-center gap-1 text-[0.6875rem] whitespace-nowrap text-muted-foreground tabular-nums',
            phonePicture ? 'max-sm:hidden' : '',
          )}
        >
          <StatusIcon status={event.status} className="size-3" />
          <span className="truncate">{time}</span>
        </span>
        {cover ? (
          // Where the time would not fit beside it, the time stays and the picture goes.
          <PostThumb
            cover={cover}
            className={cn(
              'col-start-2 row-start-1 hidden size-5 @[5.5rem]:block',
              phonePicture ? 'max-sm:col-start-1 max-sm:block' : '',
            )}
          />
        ) : null}
      </span>
      {event.type === 'note' ? (
        <StickyNote aria-hidden className="size-3 shrink-0 text-muted-foreground" />
      ) : event.type === 'ai_generated' ? (
        <Sparkles aria-hidden className="size-3 shrink-0 text-muted-foreground" />
      ) : null}
    </button>
  );
});
