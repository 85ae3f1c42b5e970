import type { AccountQueue } from '#shared/contracts/queue.contract.ts';
import { AccountTabs } from '../account-tabs.tsx';
import { PlatformIcon, PLATFORM_LABELS } from '../../../platforms/index.ts';

// One tab per connected account, with how many posts its queue holds (docs/decisions/077).

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
  return (
    <AccountTabs
      items={accounts}
      idOf={(a) => a.connection_id}
      selected={selected}
      onSelect={onSelect}
      label="Accounts"
      tabId={queueTabId}
      panelId={queuePanelId}
      tabClassName="gap-2.5 rounded-xl px-3 py-2 text-left aria-selected:shadow-xs"
    >
      {(a) => (
        <>
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
        </>
      )}
    </AccountTabs>
  );
}
