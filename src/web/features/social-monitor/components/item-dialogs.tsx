import { useId, useState } from 'react';
import type { InboxItem, ThreadDetail } from '#shared/contracts/inbox.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useSendReply } from '../api/use-thread-actions.ts';
import { personName } from '../lib/format.ts';
import { refusalText } from '../lib/refusal.ts';
import { checkText, limitFor, measure, newClientRef } from '../lib/text-limits.ts';

/** "Delete this comment?": it goes from the platform too, and cannot be brought back. */
export function DeleteDialog({
  item,
  onCancel,
  onConfirm,
}: {
  item: InboxItem | null;
  onCancel(): void;
  onConfirm(item: InboxItem): void;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      {item ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete this {item.direction === 'out' ? 'reply' : 'comment'}?</DialogTitle>
            <DialogDescription>
              It is removed from {personName(item.author)}’s post thread on the platform as well,
              and cannot be brought back. To keep it out of sight but recoverable, hide it instead.
            </DialogDescription>
          </DialogHeader>
          <blockquote className="line-clamp-4 rounded-md bg-muted px-3 py-2 text-sm break-words">
            {item.text}
          </blockquote>
          <DialogFooter>
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => onConfirm(item)}>
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** A private reply: one message to the comment's author, once, within 7 days of the comment. */
export function PrivateReplyDialog({
  thread,
  item,
  me,
  onClose,
}: {
  thread: ThreadDetail;
  item: InboxItem | null;
  me: { userId: string; name: string };
  onClose(): void;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {item ? (
        <DialogContent>
          <PrivateReplyForm thread={thread} item={item} me={me} onClose={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function PrivateReplyForm({
  thread,
  item,
  me,
  onClose,
}: {
  thread: ThreadDetail;
  item: InboxItem;
  me: { userId: string; name: string };
  onClose(): void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendReply(thread, me);
  const id = useId();
  const limit = limitFor(thread.account.platform, 'private');
  const used = measure(text.trim(), limit.unit);

  function submit() {
    const clientRef = newClientRef();
    const problem = checkText(text, thread.account.platform, 'private', {
      clientRef,
      toExternalId: item.externalId,
    });
    if (problem) {
      setError(problem);
      return;
    }
    send.mutate(
      { text: text.trim(), clientRef, privateTo: item.externalId },
      { onSuccess: onClose, onError: (err) => setError(refusalText(err)) },
    );
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>Reply privately to {personName(item.author)}</DialogTitle>
        <DialogDescription>
          Sends one direct message about this comment. A comment can be answered privately once,
          within 7 days of being written.
        </DialogDescription>
      </DialogHeader>
      <label htmlFor={`${id}-box`} className="sr-only">
        Private message
      </label>
      <textarea
        id={`${id}-box`}
        rows={4}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
        className={cn(inputClasses, 'h-auto min-h-24 resize-y')}
      />
      <p className="text-right text-xs text-muted-foreground tabular-nums">
        {used.toLocaleString('en')} / {limit.max.toLocaleString('en')} {limit.unit}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={send.isPending}>
          Send privately
        </Button>
      </DialogFooter>
    </form>
  );
}
