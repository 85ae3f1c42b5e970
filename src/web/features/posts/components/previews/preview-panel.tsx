import { useId } from 'react';
import { accountLabel } from '#shared/account-label.ts';
import { cn } from '../../../../lib/cn.ts';
import { PlatformIcon } from '../../../platforms/index.ts';
import { FacebookPreview } from './facebook-preview.tsx';
import { InstagramPreview } from './instagram-preview.tsx';
import { InstagramStoryPreview } from './instagram-story-preview.tsx';
import type { PreviewProps } from './preview-parts.tsx';

export type { PreviewProps } from './preview-parts.tsx';

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
