import { useEffect, useRef, useState, type RefObject } from 'react';
import { MessagesSquare } from 'lucide-react';
import type { InboxItem, ItemAction } from '#shared/contracts/inbox.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError, LoadingRows } from '../../../components/ui/query-status.tsx';
import { useThread } from '../api/use-inbox-queries.ts';
import { useAssign, useItemAction, useThreadStatus } from '../api/use-thread-actions.ts';
import { refusalText } from '../lib/refusal.ts';
import { useNow } from '../lib/use-now.ts';
import { CommentThread } from './comment-thread.tsx';
import { Conversation } from './conversation.tsx';
import { DeleteDialog, PrivateReplyDialog } from './item-dialogs.tsx';
import { NotesPanel } from './notes-panel.tsx';
import { ReplyComposer } from './reply-composer.tsx';
import { isWindowOpen, ReplyWindowClosed } from './reply-window.tsx';
import { ThreadHeader } from './thread-header.tsx';

/** What the page's keyboard shortcuts ask of the open thread. */
export interface ThreadCommands {
  focusReply(): boolean;
  toggleDone(): string | null;
  openAssign(): boolean;
}

interface ThreadViewProps {
  threadId: string | null;
  me: { userId: string; name: string };
  canReply: boolean;
  commandsRef: RefObject<ThreadCommands | null>;
  onBack(): void;
}

export function ThreadView({ threadId, ...rest }: ThreadViewProps) {
  const query = useThread(threadId);
  if (!threadId) {
    return (
      <EmptyState
        icon={MessagesSquare}
        title="Choose a thread"
        description="Pick a comment or a conversation on the left to read it and answer."
        className="m-4 border-none"
      />
    );
  }
  if (query.isPending) {
    return (
      <div className="p-4">
        <LoadingRows label="Loading the thread" rows={4} rowClassName="h-16 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="p-4">
        <LoadError
          title="This thread could not be loaded"
          error={query.error}
          retrying={query.isRefetching}
          onRetry={() => query.refetch()}
        />
      </div>
    );
  }
  return <OpenThread key={threadId} thread={query.data} {...rest} />;
}

function OpenThread({
  thread,
  me,
  canReply,
  commandsRef,
  onBack,
}: Omit<ThreadViewProps, 'threadId'> & {
  thread: NonNullable<ReturnType<typeof useThread>['data']>;
}) {
  const now = useNow();
  const [replyTo, setReplyTo] = useState<InboxItem | null>(null);
  const [toDelete, setToDelete] = useState<InboxItem | null>(null);
  const [privateTo, setPrivateTo] = useState<InboxItem | null>(null);
  const [assignOpen, setAssignOpen] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const itemAction = useItemAction(thread.id);
  const assign = useAssign(thread.id);
  const status = useThreadStatus(thread.id);
  const windowOpen = isWindowOpen(thread, now);
  const onError = (err: Error) => setActionError(refusalText(err));

  const toggleDone = () => {
    const next = thread.status === 'done' ? 'open' : 'done';
    setActionError(null);
    status.mutate(next, { onError });
    return next === 'done' ? 'Marked done' : 'Reopened';
  };

  useEffect(() => {
    commandsRef.current = {
      focusReply: () => {
        replyRef.current?.focus();
        return replyRef.current !== null;
      },
      toggleDone: () => (canReply ? toggleDone() : null),
      openAssign: () => {
        if (canReply) setAssignOpen(true);
        return canReply;
      },
    };
    return () => {
      commandsRef.current = null;
    };
  });

  const act = (item: InboxItem, action: ItemAction) => {
    setActionError(null);
    itemAction.mutate({ item, action }, { onError });
  };
  const replyToItem = (item: InboxItem) => {
    setReplyTo(item);
    replyRef.current?.focus();
  };

  return (
    <div className="flex min-h-0 flex-col">
      <ThreadHeader
        thread={thread}
        meId={me.userId}
        now={now}
        canReply={canReply}
        assignOpen={assignOpen}
        onAssignOpenChange={setAssignOpen}
        onAssign={(userId, name) => {
          setActionError(null);
          assign.mutate({ userId, name }, { onError });
        }}
        onToggleDone={toggleDone}
        onBack={onBack}
      />
      <div className="grid gap-4 p-4">
        {actionError ? (
          <Alert variant="destructive" title="That did not work">
            {actionError}
          </Alert>
        ) : null}
        {thread.kind === 'conversation' ? (
          <Conversation thread={thread} />
        ) : (
          <CommentThread
            thread={thread}
            canReply={canReply}
            now={now}
            onReply={replyToItem}
            onAction={act}
            onDelete={setToDelete}
            onPrivateReply={setPrivateTo}
          />
        )}
      </div>
      <div className="grid gap-4 border-t border-border p-4">
        {!canReply ? (
          <p className="text-sm text-muted-foreground">
            Your role can read the inbox; answering is for staff, managers and owners.
          </p>
        ) : windowOpen ? (
          <ReplyComposer
            key={thread.id}
            thread={thread}
            me={me}
            replyTo={replyTo}
            onCancelReplyTo={() => setReplyTo(null)}
            textareaRef={replyRef}
          />
        ) : (
          <ReplyWindowClosed thread={thread} now={now} />
        )}
        <NotesPanel thread={thread} me={me} canWrite={canReply} />
      </div>
      <DeleteDialog
        item={toDelete}
        onCancel={() => setToDelete(null)}
        onConfirm={(item) => {
          setToDelete(null);
          act(item, 'delete');
        }}
      />
      <PrivateReplyDialog
        thread={thread}
        item={privateTo}
        me={me}
        onClose={() => setPrivateTo(null)}
      />
    </div>
  );
}
