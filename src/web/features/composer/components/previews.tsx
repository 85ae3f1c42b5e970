import { useId, useState, type ReactNode } from 'react';
import {
  Bookmark,
  Globe,
  Heart,
  ImageIcon,
  Info,
  MessageCircle,
  MoreHorizontal,
  Play,
  Send,
  Share2,
  ThumbsUp,
} from 'lucide-react';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import type { TargetFormat } from '#shared/platform-limits.ts';
import { cn } from '../../../lib/cn.ts';
import { Thumbnail } from '../../media/components/media-collection.tsx';
import { PlatformIcon } from '../../platforms/components/brand-icons.tsx';
import { accountLabel } from '#shared/account-label.ts';

// How the post will look on each chosen account: an Instagram card or story and a Facebook Page
// post, drawn in our own style (no platform artwork beyond the two small brand marks). They show
// the crop, the caption as the platform shortens it, and the first comment; a story shows neither
// text nor comment, and says so.

export interface PreviewProps {
  connection: Connection;
  format: TargetFormat;
  text: string;
  firstComment: string;
  media: MediaItem[];
  /** "Tue 14 Apr, 10:30", or null while there is no time. */
  when: string | null;
}

/** Hashtags and @-mentions drawn as links are in the platforms. */
function RichText({ text }: { text: string }) {
  const parts = text.split(/([#@][\p{L}\p{N}_.]*[\p{L}\p{N}_])/u);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} className="text-[#385898] dark:text-[#8ab4f8]">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Avatar({ connection, size = 'size-8' }: { connection: Connection; size?: string }) {
  const [broken, setBroken] = useState(false);
  if (connection.picture_url && !broken) {
    return (
      <img
        src={connection.picture_url}
        alt=""
        onError={() => setBroken(true)}
        className={cn(size, 'shrink-0 rounded-full border border-border object-cover')}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={cn(
        size,
        'flex shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-semibold text-secondary-foreground',
      )}
    >
      {connection.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

function MediaImage({ item, className }: { item: MediaItem | undefined; className?: string }) {
  if (!item) {
    return (
      <div className={cn('flex items-center justify-center bg-muted', className)}>
        <ImageIcon aria-hidden className="size-8 text-muted-foreground" />
      </div>
    );
  }
  return (
    <div className={cn('relative overflow-hidden bg-muted', className)}>
      <Thumbnail item={item} className="absolute inset-0 size-full" />
      {item.kind === 'video' && item.status !== 'processing' ? (
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-black/55 text-white">
            <Play aria-hidden className="ml-0.5 size-6" fill="currentColor" />
          </span>
        </span>
      ) : null}
    </div>
  );
}

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

function Truncated({
  text,
  limit,
  moreLabel,
  children,
}: {
  text: string;
  limit: number;
  moreLabel: string;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const long = text.length > limit;
  const shown = open || !long ? text : `${text.slice(0, limit).trimEnd()}…`;
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {children}
      <RichText text={shown} />
      {long && !open ? (
        <>
          {' '}
          <button
            type="button"
            className="text-muted-foreground hover:underline"
            onClick={() => setOpen(true)}
          >
            {moreLabel}
          </button>
        </>
      ) : null}
    </p>
  );
}

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

/**
 * A story: the one file full screen at 9:16 under the account's name, with no caption below it.
 * What is typed but not published with it is said under the frame.
 */
export function InstagramStoryPreview({
  connection,
  text,
  firstComment,
  media,
  when,
}: PreviewProps) {
  const name = connection.username ?? connection.name;
  const item = media[0];
  const hidden = [text.trim() ? 'text' : null, firstComment.trim() ? 'first comment' : null].filter(
    Boolean,
  );
  return (
    <article
      aria-label={`Instagram story preview for ${accountLabel(connection)}`}
      className="mx-auto grid w-full max-w-[280px] gap-2"
    >
      <div
        className="relative aspect-[9/16] overflow-hidden rounded-2xl bg-black text-white shadow-sm"
        data-testid="story-frame"
      >
        {item ? (
          <div className="absolute inset-0">
            <MediaImage item={item} className="size-full" />
          </div>
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 px-6 text-center text-sm text-white/80">
            <ImageIcon aria-hidden className="size-8" />A story needs one photo or video
          </div>
        )}
        <div className="absolute inset-x-0 top-0 bg-gradient-to-b from-black/60 to-transparent px-3 pt-2.5 pb-8">
          <div aria-hidden className="h-0.5 overflow-hidden rounded-full bg-white/40">
            <div className="h-full w-1/3 rounded-full bg-white" />
          </div>
          <div className="mt-2.5 flex items-center gap-2">
            <Avatar connection={connection} size="size-7" />
            <span className="truncate text-sm font-semibold">{name}</span>
            <span className="shrink-0 text-xs text-white/75">{when ?? 'Just now'}</span>
          </div>
        </div>
      </div>
      <p className="text-center text-xs text-muted-foreground">
        Shown for 24 hours after it is published.
      </p>
      {hidden.length > 0 ? (
        <p
          className="flex gap-1.5 rounded-md bg-muted px-2.5 py-1.5 text-xs text-foreground"
          data-testid="story-not-published"
        >
          <Info aria-hidden className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" />
          <span>
            Stories show no text or comments: the {hidden.join(' and the ')}{' '}
            {hidden.length > 1 ? 'are' : 'is'} not published with this story.
          </span>
        </p>
      ) : null}
    </article>
  );
}

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

/** One tab per chosen account, and that account's preview. */
export function PreviewPanel({
  items,
  active,
  onActive,
}: {
  items: PreviewProps[];
  active: string | null;
  onActive(connectionId: string): void;
}) {
  const current = items.find((i) => i.connection.id === active) ?? items[0];
  const ids = useId();
  if (!current) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-6 py-12 text-center">
        <div className="flex gap-2">
          <PlatformIcon platform="instagram" className="size-6" />
          <PlatformIcon platform="facebook" className="size-6" />
        </div>
        <p className="text-sm font-medium text-foreground">No account chosen yet</p>
        <p className="max-w-64 text-sm text-muted-foreground">
          Choose where to publish, and see here how the post will look on each account.
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {items.length > 1 ? (
        <div role="tablist" aria-label="Preview for" className="flex flex-wrap gap-1.5">
          {items.map((item) => {
            const selected = item.connection.id === current.connection.id;
            return (
              <button
                key={item.connection.id}
                type="button"
                role="tab"
                id={`${ids}-${item.connection.id}`}
                aria-controls={`${ids}-panel`}
                aria-selected={selected}
                onClick={() => onActive(item.connection.id)}
                className={cn(
                  'flex max-w-full items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                  selected
                    ? 'border-primary bg-secondary text-secondary-foreground'
                    : 'border-border bg-card text-muted-foreground hover:bg-muted',
                )}
              >
                <PlatformIcon platform={item.connection.platform} className="size-3.5 shrink-0" />
                <span className="truncate">{accountLabel(item.connection)}</span>
              </button>
            );
          })}
        </div>
      ) : null}
      <div
        id={`${ids}-panel`}
        role={items.length > 1 ? 'tabpanel' : undefined}
        aria-labelledby={items.length > 1 ? `${ids}-${current.connection.id}` : undefined}
      >
        {current.connection.platform === 'instagram' && current.format === 'story' ? (
          <InstagramStoryPreview key={current.connection.id} {...current} />
        ) : current.connection.platform === 'instagram' ? (
          <InstagramPreview key={current.connection.id} {...current} />
        ) : (
          <FacebookPreview key={current.connection.id} {...current} />
        )}
      </div>
    </div>
  );
}
