import { Globe, MessageCircle, MoreHorizontal, Share2, ThumbsUp } from 'lucide-react';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import { accountLabel } from '#shared/account-label.ts';
import { cn } from '../../../../lib/cn.ts';
import { Avatar, MediaImage, RichText, Truncated, type PreviewProps } from './preview-parts.tsx';

function PhotoGrid({ media }: { media: MediaItem[] }) {
  if (media.length === 0) return null;
  if (media.length === 1) {
    const item = media[0]!;
    const tall = item.width && item.height && item.width / item.height < 0.9;
    return <MediaImage item={item} className={tall ? 'aspect-[4/5]' : 'aspect-[1.91/1]'} />;
  }
  const shown = media.slice(0, 4);
  const extra = media.length - shown.length;
  return (
    <div className={cn('grid grid-cols-2 gap-0.5', shown.length === 3 ? 'grid-rows-2' : '')}>
      {shown.map((item, i) => (
        <div
          key={item.id}
          className={cn('relative', shown.length === 3 && i === 0 ? 'row-span-2' : '')}
        >
          <MediaImage
            item={item}
            className={shown.length === 3 && i === 0 ? 'h-full min-h-full' : 'aspect-square'}
          />
          {extra > 0 && i === shown.length - 1 ? (
            <span className="absolute inset-0 flex items-center justify-center bg-black/50 text-2xl font-semibold text-white">
              +{extra}
            </span>
          ) : null}
        </div>
      ))}
    </div>
  );
}

const FB_TEXT_SHOWN = 280;

export function FacebookPreview({ connection, text, firstComment, media, when }: PreviewProps) {
  return (
    <article
      aria-label={`Facebook preview for ${accountLabel(connection)}`}
      className="mx-auto w-full max-w-[420px] overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm"
    >
      <header className="flex items-center gap-2.5 px-3.5 pt-3">
        <Avatar connection={connection} size="size-10" />
        <div className="grid min-w-0 flex-1 leading-tight">
          <span className="truncate text-sm font-semibold">{connection.name}</span>
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            {when ?? 'Just now'} · <Globe aria-hidden className="size-3" />
          </span>
        </div>
        <MoreHorizontal aria-hidden className="size-5 text-muted-foreground" />
      </header>
      {text.trim() ? (
        <div className="px-3.5 pt-2.5 pb-3">
          <Truncated text={text} limit={FB_TEXT_SHOWN} moreLabel="See more" />
        </div>
      ) : (
        <div className="h-3" />
      )}
      <PhotoGrid media={media} />
      <div className="mx-3.5 flex items-center justify-around border-t border-border py-1.5 text-sm font-medium text-muted-foreground">
        <span className="flex items-center gap-1.5 py-1">
          <ThumbsUp aria-hidden className="size-4" /> Like
        </span>
        <span className="flex items-center gap-1.5 py-1">
          <MessageCircle aria-hidden className="size-4" /> Comment
        </span>
        <span className="flex items-center gap-1.5 py-1">
          <Share2 aria-hidden className="size-4" /> Share
        </span>
      </div>
      {firstComment.trim() ? (
        <div className="flex gap-2 border-t border-border px-3.5 py-2.5">
          <Avatar connection={connection} size="size-7" />
          <div className="min-w-0 rounded-2xl bg-muted px-3 py-1.5">
            <span className="block text-xs font-semibold">{connection.name}</span>
            <p className="text-sm break-words" data-testid="preview-first-comment">
              <RichText text={firstComment} />
            </p>
          </div>
        </div>
      ) : null}
    </article>
  );
}
