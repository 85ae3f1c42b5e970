import type { CampaignPost } from '#shared/contracts/campaigns.contract.ts';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import { Thumbnail } from '../../../media/index.ts';
import { misfitOf } from '../../lib/media-fit.ts';

/** The files chosen for a post, each marked when it does not fit what the post needs. */
export function ChosenMedia({
  post,
  known,
}: {
  post: CampaignPost;
  known: ReadonlyMap<string, MediaItem>;
}) {
  if (post.mediaIds.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Chosen media">
      {post.mediaIds.map((id) => {
        const item = known.get(id);
        const misfit = item ? misfitOf(post.media, item) : null;
        return (
          <li key={id} className="grid w-28 gap-1 text-xs">
            {item ? (
              <Thumbnail
                item={item}
                className="aspect-square w-full rounded-md border border-border"
              />
            ) : (
              <div className="aspect-square w-full animate-pulse rounded-md bg-muted" />
            )}
            <span className="truncate">{item?.name ?? 'Loading…'}</span>
            {item ? (
              misfit ? (
                <span className="font-medium text-destructive">Does not fit: {misfit}</span>
              ) : (
                <span className="text-success">Fits</span>
              )
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
