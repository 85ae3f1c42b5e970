import type { Connection } from '#shared/contracts/platforms.contract.ts';
import { cn } from '../../../../lib/cn.ts';
import { AccountTabs } from '../account-tabs.tsx';

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
  return (
    <AccountTabs
      items={accounts}
      idOf={(account) => account.id}
      selected={selected}
      onSelect={onSelect}
      label="Instagram accounts"
      tabId={gridTabId}
      panelId={() => gridPanelId}
      tabClassName="gap-2 rounded-full py-1 pr-3 pl-1 text-sm aria-selected:font-medium"
    >
      {(account) => (
        <>
          <AccountAvatar account={account} className="size-7 text-xs" />
          <span className="truncate">@{account.username ?? account.name}</span>
        </>
      )}
    </AccountTabs>
  );
}
