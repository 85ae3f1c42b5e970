import { Film, ImageIcon, Loader2, Play, TriangleAlert } from 'lucide-react';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatBytes } from '#shared/file-size.ts';
import { mediaPaths } from '../../../lib/api-paths.ts';

interface CollectionProps {
  items: MediaItem[];
  selected: ReadonlySet<string>;
  selectable: boolean;
  onToggle: (id: string) => void;
  onOpen: (id: string) => void;
}

export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export function dimensionsOf(item: MediaItem): string {
  return item.width && item.height ? `${item.width} × ${item.height}` : '—';
}

export function Thumbnail({ item, className }: { item: MediaItem; className?: string }) {
  if (item.status === 'processing') {
    return (
      <div
        className={cn('flex items-center justify-center bg-muted text-muted-foreground', className)}
      >
        <Loader2 aria-hidden className="size-6 animate-spin" />
        <span className="sr-only">Processing</span>
      </div>
    );
  }
  if (item.has_thumbnail) {
    return (
      <img
        src={mediaPaths.file(item.id, 'thumbnail')}
        alt=""
        loading="lazy"
        className={cn('bg-muted object-cover', className)}
      />
    );
  }
  const Icon = item.status === 'failed' ? TriangleAlert : item.kind === 'video' ? Film : ImageIcon;
  return (
    <div
      className={cn('flex items-center justify-center bg-muted text-muted-foreground', className)}
    >
      <Icon aria-hidden className="size-8" />
    </div>
  );
}

/** On a video's tile: a play mark and how long it runs, over the poster frame. */
export function VideoBadge({ item }: { item: MediaItem }) {
  if (item.kind !== 'video' || item.status === 'processing') return null;
  return (
    <span
      className="pointer-events-none absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-md bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums"
      data-testid="video-badge"
    >
      <Play aria-hidden className="size-3 fill-current" />
      <span className="sr-only">Video</span>
      {item.duration_ms !== null ? formatDuration(item.duration_ms) : null}
    </span>
  );
}

function Fit({ item }: { item: MediaItem }) {
  const feed = item.compatibility.find(
    (c) => c.target === (item.kind === 'video' ? 'instagram_reel' : 'instagram_feed'),
  );
  if (!feed) return null;
  return feed.ok ? (
    <Badge variant="success">Instagram ready</Badge>
  ) : (
    <Badge variant="warning" title={feed.reasons.join(' ')}>
      Needs changes
    </Badge>
  );
}

export function MediaGrid({ items, selected, selectable, onToggle, onOpen }: CollectionProps) {
  return (
    <ul
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
      data-testid="media-grid"
    >
      {items.map((item) => (
        <li
          key={item.id}
          className={cn(
            'group relative overflow-hidden rounded-xl border border-border bg-card shadow-xs',
            selected.has(item.id) && 'ring-2 ring-primary',
          )}
        >
          {/* Named by what it does, then everything it shows (WCAG 2.5.3): "Open", the name and
              the size, then the picture's badge, which `order-first` still shows on top. */}
          <button
            type="button"
            className="flex w-full flex-col text-left focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => onOpen(item.id)}
          >
            <span className="sr-only">Open </span>
            <div className="grid gap-1 p-2">
              <span className="truncate text-sm font-medium" title={item.name}>
                {item.name}
              </span>
              <span className="flex items-center gap-1 text-xs text-muted-foreground">
                {formatBytes(item.size_bytes)}
              </span>
            </div>
            <div className="relative order-first">
              <Thumbnail item={item} className="aspect-square w-full" />
              <VideoBadge item={item} />
            </div>
          </button>
          {selectable ? (
            <label className="absolute top-2 left-2 flex size-7 cursor-pointer items-center justify-center rounded-md bg-background/90 shadow-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={selected.has(item.id)}
                onChange={() => onToggle(item.id)}
                aria-label={`Select ${item.name}`}
              />
            </label>
          ) : null}
          <div className="absolute top-2 right-2">
            {item.status === 'failed' ? <Badge variant="destructive">Failed</Badge> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function MediaTable({ items, selected, selectable, onToggle, onOpen }: CollectionProps) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-border bg-card">
      <table className="w-full text-sm" data-testid="media-table">
        <thead className="border-b border-border text-left text-xs text-muted-foreground">
          <tr>
            {selectable ? (
              <th className="w-10 px-3 py-2">
                <span className="sr-only">Select</span>
              </th>
            ) : null}
            <th className="px-3 py-2 font-medium">Name</th>
            <th className="px-3 py-2 font-medium">Type</th>
            <th className="hidden px-3 py-2 font-medium md:table-cell">Dimensions</th>
            <th className="px-3 py-2 font-medium">Size</th>
            <th className="hidden px-3 py-2 font-medium lg:table-cell">Tags</th>
            <th className="hidden px-3 py-2 font-medium sm:table-cell">Uploaded</th>
            <th className="hidden px-3 py-2 font-medium md:table-cell">Instagram</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr
              key={item.id}
              className={cn(
                'border-b border-border last:border-0',
                selected.has(item.id) && 'bg-primary/5',
              )}
            >
              {selectable ? (
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={selected.has(item.id)}
                    onChange={() => onToggle(item.id)}
                    aria-label={`Select ${item.name}`}
                  />
                </td>
              ) : null}
              <td className="px-3 py-2">
                <button
                  type="button"
                  className="flex items-center gap-3 text-left hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() => onOpen(item.id)}
                >
                  <Thumbnail item={item} className="size-10 shrink-0 rounded-md" />
                  <span className="max-w-64 truncate font-medium" title={item.name}>
                    {item.name}
                  </span>
                </button>
              </td>
              <td className="px-3 py-2 text-muted-foreground">
                {item.mime_type.split('/')[1]?.toUpperCase()}
              </td>
              <td className="hidden px-3 py-2 text-muted-foreground md:table-cell">
                {dimensionsOf(item)}
              </td>
              <td className="px-3 py-2 text-muted-foreground">{formatBytes(item.size_bytes)}</td>
              <td className="hidden px-3 py-2 lg:table-cell">
                <div className="flex flex-wrap gap-1">
                  {item.tags.map((tag) => (
                    <Badge key={tag} variant="outline">
                      {tag}
                    </Badge>
                  ))}
                </div>
              </td>
              <td className="hidden px-3 py-2 text-muted-foreground sm:table-cell">
                {new Date(item.created_at).toLocaleDateString()}
              </td>
              <td className="hidden px-3 py-2 md:table-cell">
                <Fit item={item} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
