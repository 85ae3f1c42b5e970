import { RefreshCw, Radio } from 'lucide-react';
import type { SyncState } from '#shared/contracts/inbox.contract.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../../components/ui/card.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { QueryContent } from '../../../../components/ui/query-status.tsx';
import { PlatformIcon } from '../../../platforms/index.ts';
import { useSyncNow, useSyncStates } from '../../api/use-inbox-config.ts';
import { accountLabel, formatWhen, useBusinessTimeZone } from '../../lib/format.ts';
import { refusalText } from '../../lib/refusal.ts';

/**
 * Each account's sync (docs/decisions/091): webhooks bring items as they happen, polling finds
 * what they missed; "Sync now" polls at once.
 */
export function SyncPanel({ canSync }: { canSync: boolean }) {
  const query = useSyncStates();
  const syncNow = useSyncNow();
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Sync</CardTitle>
          <CardDescription>
            New comments and messages arrive as they happen; a regular check of each account finds
            anything that did not arrive on its own.
          </CardDescription>
        </div>
        {canSync ? (
          <Button
            variant="outline"
            loading={syncNow.isPending && !syncNow.variables}
            onClick={() => syncNow.mutate(undefined)}
          >
            <RefreshCw aria-hidden className="size-4" /> Sync all now
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        {syncNow.isError ? (
          <Alert variant="destructive" title="Sync did not start">
            {refusalText(syncNow.error)}
          </Alert>
        ) : null}
        <QueryContent
          query={query}
          loading={{ label: 'Loading sync state', rows: 2, rowClassName: 'h-20 w-full' }}
          errorTitle="The sync state could not be loaded"
          isEmpty={(data) => data.length === 0}
          empty={
            <EmptyState
              icon={Radio}
              title="No accounts connected"
              description="Connect a Facebook Page or an Instagram account on the Platforms page to see its comments and messages here."
            />
          }
        >
          {(states) => (
            <ul className="grid gap-3">
              {states.map((state) => (
                <SyncRow
                  key={state.connectionId}
                  state={state}
                  canSync={canSync}
                  syncing={
                    state.syncing || (syncNow.isPending && syncNow.variables === state.connectionId)
                  }
                  onSync={() => syncNow.mutate(state.connectionId)}
                />
              ))}
            </ul>
          )}
        </QueryContent>
      </CardContent>
    </Card>
  );
}

function SyncRow({
  state,
  canSync,
  syncing,
  onSync,
}: {
  state: SyncState;
  canSync: boolean;
  syncing: boolean;
  onSync(): void;
}) {
  const timeZone = useBusinessTimeZone();
  const name = accountLabel(state.account);
  return (
    <li className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid min-w-0 gap-2">
        <p className="flex items-center gap-2 font-medium">
          <PlatformIcon platform={state.account.platform} aria-hidden className="size-4 shrink-0" />
          <span className="truncate">{name}</span>
        </p>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-muted-foreground">Last sync</dt>
            <dd>{state.lastSyncAt ? formatWhen(state.lastSyncAt, timeZone) : 'Not yet'}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Last webhook</dt>
            <dd>{state.lastWebhookAt ? formatWhen(state.lastWebhookAt, timeZone) : 'None yet'}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Found by polling</dt>
            <dd>{state.foundByPolling.toLocaleString('en')}</dd>
          </div>
        </dl>
        {state.lastSyncError ? (
          <p className="text-sm text-destructive">Last sync failed: {state.lastSyncError}</p>
        ) : null}
      </div>
      {canSync ? (
        <Button
          variant="outline"
          size="sm"
          loading={syncing}
          onClick={onSync}
          aria-label={`Sync now: ${name}`}
        >
          Sync now
        </Button>
      ) : null}
    </li>
  );
}
