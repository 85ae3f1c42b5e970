import { RefreshCw } from 'lucide-react';
import type { AccountSyncState, AnalyticsAccount } from '#shared/contracts/analytics.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PlatformIcon } from '../../platforms/index.ts';
import { useSyncNow } from '../api/use-analytics-actions.ts';
import { accountName, formatAt, refusalText } from '../lib/format.ts';

// Each account's last refresh, and "Sync now". A refresh that failed keeps the previous figures:
// the page says when they are from and why the refresh failed, and shows them (decision 092).

function stateText(state: AccountSyncState, timeZone: string): string {
  const last = state.lastSuccessAt ? formatAt(state.lastSuccessAt, timeZone) : null;
  switch (state.status) {
    case 'ok':
      return last ? `Updated ${last}` : 'Up to date';
    case 'backfilling':
      return 'Fetching history…';
    case 'never':
      return 'First sync starting — months of history arrive within a minute';
    case 'unavailable':
      return state.unavailableReason ?? 'Not available';
    case 'failed':
      return `${last ? `Last updated ${last}` : 'Never updated'} — refresh failed: ${state.lastError ?? 'unknown reason'}`;
  }
}

export function SyncNowButton({ account }: { account: string }) {
  const syncNow = useSyncNow();
  return (
    <div className="grid justify-items-end gap-1">
      <Button
        variant="outline"
        size="sm"
        className="h-9"
        loading={syncNow.isPending}
        onClick={() => syncNow.mutate(account)}
      >
        <RefreshCw aria-hidden className="size-4" /> Sync now
      </Button>
      {syncNow.isSuccess ? (
        <p role="status" className="text-xs text-muted-foreground">
          {syncNow.data.queued > 0
            ? `Refresh queued for ${syncNow.data.queued} ${syncNow.data.queued === 1 ? 'account' : 'accounts'}.`
            : 'Already refreshing.'}
        </p>
      ) : null}
      {syncNow.isError ? (
        <p role="alert" className="max-w-64 text-right text-xs text-destructive">
          {refusalText(syncNow.error)}
        </p>
      ) : null}
    </div>
  );
}

/** One line per account in view; failures and unavailable figures as notices above the figures. */
export function SyncStatus({
  accounts,
  states,
  timeZone,
}: {
  accounts: readonly AnalyticsAccount[];
  states: readonly AccountSyncState[];
  timeZone: string;
}) {
  const rows = accounts
    .map((account) => ({ account, state: states.find((s) => s.accountId === account.id) }))
    .filter((row): row is { account: AnalyticsAccount; state: AccountSyncState } =>
      Boolean(row.state),
    );
  const failed = rows.filter((r) => r.state.status === 'failed');
  const unavailable = rows.filter((r) => r.state.status === 'unavailable');
  return (
    <div className="grid gap-2">
      <ul
        aria-label="Last refresh"
        className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground"
      >
        {rows
          .filter((r) => r.state.status !== 'failed' && r.state.status !== 'unavailable')
          .map(({ account, state }) => (
            <li key={account.id} className="flex items-center gap-1.5">
              <PlatformIcon platform={account.platform} aria-hidden className="size-3.5" />
              <span className="font-medium text-foreground">{accountName(account)}</span>
              <span>{stateText(state, timeZone)}</span>
            </li>
          ))}
      </ul>
      {failed.map(({ account, state }) => (
        <Alert
          key={account.id}
          variant="warning"
          title={`${accountName(account)}: showing the last figures`}
        >
          {stateText(state, timeZone)}
        </Alert>
      ))}
      {unavailable.map(({ account, state }) => (
        <Alert key={account.id} variant="info" title={`${accountName(account)}: no insights`}>
          {stateText(state, timeZone)}
        </Alert>
      ))}
    </div>
  );
}
