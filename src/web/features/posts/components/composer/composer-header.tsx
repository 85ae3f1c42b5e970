import { Dialog as DialogPrimitive } from 'radix-ui';
import { Copy, NotebookPen, Trash2, X } from 'lucide-react';
import type { EventStatus } from '#shared/contracts/calendar.contract.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { STATUS_LABELS, TYPE_LABELS } from '../../lib/post-rules.ts';
import { StatusIcon } from '../event-style.tsx';

/**
 * The sheet's title, the post's status, the time zone, "Add a note instead" (a new post), or
 * Duplicate and Delete (a saved one), and Close.
 */
export function ComposerHeader({
  title,
  status,
  aiGenerated,
  zone,
  onQuickNote,
  onDuplicate,
  duplicating,
  onDelete,
  onClose,
}: {
  title: string;
  /** The saved post's status; null for a post not saved yet. */
  status: EventStatus | null;
  aiGenerated: boolean;
  zone: string;
  /** Offered on a new post only. */
  onQuickNote: (() => void) | null;
  /** Offered on a saved post to those who may create or delete posts. */
  onDuplicate: (() => void) | null;
  duplicating: boolean;
  onDelete: (() => void) | null;
  onClose(): void;
}) {
  return (
    <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border px-4 py-3 sm:px-5">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex flex-wrap items-center gap-2">
          <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
          {status ? (
            <Badge variant="outline" className="gap-1">
              <StatusIcon status={status} />
              {STATUS_LABELS[status]}
            </Badge>
          ) : null}
          {aiGenerated ? <Badge variant="secondary">{TYPE_LABELS.ai_generated}</Badge> : null}
        </div>
        <p className="hidden text-sm text-muted-foreground sm:block">Times are in {zone}.</p>
      </div>
      <div className="flex items-center gap-1">
        {onQuickNote ? (
          <Button variant="ghost" size="sm" onClick={onQuickNote}>
            <NotebookPen aria-hidden className="size-4" /> Add a note instead
          </Button>
        ) : null}
        {onDuplicate ? (
          <Button variant="ghost" size="sm" loading={duplicating} onClick={onDuplicate}>
            <Copy aria-hidden className="size-4" /> Duplicate
          </Button>
        ) : null}
        {onDelete ? (
          <Button variant="ghost" size="sm" className="text-destructive" onClick={onDelete}>
            <Trash2 aria-hidden className="size-4" /> Delete
          </Button>
        ) : null}
        <Button variant="ghost" size="icon" aria-label="Close" onClick={onClose}>
          <X aria-hidden className="size-5" />
        </Button>
      </div>
    </header>
  );
}
