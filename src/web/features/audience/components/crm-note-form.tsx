import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { userMessageOf } from '../../../lib/errors.ts';

// A note's text, written or changed: checked here as the server checks it (crm.contract.ts
// noteInputSchema: not empty, at most 5,000 characters), the server's own message shown when it
// refuses.

export const NOTE_LENGTH = 5_000;

export function checkNote(body: string): string | null {
  const text = body.trim();
  if (text === '') return 'Write the note';
  if (text.length > NOTE_LENGTH) return `At most ${NOTE_LENGTH.toLocaleString('en')} characters`;
  return null;
}

export function NoteForm({
  label,
  initial = '',
  action,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  action: string;
  busy: boolean;
  /** The last refusal of the server, if any. */
  error: unknown;
  onSubmit(body: string, done: () => void): void;
  onCancel?(): void;
}) {
  const [body, setBody] = useState(initial);
  const [tried, setTried] = useState(false);
  const problem = tried ? checkNote(body) : null;
  const server = error ? (fieldErrorsOf(error).body ?? userMessageOf(error)) : null;
  const message = problem ?? server;
  const over = body.trim().length > NOTE_LENGTH;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (checkNote(body)) return;
    onSubmit(body.trim(), () => {
      setBody(initial);
      setTried(false);
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="grid gap-2">
      <textarea
        aria-label={label}
        aria-invalid={message ? true : undefined}
        className={cn(inputClasses, 'min-h-20 resize-y py-2')}
        placeholder="What should the team remember about them?"
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          className={cn('text-xs', message || over ? 'text-destructive' : 'text-muted-foreground')}
          role={message ? 'alert' : undefined}
        >
          {message ??
            `${body.trim().length.toLocaleString('en')} / ${NOTE_LENGTH.toLocaleString('en')}`}
        </p>
        <div className="flex gap-2">
          {onCancel ? (
            <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" size="sm" loading={busy}>
            {action}
          </Button>
        </div>
      </div>
    </form>
  );
}
