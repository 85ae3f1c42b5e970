import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Clock, ListOrdered, Pause, Play, Shuffle } from 'lucide-react';
import { toast } from 'sonner';
import type { AccountQueue } from '#shared/contracts/queue.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { LoadError, LoadingRows } from '../../../../components/ui/query-status.tsx';
import { fieldErrorsOf } from '../../../../lib/api-client.ts';
import { appPaths } from '../../../../lib/app-paths.ts';
import { formatDateTime } from '../../../../lib/date-format.ts';
import { userMessageOf } from '../../../../lib/errors.ts';
import { useQueue, useQueueAction, type QueueAction } from '../../../posts/index.ts';
import { moveTo, movableIds } from '../../lib/queue-model.ts';
import { QueueAccountTabs, queuePanelId, queueTabId } from './queue-account-tabs.tsx';
import { QueueList } from './queue-list.tsx';
import { SlotsDialog } from './slots-dialog.tsx';

// The calendar's Queue view (/dashboard/calendar?view=queue, docs/decisions/077): per connected
// account, its queued posts in order at their posting times with the empty times between, and
// the queue's moves — drag or Move up/down, Move to top, Shuffle, Remove from queue, Pause and
// Resume — and its posting times. Every move is one request the server checks and writes whole;
// a refusal is shown in place with the catalogue's message and each reason.

const ACCOUNT_PARAM = 'account';

interface Refusal {
  message: string;
  reasons: string[];
}

function Summary({ account, timeZone }: { account: AccountQueue; timeZone: string }) {
  const count = account.posts.length;
  const queued = `${count} post${count === 1 ? '' : 's'} queued`;
  if (account.paused) return <>{queued} · paused</>;
  return (
    <>
      {queued}
      {account.next_slot_at
        ? ` · Next free time ${formatDateTime(new Date(account.next_slot_at), timeZone)}`
        : ' · No free posting time in the next 8 weeks'}
    </>
  );
}

export function QueueView({
  userId,
  timeZone,
  canEdit,
  onOpenPost,
}: {
  userId: string | null;
  timeZone: string;
  canEdit: boolean;
  onOpenPost(id: string): void;
}) {
  const query = useQueue(userId);
  const action = useQueueAction(userId);
  const [params, setParams] = useSearchParams();
  const [slotsOpen, setSlotsOpen] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  if (query.isPending) {
    return <LoadingRows label="Loading the queue" rows={4} rowClassName="h-20 rounded-xl" />;
  }
  if (query.isError) {
    return (
      <LoadError
        title="The queue could not be loaded"
        error={query.error}
        retrying={query.isFetching}
        onRetry={query.refetch}
      />
    );
  }
  const { accounts } = query.data;
  if (accounts.length === 0) {
    return (
      <EmptyState
        icon={ListOrdered}
        title="Connect an account to start a queue"
        description="Each connected account gets its own posting times. Add posts to its queue and they go out one after another, at those times."
        action={
          <Button asChild>
            <Link to={appPaths.platforms}>Connect an account</Link>
          </Button>
        }
      />
    );
  }
  const account =
    accounts.find((a) => a.connection_id === params.get(ACCOUNT_PARAM)) ?? accounts[0]!;
  const id = account.connection_id;

  const run = (change: QueueAction, done?: string) => {
    setRefusal(null);
    return action.mutateAsync(change).then(
      () => {
        if (done) toast.success(done);
      },
      (error: unknown) => {
        setRefusal({
          message: userMessageOf(error),
          reasons: [...new Set(Object.values(fieldErrorsOf(error)))],
        });
        // The queue moved meanwhile: show it as it is now.
        if (error instanceof AppError && error.record.code === 'WORKFLOW_STATE_INVALID') {
          void query.refetch();
        }
      },
    );
  };
  const order = movableIds(account);
  const cardActions = {
    canEdit,
    busy: action.isPending,
    onMove: (postId: string, to: number) => {
      const next = moveTo(order, postId, to);
      if (next) void run({ kind: 'order', connectionId: id, postIds: next });
    },
    onTop: (postId: string) =>
      void run({ kind: 'top', connectionId: id, postId }, 'Moved to the top'),
    onRemove: (postId: string) =>
      void run(
        { kind: 'remove', connectionId: id, postId },
        'Removed from the queue; kept as a draft',
      ),
    onOpen: onOpenPost,
  };
  const select = (connectionId: string) => {
    setRefusal(null);
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        p.set(ACCOUNT_PARAM, connectionId);
        return p;
      },
      { replace: true },
    );
  };

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <QueueAccountTabs accounts={accounts} selected={id} onSelect={select} />
      <section
        id={queuePanelId(id)}
        role="tabpanel"
        aria-labelledby={queueTabId(id)}
        className="grid min-w-0 grid-cols-1 gap-4 rounded-xl border border-border bg-card p-3 sm:p-5"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-0.5">
            <h2 className="truncate text-lg font-semibold text-foreground">
              {account.account_label}
            </h2>
            <p className="text-sm text-muted-foreground">
              <Summary account={account} timeZone={timeZone} />
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => setSlotsOpen(true)}
              disabled={!canEdit}
            >
              <Clock aria-hidden className="size-4" /> Posting times
            </Button>
            {canEdit ? (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={action.isPending || order.length < 2}
                  onClick={() => void run({ kind: 'shuffle', connectionId: id }, 'Queue shuffled')}
                >
                  <Shuffle aria-hidden className="size-4" /> Shuffle
                </Button>
                {account.paused ? (
                  <Button
                    size="sm"
                    disabled={action.isPending}
                    onClick={() => void run({ kind: 'resume', connectionId: id }, 'Queue resumed')}
                  >
                    <Play aria-hidden className="size-4" /> Resume
                  </Button>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={action.isPending}
                    onClick={() => void run({ kind: 'pause', connectionId: id }, 'Queue paused')}
                  >
                    <Pause aria-hidden className="size-4" /> Pause
                  </Button>
                )}
              </>
            ) : null}
          </div>
        </div>

        {!account.can_publish ? (
          <Alert variant="warning" title="This account cannot publish right now">
            The access to this account has ended.{' '}
            <Link className="text-link underline" to={appPaths.platforms}>
              Reconnect it on the Platforms page
            </Link>{' '}
            before its queued posts are due.
          </Alert>
        ) : null}
        {account.paused ? (
          <Alert variant="info" title="This queue is paused">
            Its posts are drafts and keep their order. Resume it to schedule them in the next free
            posting times.
          </Alert>
        ) : null}
        {refusal ? (
          <Alert variant="destructive" title={refusal.message}>
            {refusal.reasons.length > 0 ? (
              <ul className="list-disc pl-4">
                {refusal.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}

        {account.posts.length === 0 && !account.paused ? (
          <p className="rounded-lg bg-muted/50 px-3 py-2 text-sm text-muted-foreground">
            Nothing queued yet. Write a post and choose <strong>Add to queue</strong>: it goes in
            the first empty time below.
          </p>
        ) : null}
        <div aria-busy={action.isPending} className={action.isPending ? 'opacity-70' : undefined}>
          <QueueList
            account={account}
            timeZone={timeZone}
            actions={cardActions}
            onReorder={(ids) => void run({ kind: 'order', connectionId: id, postIds: ids })}
          />
        </div>
      </section>
      <SlotsDialog
        key={id}
        account={account}
        timeZone={timeZone}
        open={slotsOpen}
        onOpenChange={setSlotsOpen}
        saving={action.isPending}
        onSave={(slots) => action.mutateAsync({ kind: 'slots', connectionId: id, slots })}
      />
    </div>
  );
}
