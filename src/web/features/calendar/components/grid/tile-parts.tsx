import { useState } from 'react';
import { Clapperboard, Copy, Play } from 'lucide-react';
import { cn } from '../../../../lib/cn.ts';
import { tilePicture, type GridTile, type TileMark } from '../../lib/grid-model.ts';

// What every square of the Instagram grid has (docs/decisions/078): the medium cropped to its
// centre, as the profile shows it, and the reel or carousel mark.

export const GRID_DRAG_TYPE = 'application/x-soci-gen-grid';

export const MARK_LABELS: Record<Exclude<TileMark, null>, string> = {
  reel: 'Reel',
  carousel: 'Carousel',
  video: 'Video',
};

export function Mark({ mark }: { mark: TileMark }) {
  if (!mark) return null;
  const Icon = mark === 'reel' ? Clapperboard : mark === 'carousel' ? Copy : Play;
  return (
    <Icon
      aria-hidden
      className={cn(
        'pointer-events-none absolute top-1.5 right-1.5 size-4 text-white drop-shadow-[0_1px_2px_rgba(0,0,0,0.6)] sm:size-5',
        mark === 'carousel' ? '-scale-x-100' : '',
        mark === 'video' ? 'fill-white' : '',
      )}
    />
  );
}

export function Picture({ tile }: { tile: GridTile }) {
  const picture = tilePicture(tile);
  const [failed, setFailed] = useState(false);
  if (!picture.src || failed) {
    return (
      <span className="absolute inset-0 flex items-center justify-center bg-gradient-to-br from-slate-200 to-slate-300 text-slate-500 dark:from-slate-700 dark:to-slate-800 dark:text-slate-300">
        {picture.video ? <Play aria-hidden className="size-8 fill-current" /> : null}
        {tile.kind === 'planned' && !picture.video ? (
          <span className="line-clamp-4 px-3 text-center text-xs font-medium">
            {tile.post.title}
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <img
      src={picture.src}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(true)}
      // The profile's crop: a square from the centre of the medium, whatever its shape.
      className="absolute inset-0 size-full object-cover object-center"
    />
  );
}
