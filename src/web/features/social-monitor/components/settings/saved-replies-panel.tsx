import { useState } from 'react';
import { BookmarkCheck, Pencil, Plus, Trash2 } from 'lucide-react';
import type { SavedReply } from '#shared/contracts/inbox.contract.ts';
import { SAVED_REPLY_VARIABLES } from '#shared/contracts/inbox.contract.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../../components/ui/card.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { QueryContent } from '../../../../components/ui/query-status.tsx';
import { useSavedReplies } from '../../api/use-inbox-queries.ts';
import { useDeleteSavedReply } from '../../api/use-inbox-config.ts';
import { refusalText } from '../../lib/refusal.ts';
import { SavedReplyDialog } from './saved-reply-dialog.tsx';

/** The team's saved replies: everyone inserts them; managers and owners write them. */
export function SavedRepliesPanel({ canManage }: { canManage: boolean }) {
  const query = useSavedReplies();
  const remove = useDeleteSavedReply();
  const [editing, setEditing] = useState<SavedReply | 'new' | null>(null);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Saved replies</CardTitle>
          <CardDescription>
            Answers your team gives often. {SAVED_REPLY_VARIABLES.join(' and ')} are filled in with
            the person’s first name and your business name when a reply is inserted.
          </CardDescription>
        </div>
        {canManage ? (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden className="size-4" /> New saved reply
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        {remove.isError ? (
          <Alert variant="destructive" title="The saved reply was not deleted">
            {refusalText(remove.error)}
          </Alert>
        ) : null}
        <QueryContent
          query={query}
          loading={{ label: 'Loading saved replies', rows: 3, rowClassName: 'h-16 w-full' }}
          errorTitle="Saved replies could not be loaded"
          empty={
            <EmptyState
              icon={BookmarkCheck}
              title="No saved replies yet"
              description={
                canManage
                  ? 'Save the answers you give most, then insert them from any reply box.'
                  : 'A manager or the owner can add the answers your team gives most.'
              }
            />
          }
        >
          {(replies) => (
            <ul className="divide-y divide-border rounded-lg border border-border">
              {replies.map((reply) => (
                <li key={reply.id} className="flex flex-wrap items-start gap-3 p-4">
                  <div className="grid min-w-0 flex-1 gap-1">
                    <p className="font-medium">{reply.title}</p>
                    <p className="text-sm break-words whitespace-pre-wrap text-muted-foreground">
                      {reply.body}
                    </p>
                  </div>
                  {canManage ? (
                    <div className="flex gap-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setEditing(reply)}
                        aria-label={`Edit ${reply.title}`}
                      >
                        <Pencil aria-hidden className="size-3.5" /> Edit
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-destructive hover:bg-destructive/10"
                        aria-label={`Delete ${reply.title}`}
                        loading={remove.isPending && remove.variables === reply.id}
                        onClick={() => remove.mutate(reply.id)}
                      >
                        <Trash2 aria-hidden className="size-3.5" /> Delete
                      </Button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </QueryContent>
      </CardContent>
      <SavedReplyDialog editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
