import { useRef, type KeyboardEvent } from 'react';
import type { AccountQueue } from '#shared/contracts/queue.contract.ts';
import { cn } from '../../../../lib/cn.ts';
import { PlatformIcon, PLATFORM_LABELS } from '../../../platforms/index.ts';

// One tab per connected account, with how many posts its queue holds (docs/decisions/077). The
// arrow keys move between them, as tabs do; on a phone the row scrolls sideways.

export const queuePanelId = (connectionId: string) => `queue-panel-${connectionId}`;
export const queueTabId = (connectionId: string) => `queue-tab-${connectionId}`;

export function QueueAccountTabs({
  accounts,
  selected,
  onSelect,
}: {
  accounts: AccountQueue[];
  selected: string;
  onSelect(connectionId: string): void;
}) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = accounts[(index + step + accounts.length) % accounts.length]!;
    onSelect(next.connection_id);
    refs.current.get(next.connection_id)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Accounts"
      className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1"
    >
      {accounts.map((a, index) => {
        const active = a.connection_id === selected;
        return (
          <button
            key={a.connection_id}
            ref={(el) => {
              if (el) refs.current.set(a.connection_id, el);
            }}
            id={queueTabId(a.connection_id)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={queuePanelId(a.connection_id)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(a.connection_id)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={cn(
              'flex min-w-0 shrink-0 items-center gap-2.5 rounded-xl border px-3 py-2 text-left transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              active
                ? 'border-primary bg-secondary text-foreground shadow-xs'
                : 'border-border bg-card text-muted-foreground hover:bg-muted',
            )}
          >
            <span className="relative shrink-0">
              {a.picture_url ? (
                <img src={a.picture_url} alt="" className="size-8 rounded-full object-cover" />
              ) : (
                <span className="flex size-8 items-center justify-center rounded-full bg-muted text-xs font-semibold text-foreground">
                  {a.name.slice(0, 1).toUpperCase()}
                </span>
              )}
              <PlatformIcon
                platform={a.platform}
                className="absolute -right-1 -bottom-1 size-4 rounded-full ring-2 ring-card"
              />
            </span>
            <span className="grid min-w-0">
              <span className="max-w-44 truncate text-sm font-semibold text-foreground">
                {a.account_label}
              </span>
              <span className="text-xs">
                {PLATFORM_LABELS[a.platform]} · {a.paused ? 'Paused' : `${a.posts.length} queued`}
              </span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
