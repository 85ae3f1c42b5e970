import { useId, useState, type FormEvent } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import {
  renameSessionInputSchema,
  ENGINE_LIMITS,
  type EngineSessionSummary,
} from '#shared/contracts/engine-room.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { useRenameSession } from '../api/use-engine-actions.ts';
import { whenText } from '../lib/format.ts';

// One session in the Sessions tab: open it, rename it in place (checked with the contract's
// schema before it is sent), or ask to delete it.

export function SessionRow({
  session,
  current,
  timeZone,
  onOpen,
  onDelete,
}: {
  session: EngineSessionSummary;
  current: boolean;
  timeZone: string;
  onOpen(): void;
  onDelete(): void;
}) {
  const id = useId();
  const rename = useRenameSession();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(session.title);
  const [problem, setProblem] = useState<string | null>(null);

  function startEditing() {
    setTitle(session.title);
    setProblem(null);
    setEditing(true);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = renameSessionInputSchema.safeParse({ title });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Name the session');
      return;
    }
    try {
      await rename.mutateAsync({ id: session.id, title: parsed.data.title });
      setEditing(false);
    } catch (error) {
      setProblem(fieldErrorsOf(error)['title'] ?? userMessageOf(error));
    }
  }

  const name = session.title || 'Untitled session';
  return (
    <li
      className={cn(
        'grid gap-2 rounded-lg border border-border p-3 sm:flex sm:items-center sm:justify-between',
        current && 'border-primary',
      )}
    >
      {editing ? (
        <form onSubmit={onSubmit} className="grid min-w-0 flex-1 gap-1.5" noValidate>
          <label htmlFor={id} className="sr-only">
            Session name
          </label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={id}
              value={title}
              autoFocus
              maxLength={ENGINE_LIMITS.sessionTitleLength}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => setTitle(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setEditing(false);
              }}
              className="min-w-0 flex-1 basis-48"
            />
            <Button type="submit" size="sm" className="h-10" loading={rename.isPending}>
              Save
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              className="h-10"
              onClick={() => setEditing(false)}
            >
              Cancel
            </Button>
          </div>
          {problem ? (
            <p id={`${id}-problem`} role="alert" className="text-xs text-destructive">
              {problem}
            </p>
          ) : null}
        </form>
      ) : (
        <button
          type="button"
          onClick={onOpen}
          className="grid min-w-0 flex-1 gap-0.5 rounded-md text-left focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={`Open ${name}`}
        >
          <span className="truncate text-sm font-medium">{name}</span>
          <span className="text-xs text-muted-foreground">
            {session.messageCount} {session.messageCount === 1 ? 'message' : 'messages'} · Updated{' '}
            {whenText(session.updatedAt, timeZone)}
            {current ? ' · Open now' : ''}
          </span>
        </button>
      )}
      {!editing ? (
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={startEditing} aria-label={`Rename ${name}`}>
            <Pencil aria-hidden className="size-4" /> Rename
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${name}`}>
            <Trash2 aria-hidden className="size-4" /> Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}
