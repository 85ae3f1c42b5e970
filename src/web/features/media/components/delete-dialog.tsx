import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { errorCodeOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { mediaApi } from '../api/media-api.ts';

interface DeleteDialogProps {
  ids: string[];
  /** Display name when one item is deleted. */
  name?: string | undefined;
  /** Scheduled posts known to use the items (from the details), if any. */
  scheduledUses?: number | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: (deleted: string[]) => void;
}

/**
 * Asks before deleting. When scheduled posts use an item (known from the details, or learnt from
 * the server's refusal) it says so and deletes only after the person explicitly chooses to take
 * the item out of those posts.
 */
export function DeleteDialog({
  ids,
  name,
  scheduledUses = 0,
  open,
  onOpenChange,
  onDeleted,
}: DeleteDialogProps) {
  const [blocked, setBlocked] = useState(scheduledUses > 0);
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (force: boolean) => mediaApi.remove(ids, force),
    onSuccess: (result) => {
      onDeleted(result.deleted);
      onOpenChange(false);
      setError(null);
    },
    onError: (e) => {
      if (errorCodeOf(e) === 'BUSINESS_RULE_VIOLATION') {
        setBlocked(true);
        setError(null);
      } else setError(userMessageOf(e));
    },
  });
  const what = ids.length === 1 ? (name ? `“${name}”` : 'this item') : `${ids.length} items`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setConfirmed(false);
          setError(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {what}?</DialogTitle>
          <DialogDescription>
            The files are removed for good. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {blocked ? (
          <Alert variant="warning" title="Scheduled posts use this media">
            <p>
              {scheduledUses > 0
                ? `${scheduledUses} scheduled ${scheduledUses === 1 ? 'post uses' : 'posts use'} it.`
                : 'At least one scheduled post uses it.'}{' '}
              Deleting it takes it out of those posts; a post without its media may not publish.
            </p>
            <label className="mt-2 flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                checked={confirmed}
                onChange={(event) => setConfirmed(event.target.checked)}
              />
              Remove it from the scheduled posts as well
            </label>
          </Alert>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep
          </Button>
          <Button
            variant="destructive"
            loading={remove.isPending}
            disabled={blocked && !confirmed}
            onClick={() => remove.mutate(blocked && confirmed)}
          >
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
