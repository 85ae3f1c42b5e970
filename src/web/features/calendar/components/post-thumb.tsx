import { useState } from 'react';
import { ImageIcon, Play } from 'lucide-react';
import type { PostCover } from '#shared/contracts/planning.contract.ts';
import { cn } from '../../../lib/cn.ts';
import { coverPicture } from '../lib/grid-model.ts';

/**
 * A post's first medium as a small square picture (docs/decisions/078): the library's small copy,
 * cropped to its centre. Decorative: whatever names the post says what it is.
 */
export function PostThumb({ cover, className }: { cover: PostCover; className?: string }) {
  const picture = coverPicture(cover);
  const [failed, setFailed] = useState(false);
  const shown = picture.src !== null && !failed;
  return (
    <span
      aria-hidden
      className={cn(
        'relative block shrink-0 overflow-hidden rounded-[0.3rem] bg-muted ring-1 ring-black/5',
        className,
      )}
    >
      {shown ? (
        <img
          src={picture.src!}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setFailed(true)}
          className="size-full object-cover object-center"
        />
      ) : (
        <span className="flex size-full items-center justify-center bg-slate-700 text-white/80">
          {picture.video ? (
            <Play className="size-[55%] fill-current" />
          ) : (
            <ImageIcon className="size-[55%]" />
          )}
        </span>
      )}
      {shown && picture.video ? (
        <Play className="absolute right-[8%] bottom-[8%] size-[38%] fill-white text-white drop-shadow" />
      ) : null}
    </span>
  );
}
