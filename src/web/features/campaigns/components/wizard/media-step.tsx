import { useEffect, useMemo, useState } from 'react';
import { CheckCircle2, ImagePlus } from 'lucide-react';
import type { Campaign, CampaignPost } from '#shared/contracts/campaigns.contract.ts';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { MediaPicker } from '../../../posts/index.ts';
import { useChosenMedia } from '../../api/use-campaign-queries.ts';
import { misfitOf, missingCount } from '../../lib/media-fit.ts';
import { ChosenMedia } from './chosen-media.tsx';
import { PlanPostCard } from './plan-post-card.tsx';
import { usePostChanges } from './use-post-changes.ts';

// Step 4: the media each post needs, chosen from the library with the composer's picker. Each
// chosen file says whether it fits the requirement (lib/media-fit.ts); the count of posts still
// missing media is at the top.

const CAROUSEL_MOST = 10;

export function MediaStep({
  campaign,
  timeZone,
  focusPost,
  locked,
  onConflict,
}: {
  campaign: Campaign;
  timeZone: string;
  focusPost: string | null;
  locked: boolean;
  onConflict(): void;
}) {
  const changes = usePostChanges(campaign, onConflict);
  const [picking, setPicking] = useState<CampaignPost | null>(null);
  const needing = campaign.posts.filter((p) => p.media.kind !== 'none');
  const missing = needing.filter((p) => missingCount(p.media, p.mediaIds.length) > 0).length;
  const ids = useMemo(
    () => [...new Set(campaign.posts.flatMap((p) => p.mediaIds))],
    [campaign.posts],
  );
  const queries = useChosenMedia(ids);
  const known = useMemo(() => {
    const map = new Map<string, MediaItem>();
    for (const q of queries) if (q.data) map.set(q.data.id, q.data);
    return map;
  }, [queries]);

  const misfits = campaign.posts.filter((p) =>
    p.mediaIds.some((id) => {
      const item = known.get(id);
      return item !== undefined && misfitOf(p.media, item) !== null;
    }),
  ).length;

  useEffect(() => {
    if (focusPost)
      document.getElementById(`post-${focusPost}`)?.scrollIntoView?.({ block: 'center' });
  }, [focusPost]);

  async function choose(post: CampaignPost, mediaIds: string[]) {
    const done = await changes.apply({ kind: 'update', key: post.key, changes: { mediaIds } });
    if (done) setPicking(null);
  }

  if (campaign.posts.length === 0) {
    return (
      <EmptyState
        icon={ImagePlus}
        title="No posts to add media to"
        description="Plan the posts first; each one says the media it needs."
      />
    );
  }

  return (
    <div className="grid gap-4">
      {missing > 0 ? (
        <Alert
          variant="warning"
          title={`${missing} ${missing === 1 ? 'post needs' : 'posts need'} media`}
        >
          Choose a file for each from your library. A post without its media cannot be launched.
        </Alert>
      ) : (
        <Alert variant="success" title="Every post has its media" />
      )}
      {misfits > 0 ? (
        <Alert
          variant="warning"
          title={`${misfits} ${misfits === 1 ? 'post has' : 'posts have'} a file that does not fit`}
        >
          Each one is marked below with what the post needs.
        </Alert>
      ) : null}
      {changes.error ? <Alert variant="destructive">{changes.error}</Alert> : null}
      <ul className="grid gap-2" aria-label="Posts and their media">
        {campaign.posts.map((post) => {
          const short = missingCount(post.media, post.mediaIds.length);
          return (
            <PlanPostCard
              key={post.key}
              post={post}
              timeZone={timeZone}
              highlighted={post.key === focusPost}
              compact
              actions={
                post.media.kind === 'none' ? null : (
                  <Button
                    size="sm"
                    variant={short > 0 ? 'default' : 'outline'}
                    disabled={locked || changes.changing}
                    loading={changes.changingKey === post.key && changes.changing}
                    onClick={() => setPicking(post)}
                  >
                    <ImagePlus aria-hidden className="size-3.5" />
                    {post.mediaIds.length > 0 ? 'Change media' : 'Choose media'}
                  </Button>
                )
              }
            >
              {post.media.kind === 'none' ? null : short > 0 ? (
                <p className="text-sm font-medium text-warning">
                  Missing {short} {short === 1 ? 'file' : 'files'}
                </p>
              ) : (
                <p className="flex items-center gap-1 text-sm text-success">
                  <CheckCircle2 aria-hidden className="size-4" /> Media chosen
                </p>
              )}
              <ChosenMedia post={post} known={known} />
            </PlanPostCard>
          );
        })}
      </ul>
      <MediaPicker
        open={picking !== null}
        selected={picking?.mediaIds ?? []}
        known={known}
        max={
          picking?.media.kind === 'carousel'
            ? CAROUSEL_MOST
            : Math.max(1, picking?.media.count ?? 1)
        }
        imagesOnly={picking?.media.kind === 'image'}
        onClose={() => setPicking(null)}
        onConfirm={(chosen) => (picking ? void choose(picking, chosen) : undefined)}
      />
    </div>
  );
}
