import { Brush, Grid2x2, List, Tags } from 'lucide-react';
import { MEDIA_SORTS, type MediaSort, type TagCount } from '#shared/contracts/media.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input, inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import type { MediaFilters } from '../api/media-api.ts';

const SORT_LABELS: Record<MediaSort, string> = {
  name: 'Name A–Z',
  '-name': 'Name Z–A',
  '-created_at': 'Newest first',
  created_at: 'Oldest first',
  '-size': 'Largest first',
  size: 'Smallest first',
};

/** Search, type, tag and order; the tags and clean-up dialogs; grid or list. */
export function MediaToolbar({
  search,
  onSearch,
  kind,
  onKind,
  tag,
  onTag,
  sort,
  onSort,
  tags,
  canCleanup,
  view,
  onView,
  onDialog,
}: {
  search: string;
  onSearch(search: string): void;
  kind: MediaFilters['kind'];
  onKind(kind: MediaFilters['kind']): void;
  tag: string;
  onTag(tag: string): void;
  sort: MediaSort;
  onSort(sort: MediaSort): void;
  tags: TagCount[];
  canCleanup: boolean;
  view: 'grid' | 'list';
  onView(view: 'grid' | 'list'): void;
  onDialog(dialog: 'tags' | 'cleanup'): void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-2" role="search">
      <Input
        type="search"
        aria-label="Search by name"
        placeholder="Search by name"
        className="w-full sm:w-64"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      {/* Two filters a row on a phone, the order under them: three in a row cut their labels. */}
      <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
        <select
          aria-label="Type"
          className={cn(inputClasses, 'sm:w-40')}
          value={kind}
          onChange={(e) => onKind(e.target.value as MediaFilters['kind'])}
        >
          <option value="">All types</option>
          <option value="image">Images</option>
          <option value="video">Videos</option>
        </select>
        <select
          aria-label="Tag"
          className={cn(inputClasses, 'sm:w-40')}
          value={tag}
          onChange={(e) => onTag(e.target.value)}
        >
          <option value="">All tags</option>
          {tags.map((t) => (
            <option key={t.tag} value={t.tag}>
              {t.tag} ({t.count})
            </option>
          ))}
        </select>
        <select
          aria-label="Sort"
          className={cn(inputClasses, 'col-span-2 sm:w-40')}
          value={sort}
          onChange={(e) => onSort(e.target.value as MediaSort)}
        >
          {MEDIA_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="ml-auto flex items-center gap-1">
        <Button variant="ghost" size="sm" onClick={() => onDialog('tags')}>
          <Tags aria-hidden className="size-4" /> Tags
        </Button>
        {canCleanup ? (
          <Button variant="ghost" size="sm" onClick={() => onDialog('cleanup')}>
            <Brush aria-hidden className="size-4" /> Clean up
          </Button>
        ) : null}
        <div className="flex rounded-md border border-border" role="group" aria-label="View">
          <Button
            variant={view === 'grid' ? 'secondary' : 'ghost'}
            size="icon"
            className="size-8"
            aria-label="Grid view"
            aria-pressed={view === 'grid'}
            onClick={() => onView('grid')}
          >
            <Grid2x2 aria-hidden className="size-4" />
          </Button>
          <Button
            variant={view === 'list' ? 'secondary' : 'ghost'}
            size="icon"
            className="size-8"
            aria-label="List view"
            aria-pressed={view === 'list'}
            onClick={() => onView('list')}
          >
            <List aria-hidden className="size-4" />
          </Button>
        </div>
      </div>
    </div>
  );
}
