import type { ThreadFilters, ThreadSummary } from '#shared/contracts/inbox.contract.ts';
import { Inbox } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError, LoadingRows } from '../../../components/ui/query-status.tsx';
import type { useThreadList } from '../api/use-inbox-queries.ts';
import { ThreadRow } from './thread-row.tsx';

interface ThreadListProps {
  query: ReturnType<typeof useThreadList>;
  threads: ThreadSummary[];
  filters: ThreadFilters;
  selectedId: string | null;
  onOpen(id: string): void;
}

function emptyText(filters: ThreadFilters): { title: string; description: string } {
  const filtered =
    filters.q ||
    filters.unread ||
    filters.needsReply ||
    filters.platform ||
    filters.connectionId ||
    filters.sentiment ||
    filters.assignee !== 'anyone';
  if (filtered) {
    return { title: 'Nothing matches these filters', description: 'Clear a filter to see more.' };
  }
  if (filters.status === 'done') {
    return { title: 'Nothing marked done yet', description: 'Threads you finish appear here.' };
  }
  return filters.tab === 'messages'
    ? {
        title: 'No messages to answer',
        description:
          'Direct messages to your Instagram and Facebook accounts appear here as they arrive.',
      }
    : {
        title: 'No comments to answer',
        description: 'Comments on your Instagram and Facebook posts appear here as they arrive.',
      };
}

/** The threads of the current filter, newest first by the platform's time, with "Load more". */
export function ThreadList({ query, threads, filters, selectedId, onOpen }: ThreadListProps) {
  if (query.isPending) {
    return (
      <div className="p-4">
        <LoadingRows label="Loading threads" rows={5} rowClassName="h-16 w-full" />
      </div>
    );
  }
  if (query.isError && threads.length === 0) {
    return (
      <div className="p-4">
        <LoadError
          title="The inbox could not be loaded"
          error={query.error}
          retrying={query.isRefetching}
          onRetry={() => query.refetch()}
        />
      </div>
    );
  }
  if (threads.length === 0) {
    const text = emptyText(filters);
    return (
      <EmptyState icon={Inbox} title={text.title} description={text.description} className="m-4" />
    );
  }
  return (
    <div>
      <ul aria-label="Threads" className="divide-y divide-border">
        {threads.map((thread) => (
          <li key={thread.id}>
            <ThreadRow
              thread={thread}
              selected={thread.id === selectedId}
              onOpen={() => onOpen(thread.id)}
            />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="flex justify-center border-t border-border p-3">
          <Button
            variant="outline"
            size="sm"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
