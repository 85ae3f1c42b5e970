import { useState, type ReactNode } from 'react';
import { ImageIcon, Play } from 'lucide-react';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import type { TargetFormat } from '#shared/platform-limits.ts';
import { cn } from '../../../../lib/cn.ts';
import { Thumbnail } from '../../../media/index.ts';

// How the post will look on each chosen account: an Instagram card or story and a Facebook Page
// post, drawn in our own style (no platform artwork beyond the two small brand marks). They show
// the crop, the caption as the platform shortens it, and the first comment; a story shows neither
// text nor comment, and says so (docs/decisions/085, 086).

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
export function RichText({ text }: { text: string }) {
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

export function Avatar({ connection, size = 'size-8' }: { connection: Connection; size?: string }) {
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

export function MediaImage({
  item,
  className,
}: {
  item: MediaItem | undefined;
  className?: string;
}) {
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

/** The text cut where the platform cuts it, with its "more" to read the rest. */
export function Truncated({
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
