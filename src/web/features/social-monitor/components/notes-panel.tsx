import { useId, useState } from 'react';
import { StickyNote } from 'lucide-react';
import {
  INBOX_LIMITS,
  noteInputSchema,
  type ThreadDetail,
} from '#shared/contracts/inbox.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useAddNote } from '../api/use-thread-actions.ts';
import { formatWhen, useBusinessTimeZone } from '../lib/format.ts';
import { refusalText } from '../lib/refusal.ts';
import { newClientRef } from '../lib/text-limits.ts';

/** Internal notes: seen by the team only, never sent to the person. */
export function NotesPanel({
  thread,
  me,
  canWrite,
}: {
  thread: ThreadDetail;
  me: { userId: string; name: string };
  canWrite: boolean;
}) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddNote(thread.id, me);
  const timeZone = useBusinessTimeZone();
  const id = useId();

  function submit() {
    const parsed = noteInputSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'This note cannot be saved.');
      return;
    }
    const typed = body;
    setBody('');
    setError(null);
    add.mutate(
      { body: parsed.data.body, clientRef: newClientRef() },
      {
        onError: (err) => {
          setBody((now) => (now.trim() ? now : typed));
          setError(refusalText(err, 'body'));
        },
      },
    );
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-lg border border-dashed border-warning/40 bg-warning/5 p-3"
    >
      <div className="grid gap-0.5">
        <h3 id={`${id}-title`} className="flex items-center gap-1.5 text-sm font-semibold">
          <StickyNote aria-hidden className="size-4 text-warning" />
          Internal notes
        </h3>
        <p className="text-xs text-muted-foreground">Only your team sees these.</p>
      </div>
      {thread.notes.length > 0 ? (
        <ul className="grid gap-2">
          {thread.notes.map((note) => (
            <li key={note.id} className="text-sm">
              <p className="break-words whitespace-pre-wrap">{note.body}</p>
              <p className="text-xs text-muted-foreground">
                {note.author?.name ?? 'Someone'} · {formatWhen(note.createdAt, timeZone)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {canWrite ? (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label htmlFor={`${id}-box`} className="sr-only">
            Add an internal note
          </label>
          <textarea
            id={`${id}-box`}
            rows={2}
            maxLength={INBOX_LIMITS.noteChars}
            value={body}
            placeholder="Add a note for your team…"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setBody(e.target.value)}
            className={cn(inputClasses, 'h-auto min-h-14 resize-y bg-background')}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end">
            <Button type="submit" size="sm" variant="outline">
              Add note
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
