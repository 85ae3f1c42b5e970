import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

// A row of accounts as tabs (the queue's and the grid's): the arrow keys move between them and
// select, as tabs do; on a phone the row scrolls sideways.

export function AccountTabs<T>({
  items,
  idOf,
  selected,
  onSelect,
  label,
  tabId,
  panelId,
  tabClassName,
  children,
}: {
  items: T[];
  idOf(item: T): string;
  selected: string;
  onSelect(id: string): void;
  label: string;
  tabId(id: string): string;
  panelId(id: string): string;
  /** The tab's shape; focus ring and colours by state are shared. */
  tabClassName: string;
  children(item: T, active: boolean): ReactNode;
}) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = idOf(items[(index + step + items.length) % items.length]!);
    onSelect(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      {items.map((item, index) => {
        const id = idOf(item);
        const active = id === selected;
        return (
          <button
            key={id}
            ref={(el) => {
              if (el) refs.current.set(id, el);
            }}
            id={tabId(id)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId(id)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(id)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={cn(
              'flex min-w-0 shrink-0 items-center border transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              tabClassName,
              active
                ? 'border-primary bg-secondary text-foreground'
                : 'border-border bg-card text-muted-foreground hover:bg-muted',
            )}
          >
            {children(item, active)}
          </button>
        );
      })}
    </div>
  );
}
