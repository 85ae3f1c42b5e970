import { useState } from 'react';
import { Bookmark, Heart, ImageIcon, MessageCircle, MoreHorizontal, Send } from 'lucide-react';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import type { TargetFormat } from '#shared/platform-limits.ts';
import { accountLabel } from '#shared/account-label.ts';
import { cn } from '../../../../lib/cn.ts';
import { Avatar, MediaImage, RichText, Truncated, type PreviewProps } from './preview-parts.tsx';

/**
 * Instagram shows a portrait photo at 4:5 and anything else square in the feed; a reel and a
 * story at 9:16.
 */
export function instagramFrame(format: TargetFormat, first: MediaItem | undefined): string {
  if (format === 'reel' || format === 'story' || (format === 'post' && first?.kind === 'video')) {
    return 'aspect-[9/16]';
  }
  if (first?.width && first.height && first.width / first.height < 0.9) return 'aspect-[4/5]';
  return 'aspect-square';
}

const IG_CAPTION_SHOWN = 125;

export function InstagramPreview({
  connection,
  format,
  text,
  firstComment,
  media,
  when,
}: PreviewProps) {
  const [selected, setSelected] = useState(0);
  // Files taken away since can leave the one chosen past the end: the last one shows then, and
  // the counter and dots say so.
  const index = Math.min(selected, Math.max(0, media.length - 1));
  const name = connection.username ?? connection.name;
  const current = media[index];
  const frame = instagramFrame(format, media[0]);
  const several = format === 'carousel' && media.length > 1;
  return (
    <article
      aria-label={`Instagram preview for ${accountLabel(connection)}`}
      className="mx-auto w-full max-w-[360px] overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm"
    >
      <header className="flex items-center gap-2.5 px-3 py-2.5">
        <span className="rounded-full bg-gradient-to-tr from-[#FEDA75] via-[#D62976] to-[#4F5BD5] p-[2px]">
          <span className="block rounded-full bg-card p-[1.5px]">
            <Avatar connection={connection} size="size-7" />
          </span>
        </span>
        <div className="grid min-w-0 flex-1 leading-tight">
          <span className="truncate text-sm font-semibold">{name}</span>
          {format === 'reel' ? <span className="text-xs text-muted-foreground">Reel</span> : null}
        </div>
        <MoreHorizontal aria-hidden className="size-5 text-muted-foreground" />
      </header>
      <div className="relative">
        {media.length === 0 ? (
          <div
            className={cn(
              'flex flex-col items-center justify-center gap-2 bg-muted px-6 text-center text-sm text-muted-foreground',
              frame,
            )}
          >
            <ImageIcon aria-hidden className="size-8" />
            Instagram needs a photo or video
          </div>
        ) : (
          <MediaImage item={current} className={frame} />
        )}
        {several ? (
          <>
            <span className="absolute top-2.5 right-2.5 rounded-full bg-black/60 px-2 py-0.5 text-xs font-medium text-white">
              {index + 1}/{media.length}
            </span>
            {index > 0 ? (
              <button
                type="button"
                aria-label="Previous photo"
                onClick={() => setSelected(index - 1)}
                className="absolute top-1/2 left-2 flex size-7 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-black shadow"
              >
                ‹
              </button>
            ) : null}
            {index < media.length - 1 ? (
              <button
                type="button"
                aria-label="Next photo"
                onClick={() => setSelected(index + 1)}
                className="absolute top-1/2 right-2 flex size-7 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-black shadow"
              >
                ›
              </button>
            ) : null}
          </>
        ) : null}
      </div>
      <div className="grid gap-1.5 px-3 pt-2.5 pb-3">
        <div className="relative flex items-center gap-3.5">
          <Heart aria-hidden className="size-6" />
          <MessageCircle aria-hidden className="size-6 -scale-x-100" />
          <Send aria-hidden className="size-6" />
          {several ? (
            <span
              className="absolute left-1/2 flex -translate-x-1/2 gap-1"
              data-testid="carousel-dots"
            >
              {media.map((m, i) => (
                <span
                  key={m.id}
                  className={cn(
                    'size-1.5 rounded-full',
                    i === index ? 'bg-[#3897f0]' : 'bg-muted-foreground/40',
                  )}
                />
              ))}
            </span>
          ) : null}
          <Bookmark aria-hidden className="ml-auto size-6" />
        </div>
        {text.trim() ? (
          <Truncated text={text} limit={IG_CAPTION_SHOWN} moreLabel="more">
            <span className="font-semibold">{name}</span>{' '}
          </Truncated>
        ) : null}
        {firstComment.trim() ? (
          <div className="grid gap-0.5">
            <span className="text-sm text-muted-foreground">View 1 comment</span>
            <p className="text-sm break-words" data-testid="preview-first-comment">
              <span className="font-semibold">{name}</span> <RichText text={firstComment} />
            </p>
          </div>
        ) : null}
        <span className="text-[11px] tracking-wide text-muted-foreground uppercase">
          {when ?? 'Just now'}
        </span>
      </div>
    </article>
  );
}
