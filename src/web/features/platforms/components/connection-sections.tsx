import { Plug } from 'lucide-react';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ConnectButtons } from './connect-buttons.tsx';
import { ConnectionCard } from './connection-card.tsx';

/** The accounts, connected ones first, or a way to connect the first one. */
export function ConnectionSections({
  connections,
  limit,
  canManage,
}: {
  connections: Connection[];
  /** The plan's most accounts; null while not known. */
  limit: number | null;
  canManage: boolean;
}) {
  if (connections.length === 0) {
    return (
      <Card>
        <CardContent className="p-6">
          <EmptyState
            icon={Plug}
            title="No accounts connected yet"
            description="Connect a Facebook Page (and the Instagram account linked to it), or an Instagram professional account directly."
            action={canManage ? <ConnectButtons disabled={false} /> : undefined}
          />
        </CardContent>
      </Card>
    );
  }
  const connected = connections.filter((c) => c.status === 'connected');
  const disconnected = connections.filter((c) => c.status === 'disconnected');
  return (
    <section aria-labelledby="connected-heading" className="grid gap-3">
      <h2 id="connected-heading" className="text-sm font-semibold text-muted-foreground">
        Connected ({connected.length}
        {limit !== null ? ` of up to ${limit}` : ''})
      </h2>
      <ul className="grid gap-3">
        {connected.map((c) => (
          <ConnectionCard key={c.id} connection={c} canManage={canManage} />
        ))}
      </ul>
      {disconnected.length > 0 ? (
        <>
          <h2 className="mt-4 text-sm font-semibold text-muted-foreground">Disconnected</h2>
          <ul className="grid gap-3">
            {disconnected.map((c) => (
              <ConnectionCard key={c.id} connection={c} canManage={canManage} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
