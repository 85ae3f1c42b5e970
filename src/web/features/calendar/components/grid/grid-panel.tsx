import type { Connection } from '#shared/contracts/platforms.contract.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { LoadError } from '../../../../components/ui/query-status.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { usePlannedPosts, useInstagramMedia } from '../../api/use-planning.ts';
import { AccountAvatar } from './grid-account-picker.tsx';
import { GridTiles } from './grid-tiles.tsx';

// One account's grid: its profile header, then the planned posts and the published media, read
// apart: a platform that cannot be read leaves the planned posts on screen with the catalogue's
// message and a way to try again (docs/decisions/078).

function Header({
  account,
  planned,
  published,
  more,
}: {
  account: Connection;
  planned: number;
  /** Published media read so far; `more`: the platform has older ones. */
  published: number | null;
  more: boolean;
}) {
  return (
    <header className="flex items-center gap-4 px-4 py-4 sm:px-6 sm:py-5">
      <AccountAvatar
        account={account}
        className="size-14 shrink-0 text-xl ring-2 ring-pink-500/70 ring-offset-2 ring-offset-card sm:size-16"
      />
      <div className="grid min-w-0 gap-1">
        <h3 className="truncate text-base font-semibold text-foreground sm:text-lg">
          {account.username ?? account.name}
        </h3>
        <p className="truncate text-sm text-muted-foreground">{account.name}</p>
        <p className="flex gap-4 text-sm text-muted-foreground">
          <span>
            <strong className="font-semibold text-foreground tabular-nums">{planned}</strong>{' '}
            planned
          </span>
          <span>
            <strong className="font-semibold text-foreground tabular-nums">
              {published === null ? '–' : `${published}${more ? '+' : ''}`}
            </strong>{' '}
            published
          </span>
        </p>
      </div>
    </header>
  );
}

function Placeholder() {
  return (
    <div
      className="grid grid-cols-3 gap-0.5 sm:gap-1"
      aria-busy="true"
      aria-label="Loading the grid"
    >
      {Array.from({ length: 9 }, (_, i) => (
        <Skeleton key={i} className="aspect-square rounded-none" />
      ))}
    </div>
  );
}

export function GridPanel({
  userId,
  account,
  timeZone,
  canEdit,
  onOpenPost,
}: {
  userId: string;
  account: Connection;
  timeZone: string;
  canEdit: boolean;
  onOpenPost(id: string): void;
}) {
  const planned = usePlannedPosts(userId, account.id);
  const media = useInstagramMedia(userId, account.id);
  const published = media.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="grid gap-0">
      <Header
        account={account}
        planned={planned.data?.length ?? 0}
        published={media.data ? published.length : null}
        more={media.hasNextPage}
      />
      <div className="grid gap-3 pb-3">
        {planned.isError ? (
          <div className="px-3">
            <LoadError
              title="The planned posts could not be loaded"
              error={planned.error}
              retrying={planned.isFetching}
              onRetry={planned.refetch}
            />
          </div>
        ) : null}
        {media.isError ? (
          <div className="px-3">
            <LoadError
              title="Your published posts could not be read from Instagram"
              error={media.error}
              retrying={media.isFetching}
              onRetry={media.refetch}
            />
          </div>
        ) : null}
        {planned.isPending || (media.isPending && !media.isError) ? (
          <Placeholder />
        ) : (
          <GridTiles
            userId={userId}
            accountId={account.id}
            planned={planned.data ?? []}
            published={published}
            timeZone={timeZone}
            canEdit={canEdit}
            onOpenPost={onOpenPost}
          />
        )}
        {media.hasNextPage ? (
          <div className="flex justify-center">
            <Button
              variant="outline"
              size="sm"
              loading={media.isFetchingNextPage}
              onClick={() => void media.fetchNextPage()}
            >
              Show older posts
            </Button>
          </div>
        ) : null}
        {!planned.isPending &&
        !media.isPending &&
        (planned.data?.length ?? 0) + published.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-muted-foreground">
            Nothing on this profile yet. Plan a post for this account and it shows here, where it
            will sit on the profile.
          </p>
        ) : null}
      </div>
    </div>
  );
}
