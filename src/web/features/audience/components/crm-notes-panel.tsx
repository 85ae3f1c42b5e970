import { useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Note } from '#shared/contracts/crm.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { QueryContent } from '../../../components/ui/query-status.tsx';
import { formatDateTime } from '../../../lib/date-format.ts';
import { reportError } from '../../../lib/errors.ts';
import { useCan } from '../../staff/index.ts';
import { useAddNote, useDeleteNote, useEditNote } from '../api/use-crm-actions.ts';
import { useNotes } from '../api/use-crm-queries.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { NoteForm } from './crm-note-form.tsx';

// A contact's notes (the CRM add-on, docs/decisions/099-crm.md): newest first, each with its
// author and time; its author edits it; its author, the owner or a manager deletes it (the server
// says which for each note). Viewers read them.

function NoteItem({
  contactId,
  note,
  timeZone,
}: {
  contactId: string;
  note: Note;
  timeZone: string;
}) {
  const edit = useEditNote(contactId);
  const remove = useDeleteNote(contactId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const edited = note.updatedAt !== note.createdAt;

  return (
    <li className="grid gap-2 rounded-lg border border-border p-3">
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          <span className="font-medium text-foreground">
            {note.author?.name ?? 'A former member'}
          </span>
          {' · '}
          {formatDateTime(new Date(note.createdAt), timeZone)}
          {edited ? ' · edited' : ''}
        </p>
        {!editing && (note.canEdit || note.canDelete) ? (
          <div className="-mt-1 -mr-1 flex">
            {note.canEdit ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label="Edit note"
                onClick={() => setEditing(true)}
              >
                <Pencil aria-hidden className="size-4" />
              </Button>
            ) : null}
            {note.canDelete ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label="Delete note"
                onClick={() => setDeleting(true)}
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {editing ? (
        <NoteForm
          label="Edit the note"
          initial={note.body}
          action="Save note"
          busy={edit.isPending}
          error={edit.error}
          onCancel={() => setEditing(false)}
          onSubmit={(body) =>
            edit.mutate(
              { noteId: note.id, body },
              {
                onSuccess: () => {
                  setEditing(false);
                  toast.success('Note saved');
                },
              },
            )
          }
        />
      ) : (
        <p className="text-sm break-words whitespace-pre-wrap">{note.body}</p>
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete this note?"
        action="Delete note"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(note.id, {
            onSuccess: () => {
              setDeleting(false);
              toast.success('Note deleted');
            },
            onError: (error) => reportError(error),
          })
        }
      >
        <p>The note goes from the contact and its timeline for everyone. It cannot be undone.</p>
      </ConfirmDialog>
    </li>
  );
}

export function NotesPanel({ contactId, timeZone }: { contactId: string; timeZone: string }) {
  const notes = useNotes(contactId);
  const add = useAddNote(contactId);
  const canWrite = useCan('reply:inbox');

  return (
    <div className="grid gap-4">
      {canWrite ? (
        <NoteForm
          label="New note"
          action="Add note"
          busy={add.isPending}
          error={add.error}
          onSubmit={(body, done) =>
            add.mutate(body, {
              onSuccess: () => {
                done();
                toast.success('Note added');
              },
            })
          }
        />
      ) : null}
      <QueryContent
        query={notes}
        loading={{ label: 'Loading the notes', rows: 2, rowClassName: 'h-16 w-full' }}
        errorTitle="The notes could not be loaded"
        empty={<p className="text-sm text-muted-foreground">No notes yet.</p>}
      >
        {(list) => (
          <ul aria-label="Notes" className="grid gap-2">
            {list.map((note) => (
              <NoteItem key={note.id} contactId={contactId} note={note} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </QueryContent>
    </div>
  );
}
