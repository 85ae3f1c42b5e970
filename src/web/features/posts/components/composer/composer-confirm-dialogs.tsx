import { Send } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';

/** "Publish now?", naming the accounts it goes to. */
export function ConfirmPublishDialog({
  open,
  accounts,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  accounts: string[];
  onCancel(): void;
  onConfirm(): void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      {open ? (
        <DialogContent className="max-w-md" role="alertdialog">
          <DialogHeader>
            <DialogTitle>Publish now?</DialogTitle>
            <DialogDescription>
              It goes out right away to {accounts.join(', ')}. Once out, it can only be changed on
              the platform.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={onCancel}>
              Not now
            </Button>
            <Button autoFocus onClick={onConfirm}>
              <Send aria-hidden className="size-4" /> Publish now
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** "Delete “…”?", focused on Delete. */
export function ConfirmDeleteDialog({
  open,
  title,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      {open ? (
        <DialogContent className="max-w-md" role="alertdialog">
          <DialogHeader>
            <DialogTitle>Delete “{title}”?</DialogTitle>
            <DialogDescription>
              It leaves the calendar and is not published. This cannot be undone; anything already
              published stays on the platform.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={onCancel}>
              Keep it
            </Button>
            <Button variant="destructive" autoFocus loading={busy} onClick={onConfirm}>
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** Closing with unsaved changes: keep editing, discard them, or close and keep them. */
export function ConfirmCloseDialog({
  open,
  storageRefused,
  onKeepEditing,
  onDiscard,
  onCloseKeeping,
}: {
  open: boolean;
  /** The browser keeps nothing: closing loses the changes, so that choice is not offered. */
  storageRefused: boolean;
  onKeepEditing(): void;
  onDiscard(): void;
  onCloseKeeping(): void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onKeepEditing())}>
      {open ? (
        <DialogContent className="max-w-md" role="alertdialog">
          <DialogHeader>
            <DialogTitle>Close without saving?</DialogTitle>
            <DialogDescription>
              {storageRefused
                ? 'This browser does not let us keep them on this device: if you close now, they are lost.'
                : 'Your changes stay on this device and come back when you open this post again.'}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter className="sm:justify-between">
            <Button variant="ghost" className="text-destructive" onClick={onDiscard}>
              Discard changes
            </Button>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button variant="outline" autoFocus onClick={onKeepEditing}>
                Keep editing
              </Button>
              {storageRefused ? null : (
                <Button onClick={onCloseKeeping}>Close and keep them</Button>
              )}
            </div>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
