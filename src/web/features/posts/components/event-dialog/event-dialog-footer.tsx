import { useEffect, useRef } from 'react';
import { PenSquare } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { DialogFooter } from '../../../../components/ui/dialog.tsx';
import type { EventDialogBusy } from './use-event-dialog.ts';

/** "Delete “…”? This cannot be undone." in place, focused on Delete. */
export function ConfirmDelete({
  id,
  title,
  busy,
  onKeep,
  onDelete,
}: {
  id: string;
  title: string | undefined;
  busy: boolean;
  onKeep(): void;
  onDelete(): void;
}) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-labelledby={id}
      className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3"
    >
      <p id={id} className="text-sm font-medium">
        Delete “{title}”? This cannot be undone.
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onKeep}>
          Keep it
        </Button>
        <Button ref={confirmRef} variant="destructive" size="sm" loading={busy} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </div>
  );
}

/**
 * Delete and Duplicate on the left; Cancel (or Close), Save and, for a new post, "Continue in the
 * composer" (to choose its accounts and schedule it) on the right.
 */
export function EventDialogFooter({
  formId,
  existing,
  editable,
  canDelete,
  canDuplicate,
  saveLabel,
  onContinue,
  busy,
  onDelete,
  onDuplicate,
  onClose,
}: {
  formId: string;
  existing: boolean;
  editable: boolean;
  /** Delete is offered (and not being confirmed already). */
  canDelete: boolean;
  canDuplicate: boolean;
  saveLabel: string;
  onContinue: (() => void) | null;
  busy: EventDialogBusy;
  onDelete(): void;
  onDuplicate(): void;
  onClose(): void;
}) {
  return (
    <DialogFooter className="sm:justify-between">
      <div className="flex flex-wrap gap-2">
        {existing && canDelete ? (
          <Button variant="ghost" className="text-destructive" onClick={onDelete}>
            Delete
          </Button>
        ) : null}
        {existing && canDuplicate ? (
          <Button variant="outline" loading={busy === 'duplicate'} onClick={onDuplicate}>
            Duplicate
          </Button>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onClose}>
          {editable ? 'Cancel' : 'Close'}
        </Button>
        {editable ? (
          <Button
            type="submit"
            form={formId}
            variant={onContinue ? 'outline' : 'default'}
            loading={busy === 'save'}
          >
            {saveLabel}
          </Button>
        ) : null}
        {editable && onContinue ? (
          <Button onClick={onContinue} disabled={busy !== null}>
            <PenSquare aria-hidden className="size-4" /> Continue in the composer
          </Button>
        ) : null}
      </div>
    </DialogFooter>
  );
}
