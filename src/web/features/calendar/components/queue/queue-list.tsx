import { useMemo, useState, type DragEvent } from 'react';
import { CalendarClock, Lock } from 'lucide-react';
import type { AccountQueue, QueuedPost } from '#shared/contracts/queue.contract.ts';
import { formatTime } from '../../../../lib/date-format.ts';
import { cn } from '../../../../lib/cn.ts';
import { movableIds, moveTo, queueDays } from '../../lib/queue-model.ts';
import { QueuePostCard, type QueueCardActions } from './queue-post-card.tsx';

// An account's queue, day by day (docs/decisions/077): each posting time with its queued post,
// empty, or held by a post scheduled outside the queue. A paused queue lists its posts in the
// order they will be placed when it resumes. A post is dragged by its card onto another post's
// place; the move buttons do the same from the keyboard.

const DRAG_TYPE = 'application/x-socigen-queued-post';

function useDrag(order: string[], onReorder: (ids: string[]) => void) {
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const start = (id: string) => (event: DragEvent) => {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData(DRAG_TYPE, id);
    event.dataTransfer.setData('text/plain', id);
    setDragged(id);
  };
  const end = () => {
    setDragged(null);
    setOver(null);
  };
  const target = (id: string) => ({
    onDragOver: (event: DragEvent) => {
      if (dragged === null || !order.includes(id)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (over !== id) setOver(id);
    },
    onDragLeave: () => setOver((current) => (current === id ? null : current)),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const from = dragged ?? event.dataTransfer.getData(DRAG_TYPE);
      end();
      const next = from ? moveTo(order, from, order.indexOf(id)) : null;
      if (next) onReorder(next);
    },
  });
  return { dragged, over, start, end, target };
}

function TimeLabel({ at, timeZone }: { at: string; timeZone: string }) {
  return (
    <span className="shrink-0 text-sm font-medium text-foreground tabular-nums sm:w-20 sm:pt-1">
      {formatTime(new Date(at), timeZone)}
    </span>
  );
}

export function QueueList({
  account,
  timeZone,
  actions,
  onReorder,
  now = new Date(),
}: {
  account: AccountQueue;
  timeZone: string;
  actions: QueueCardActions;
  onReorder(ids: string[]): void;
  now?: Date;
}) {
  const order = useMemo(() => movableIds(account), [account]);
  const drag = useDrag(order, onReorder);
  const card = (queued: QueuedPost) => (
    <QueuePostCard
      queued={queued}
      position={order.indexOf(queued.post.id)}
      count={order.length}
      actions={actions}
      dragging={drag.dragged === queued.post.id}
      dropTarget={drag.over === queued.post.id && drag.dragged !== queued.post.id}
      onDragStart={drag.start(queued.post.id)}
      onDragEnd={drag.end}
    />
  );

  if (account.paused) {
    return (
      <ol
        className="grid grid-cols-1 gap-2"
        aria-label={`Queue of ${account.account_label}, paused`}
      >
        {account.posts.map((queued, i) => (
          <li
            key={queued.post.id}
            className="flex flex-col gap-1 sm:flex-row sm:items-start sm:gap-3"
            {...drag.target(queued.post.id)}
          >
            <span className="shrink-0 text-sm font-medium text-muted-foreground tabular-nums sm:w-20 sm:pt-1">
              #{i + 1}
            </span>
            {card(queued)}
          </li>
        ))}
      </ol>
    );
  }

  const days = queueDays(account, timeZone, now);
  return (
    <div className="grid grid-cols-1 gap-5">
      {days.map((day) => (
        <section key={day.key} aria-label={day.label} className="grid grid-cols-1 gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {day.label}
          </h3>
          <ul className="grid grid-cols-1 gap-2">
            {day.rows.map(({ entry, queued }) => (
              <li
                key={entry.at + (entry.post_id ?? '')}
                className="flex flex-col gap-1 sm:flex-row sm:items-start sm:gap-3"
                {...(queued ? drag.target(queued.post.id) : {})}
              >
                <TimeLabel at={entry.at} timeZone={timeZone} />
                {queued ? (
                  card(queued)
                ) : (
                  <div
                    className={cn(
                      'flex min-h-12 min-w-0 flex-1 items-center gap-2 rounded-xl border border-dashed px-3 py-2 text-sm',
                      entry.kind === 'taken'
                        ? 'border-border bg-muted/50 text-muted-foreground'
                        : 'border-input text-muted-foreground',
                    )}
                  >
                    {entry.kind === 'taken' ? (
                      <>
                        <Lock aria-hidden className="size-4 shrink-0" />
                        <span className="min-w-0 truncate">
                          Held by “{entry.title}”, scheduled outside the queue
                        </span>
                      </>
                    ) : (
                      <>
                        <CalendarClock aria-hidden className="size-4 shrink-0" />
                        <span>Empty posting time</span>
                      </>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
