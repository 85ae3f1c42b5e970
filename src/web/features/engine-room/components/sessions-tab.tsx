import { useState } from 'react';
import { MessagesSquare } from 'lucide-react';
import type { EngineSessionSummary } from '#shared/contracts/engine-room.contract.ts';
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
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryContent } from '../../../components/ui/query-status.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { useDeleteSession } from '../api/use-engine-actions.ts';
import { useEngineSessions } from '../api/use-engine-queries.ts';
import { useBusinessTimeZone } from '../lib/format.ts';
import { SessionRow } from './session-row.tsx';

// The Sessions tab: the business's sessions, to open, rename or delete (after asking).

export function SessionsTab({
  currentId,
  onOpen,
  onDeleted,
}: {
  currentId: string | null;
  onOpen(id: string): void;
  onDeleted(id: string): void;
}) {
  const query = useEngineSessions();
  const timeZone = useBusinessTimeZone();
  const remove = useDeleteSession();
  const [deleting, setDeleting] = useState<EngineSessionSummary | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      onDeleted(deleting.id);
      setDeleting(null);
    } catch {
      // Shown in the dialog.
    }
  }

  return (
    <section aria-label="Sessions" className="grid gap-3">
      <QueryContent
        query={query}
        loading={{ label: 'Loading the sessions', rows: 3, rowClassName: 'h-16 w-full' }}
        errorTitle="The sessions could not be loaded"
        empty={
          <EmptyState
            icon={MessagesSquare}
            title="No sessions yet"
            description="Your first message in the Prompt tab starts one. Everyone in your business sees the sessions here."
          />
        }
      >
        {(sessions) => (
          <ul className="grid gap-2">
            {sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                current={session.id === currentId}
                timeZone={timeZone}
                onOpen={() => onOpen(session.id)}
                onDelete={() => {
                  remove.reset();
                  setDeleting(session);
                }}
              />
            ))}
          </ul>
        )}
      </QueryContent>
      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete this session?</DialogTitle>
            <DialogDescription>
              “{deleting?.title || 'Untitled session'}” and its messages are deleted for everyone in
              your business. Posts and campaigns it made stay.
            </DialogDescription>
          </DialogHeader>
          {remove.isError ? (
            <Alert variant="destructive">{userMessageOf(remove.error)}</Alert>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button
              variant="destructive"
              loading={remove.isPending}
              onClick={() => void confirmDelete()}
            >
              Delete session
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
