import { useState } from 'react';
import { FileText } from 'lucide-react';
import type { AnalyticsAccount } from '#shared/contracts/analytics.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError, LoadingRows } from '../../../components/ui/query-status.tsx';
import { useTopPosts } from '../api/use-analytics-queries.ts';
import type { AnalyticsState } from '../lib/query-state.ts';
import { PostDrillDownDialog } from './post-drill-down.tsx';
import { TopPostsTable } from './top-posts-table.tsx';

export function TopPostsSection({
  state,
  accounts,
  timeZone,
}: {
  state: AnalyticsState;
  accounts: readonly AnalyticsAccount[];
  timeZone: string;
}) {
  const query = useTopPosts(state.params);
  const [openId, setOpenId] = useState<string | null>(null);
  const page = query.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">Top posts</h2>
        {page ? (
          <p className="text-xs text-muted-foreground">
            {page.total} {page.total === 1 ? 'post' : 'posts'} published in this period
          </p>
        ) : null}
      </div>
      {query.isError ? (
        <LoadError
          title="The posts could not be loaded"
          error={query.error}
          retrying={query.isFetching}
          onRetry={query.refetch}
        />
      ) : !page ? (
        <LoadingRows label="Loading top posts" rows={4} rowClassName="h-14 w-full" />
      ) : page.items.length === 0 ? (
        <EmptyState
          icon={FileText}
          title="No posts in this period"
          description="Posts published on this account in the chosen dates show here with their reach and interactions."
        />
      ) : (
        <>
          <div
            aria-busy={query.isPlaceholderData}
            className={query.isPlaceholderData ? 'opacity-60' : ''}
          >
            <TopPostsTable
              page={page}
              order={state.params}
              accounts={accounts}
              timeZone={timeZone}
              onSort={state.setSort}
              onOpen={setOpenId}
            />
          </div>
          {pages > 1 ? (
            <nav
              aria-label="Top posts pages"
              className="flex items-center justify-end gap-2 text-sm"
            >
              <Button
                variant="outline"
                size="sm"
                disabled={page.page <= 1}
                onClick={() => state.setPage(page.page - 1)}
              >
                Previous
              </Button>
              <span className="text-muted-foreground">
                Page {page.page} of {pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page.page >= pages}
                onClick={() => state.setPage(page.page + 1)}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
      <PostDrillDownDialog
        postId={openId}
        accounts={accounts}
        timeZone={timeZone}
        onClose={() => setOpenId(null)}
      />
    </Card>
  );
}
