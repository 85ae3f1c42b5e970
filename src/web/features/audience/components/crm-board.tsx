import { useState, type DragEvent } from 'react';
import { Users } from 'lucide-react';
import { toast } from 'sonner';
import type { ContactStage } from '#shared/contracts/audience.contract.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryContent } from '../../../components/ui/query-status.tsx';
import { cn } from '../../../lib/cn.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { useCan } from '../../staff/index.ts';
import { useMoveStage } from '../api/use-crm-actions.ts';
import { useBoard } from '../api/use-crm-queries.ts';
import { STAGE_LABELS } from '../lib/fields.ts';
import { BOARD_DRAG_TYPE, BoardCard } from './crm-board-card.tsx';

// The CRM board (docs/decisions/099-crm.md): one column per stage with its count and its most
// recent contacts. A card dragged to another column, or moved with its "Move to", moves at once
// and goes back with a message if the server refuses. The columns scroll sideways on phones.

export function CrmBoard({ timeZone }: { timeZone: string }) {
  const board = useBoard();
  const move = useMoveStage();
  const canMove = useCan('reply:inbox');
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<ContactStage | null>(null);

  function moveTo(contactId: string, stage: ContactStage) {
    const card = board.data?.columns.flatMap((c) => c.contacts).find((c) => c.id === contactId);
    if (!card || card.stage === stage) return;
    move.mutate(
      { contactId, stage },
      {
        onSuccess: () => toast.success(`${card.name} moved to ${STAGE_LABELS[stage]}`),
        onError: (error) =>
          toast.error(`${card.name} was not moved: ${userMessageOf(error)}`, {
            id: `move-${contactId}`,
          }),
      },
    );
  }

  function drop(event: DragEvent<HTMLElement>, stage: ContactStage) {
    event.preventDefault();
    setOver(null);
    setDragging(null);
    const id =
      event.dataTransfer.getData(BOARD_DRAG_TYPE) || event.dataTransfer.getData('text/plain');
    if (id) moveTo(id, stage);
  }

  return (
    <QueryContent
      query={board}
      loading={{ label: 'Loading the board', rows: 3, rowClassName: 'h-24 w-full' }}
      errorTitle="The board could not be loaded"
      isEmpty={(value) => value.columns.every((c) => c.total === 0)}
      empty={
        <EmptyState
          icon={Users}
          title="No contacts on the board yet"
          description="Contacts are made from the people who comment on your posts or message you. Refresh from the inbox to bring them in."
        />
      }
    >
      {(value) => (
        <div className="-mx-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
          <div className="flex snap-x snap-mandatory gap-4 xl:grid xl:snap-none xl:grid-cols-5">
            {value.columns.map((column) => (
              <section
                key={column.stage}
                aria-label={STAGE_LABELS[column.stage]}
                data-stage={column.stage}
                onDragOver={(event) => {
                  if (!canMove) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                  if (over !== column.stage) setOver(column.stage);
                }}
                onDragLeave={(event) => {
                  if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
                    setOver(null);
                  }
                }}
                onDrop={(event) => drop(event, column.stage)}
                className={cn(
                  'flex w-72 shrink-0 snap-start flex-col gap-3 rounded-xl border border-border bg-muted/50 p-3 xl:w-auto xl:min-w-0',
                  over === column.stage ? 'border-primary bg-primary/5' : '',
                )}
              >
                <header className="flex items-center justify-between gap-2 px-1">
                  <h3 className="text-sm font-semibold">{STAGE_LABELS[column.stage]}</h3>
                  <Badge
                    variant="outline"
                    aria-label={`${column.total} ${column.total === 1 ? 'contact' : 'contacts'}`}
                  >
                    {column.total}
                  </Badge>
                </header>
                <ul className="grid min-h-24 content-start gap-2">
                  {column.contacts.map((card) => (
                    <BoardCard
                      key={card.id}
                      card={card}
                      timeZone={timeZone}
                      canMove={canMove}
                      dragging={dragging === card.id}
                      onDragStart={() => setDragging(card.id)}
                      onDragEnd={() => {
                        setDragging(null);
                        setOver(null);
                      }}
                      onMove={(stage) => moveTo(card.id, stage)}
                    />
                  ))}
                  {column.contacts.length === 0 ? (
                    <li className="grid min-h-20 place-items-center rounded-lg border border-dashed border-border px-3 text-center text-xs text-muted-foreground">
                      Drop a contact here
                    </li>
                  ) : null}
                </ul>
                {column.total > column.contacts.length ? (
                  <p className="px-1 text-xs text-muted-foreground">
                    And {column.total - column.contacts.length} more, less recent
                  </p>
                ) : null}
              </section>
            ))}
          </div>
        </div>
      )}
    </QueryContent>
  );
}
