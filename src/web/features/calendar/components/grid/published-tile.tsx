import { ExternalLink } from 'lucide-react';
import type { InstagramMedia } from '#shared/contracts/platforms.contract.ts';
import { cn } from '../../../../lib/cn.ts';
import { formatDateTime } from '../../../../lib/date-format.ts';
import { tileMark, type GridTile } from '../../lib/grid-model.ts';
import { MARK_LABELS, Mark, Picture } from './tile-parts.tsx';

// A published medium of the grid, read from the platform: fixed in its place; it opens on the
// platform (in demo mode, the simulator's page of it, docs/decisions/058).

export function PublishedTile({ media, timeZone }: { media: InstagramMedia; timeZone: string }) {
  const tile: GridTile = { kind: 'published', key: media.id, media };
  const mark = tileMark(tile);
  const when = media.timestamp ? formatDateTime(new Date(media.timestamp), timeZone) : null;
  const caption = media.caption?.trim().split('\n')[0]?.slice(0, 80);
  const label = [
    'Published',
    when,
    mark ? MARK_LABELS[mark] : null,
    caption ? `“${caption}”` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const body = (
    <>
      <Picture tile={tile} />
      <Mark mark={mark} />
    </>
  );
  const frame = 'relative block aspect-square overflow-hidden bg-muted';
  return media.permalink ? (
    <a
      href={media.permalink}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label}. Opens Instagram in a new tab`}
      title={label}
      className={cn(
        frame,
        'group focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
      )}
    >
      {body}
      <ExternalLink
        aria-hidden
        className="absolute right-1.5 bottom-1.5 size-4 text-white opacity-0 drop-shadow transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
      />
    </a>
  ) : (
    <div role="img" aria-label={label} className={frame}>
      {body}
    </div>
  );
}
