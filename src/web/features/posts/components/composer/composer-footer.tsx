import { CalendarClock, ListPlus, Save, Send } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../lib/cn.ts';
import type { SaveIntent } from '../../lib/composer-model.ts';

/** What happened to the changes so far, in one line read out as it changes. */
function saveState({
  dirty,
  storageRefused,
  saved,
  scheduled,
}: {
  dirty: boolean;
  storageRefused: boolean;
  saved: boolean;
  scheduled: boolean;
}): string {
  if (dirty) {
    return storageRefused
      ? 'This browser is not keeping your unsaved changes: save a draft to keep them.'
      : 'Unsaved changes are kept on this device until you save.';
  }
  if (!saved) return 'Nothing saved yet.';
  return scheduled ? 'Scheduled. Saving a draft takes it off the schedule.' : 'No unsaved changes.';
}

/**
 * The footer: the save state, and Save draft, Publish now, Add to queue (docs/decisions/077) and
 * Schedule (or Close to a reader).
 */
export function ComposerFooter({
  canEdit,
  dirty,
  storageRefused,
  saved,
  scheduled,
  busy,
  canPublish,
  canSchedule,
  onAttempt,
  onQueue,
  onClose,
}: {
  canEdit: boolean;
  dirty: boolean;
  storageRefused: boolean;
  /** The post has an id (saved at least once). */
  saved: boolean;
  scheduled: boolean;
  /** What is being saved: an intent, or the post being added to the queue. */
  busy: SaveIntent | 'queue' | null;
  canPublish: boolean;
  canSchedule: boolean;
  onAttempt(intent: SaveIntent): void;
  /** Adds the post to the queue of each account chosen; absent, the action is not offered. */
  onQueue?: (() => void) | undefined;
  onClose(): void;
}) {
  return (
    <footer className="flex flex-col gap-2 border-t border-border bg-card px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5">
      <p
        className={cn(
          'text-xs',
          canEdit && dirty && storageRefused
            ? 'font-medium text-foreground'
            : 'text-muted-foreground',
        )}
        aria-live="polite"
        data-testid="composer-save-state"
      >
        {canEdit ? saveState({ dirty, storageRefused, saved, scheduled }) : ''}
      </p>
      {canEdit ? (
        <div
          className={cn(
            'grid gap-2 sm:flex sm:flex-row',
            onQueue && canSchedule ? 'grid-cols-2' : 'grid-cols-3',
          )}
        >
          <Button
            variant="outline"
            className="max-sm:px-2"
            loading={busy === 'draft'}
            disabled={busy !== null}
            onClick={() => onAttempt('draft')}
          >
            <Save aria-hidden className="size-4 max-sm:hidden" /> Save draft
          </Button>
          {canPublish ? (
            <Button
              variant="outline"
              className="max-sm:px-2"
              loading={busy === 'publish'}
              disabled={busy !== null}
              onClick={() => onAttempt('publish')}
            >
              <Send aria-hidden className="size-4 max-sm:hidden" /> Publish now
            </Button>
          ) : null}
          {canSchedule && onQueue ? (
            <Button
              variant="outline"
              className="max-sm:px-2"
              loading={busy === 'queue'}
              disabled={busy !== null}
              onClick={onQueue}
            >
              <ListPlus aria-hidden className="size-4 max-sm:hidden" /> Add to queue
            </Button>
          ) : null}
          {canSchedule ? (
            <Button
              className="max-sm:px-2"
              loading={busy === 'schedule'}
              disabled={busy !== null}
              onClick={() => onAttempt('schedule')}
            >
              <CalendarClock aria-hidden className="size-4 max-sm:hidden" /> Schedule
            </Button>
          ) : null}
        </div>
      ) : (
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      )}
    </footer>
  );
}
