import { ArrowDown, ArrowUp, ArrowUpDown, ExternalLink, ImageOff } from 'lucide-react';
import type {
  AnalyticsAccount,
  PostSort,
  TopPost,
  TopPostsPage,
} from '#shared/contracts/analytics.contract.ts';
import { cn } from '../../../lib/cn.ts';
import { PlatformIcon } from '../../platforms/index.ts';
import { accountName, formatAt, formatValue } from '../lib/format.ts';
import { excerpt, FIGURE_COLUMNS, productTypeLabel } from '../lib/post-columns.ts';

// The period's posts with their figures, sorted and paged on the server. A row opens the post's
// figures since publishing; the caption is that row's button for the keyboard.

export function TopPostsTable({
  page,
  order,
  accounts,
  timeZone,
  onSort,
  onOpen,
}: {
  page: TopPostsPage;
  /** The order asked for (the address's), shown at once while the server answers. */
  order: { sort: PostSort; dir: 'asc' | 'desc' };
  accounts: readonly AnalyticsAccount[];
  timeZone: string;
  onSort(sort: PostSort, dir: 'asc' | 'desc'): void;
  onOpen(postId: string): void;
}) {
  const header = (sort: PostSort, label: string, left = false) => {
    const active = order.sort === sort;
    const Icon = !active ? ArrowUpDown : order.dir === 'desc' ? ArrowDown : ArrowUp;
    return (
      <th
        key={sort}
        scope="col"
        aria-sort={active ? (order.dir === 'desc' ? 'descending' : 'ascending') : undefined}
        className={cn('px-3 py-2 font-medium whitespace-nowrap', left ? 'text-left' : 'text-right')}
      >
        <button
          type="button"
          onClick={() => onSort(sort, active && order.dir === 'desc' ? 'asc' : 'desc')}
          className={cn(
            'inline-flex items-center gap-1 rounded hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
            active ? 'text-foreground' : '',
          )}
        >
          {label}
          <Icon aria-hidden className={cn('size-3.5', active ? '' : 'opacity-50')} />
        </button>
      </th>
    );
  };
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[1280px] text-sm">
        <caption className="sr-only">
          Top posts, sorted by {order.sort.replace('_', ' ')}{' '}
          {order.dir === 'desc' ? 'descending' : 'ascending'}
        </caption>
        <thead className="bg-muted/60 text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Post
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Account
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Type
            </th>
            {header('published_at', 'Published', true)}
            {FIGURE_COLUMNS.map((c) => header(c.sort, c.label))}
          </tr>
        </thead>
        <tbody>
          {page.items.map((post) => (
            <PostRow
              key={post.id}
              post={post}
              account={accounts.find((a) => a.id === post.accountId)}
              timeZone={timeZone}
              onOpen={() => onOpen(post.id)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PostRow({
  post,
  account,
  timeZone,
  onOpen,
}: {
  post: TopPost;
  account: AnalyticsAccount | undefined;
  timeZone: string;
  onOpen(): void;
}) {
  const caption = excerpt(post.caption);
  return (
    <tr onClick={onOpen} className="cursor-pointer border-t border-border hover:bg-muted/40">
      <td className="px-3 py-2">
        <div className="flex w-72 items-center gap-3">
          <Thumbnail url={post.thumbnailUrl} />
          <div className="grid min-w-0 gap-0.5">
            <button
              type="button"
              onClick={(e) => {
                e.stopPropagation();
                onOpen();
              }}
              aria-label={`Details of ${caption}`}
              className="line-clamp-2 text-left font-medium text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {caption}
            </button>
            {post.permalink ? (
              <a
                href={post.permalink}
                target="_blank"
                rel="noreferrer"
                onClick={(e) => e.stopPropagation()}
                className="inline-flex w-max items-center gap-1 text-xs text-link hover:underline"
              >
                View post <ExternalLink aria-hidden className="size-3" />
              </a>
            ) : null}
          </div>
        </div>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        {account ? (
          <span className="inline-flex items-center gap-1.5">
            <PlatformIcon platform={account.platform} aria-hidden className="size-3.5" />
            {accountName(account)}
          </span>
        ) : (
          '—'
        )}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{productTypeLabel(post.productType)}</td>
      <td className="px-3 py-2 whitespace-nowrap">{formatAt(post.publishedAt, timeZone)}</td>
      {FIGURE_COLUMNS.map((c) => (
        <td key={c.sort} className="px-3 py-2 text-right tabular-nums">
          {formatValue(c.value(post), c.unit)}
        </td>
      ))}
    </tr>
  );
}

export function Thumbnail({ url, size = 'size-12' }: { url: string | null; size?: string }) {
  return url ? (
    <img
      src={url}
      alt=""
      loading="lazy"
      className={cn(size, 'shrink-0 rounded-md border border-border bg-muted object-cover')}
    />
  ) : (
    <span
      className={cn(
        size,
        'flex shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground',
      )}
    >
      <ImageOff aria-hidden className="size-4" />
    </span>
  );
}
