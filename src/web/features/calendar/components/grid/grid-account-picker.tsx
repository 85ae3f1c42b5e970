import { useRef, type KeyboardEvent } from 'react';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import { cn } from '../../../../lib/cn.ts';

// The Instagram accounts whose grid can be shown, as tabs (the arrow keys move between them); on
// a phone the row scrolls sideways.

export const gridPanelId = 'instagram-grid-panel';
export const gridTabId = (connectionId: string) => `grid-tab-${connectionId}`;

export function AccountAvatar({ account, className }: { account: Connection; className?: string }) {
  return account.picture_url ? (
    <img
      src={account.picture_url}
      alt=""
      className={cn('rounded-full object-cover ring-1 ring-border', className)}
    />
  ) : (
    <span
      aria-hidden
      className={cn(
        'flex items-center justify-center rounded-full bg-gradient-to-br from-amber-400 via-pink-500 to-purple-600 font-semibold text-white',
        className,
      )}
    >
      {(account.username ?? account.name).charAt(0).toUpperCase()}
    </span>
  );
}

export function GridAccountPicker({
  accounts,
  selected,
  onSelect,
}: {
  accounts: Connection[];
  selected: string;
  onSelect(connectionId: string): void;
}) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = accounts[(index + step + accounts.length) % accounts.length]!;
    onSelect(next.id);
    refs.current.get(next.id)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Instagram accounts"
      className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1"
    >
      {accounts.map((account, index) => {
        const active = account.id === selected;
        return (
          <button
            key={account.id}
            ref={(el) => {
              if (el) refs.current.set(account.id, el);
            }}
            id={gridTabId(account.id)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={gridPanelId}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(account.id)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={cn(
              'flex min-w-0 shrink-0 items-center gap-2 rounded-full border py-1 pr-3 pl-1 text-sm transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              active
                ? 'border-primary bg-secondary font-medium text-foreground'
                : 'border-border bg-card text-muted-foreground hover:bg-muted',
            )}
          >
            <AccountAvatar account={account} className="size-7 text-xs" />
            <span className="truncate">@{account.username ?? account.name}</span>
          </button>
        );
      })}
    </div>
  );
}
