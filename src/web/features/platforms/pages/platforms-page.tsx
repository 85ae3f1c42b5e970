import { Info } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { QueryContent } from '../../../components/ui/query-status.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useActorCan } from '../../staff/index.ts';
import { useConnections, usePlatformsStatus } from '../api/platforms-api.ts';
import { ConnectButtons } from '../components/connect-buttons.tsx';
import { ConnectionSections } from '../components/connection-sections.tsx';
import { needsReconnect } from '../lib/health.ts';

// /dashboard/platforms: the connected Pages and Instagram accounts, each with its health, the
// permissions it grants and the exact fix when something is wrong; connect, reconnect, check now
// and disconnect (which asks what happens to scheduled posts).

export default function PlatformsPage() {
  useDocumentTitle('Platforms - Soci Gen Dashboard');
  const connections = useConnections();
  const status = usePlatformsStatus();
  // Nothing is offered until the role is known; the server checks every change regardless.
  const actor = useActorCan();
  const permissions = { known: actor.known, allowed: actor.known && actor.can('manage:platforms') };
  const list = connections.data ?? [];
  const attention = list.filter((c) => needsReconnect(c));

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Platforms"
        description="Connect your Facebook Pages and Instagram accounts, and keep their access healthy."
        actions={permissions.allowed ? <ConnectButtons disabled={false} /> : undefined}
      />

      {status.data?.mode === 'simulated' ? (
        <Alert variant="info" title="Demo mode: simulated Facebook and Instagram">
          <p>
            No Meta app is configured, so connections go to the built-in Graph API simulator. You
            can try every step — consent, picking accounts, health and reconnecting — and nothing is
            posted anywhere real. Simulated accounts are labelled everywhere.
          </p>
        </Alert>
      ) : null}

      {permissions.known && !permissions.allowed ? (
        <Alert variant="info" title="View only">
          <p>Only the owner or a manager can connect or disconnect accounts.</p>
        </Alert>
      ) : null}

      {attention.length > 0 ? (
        <Alert
          variant="warning"
          title={`${attention.length} ${attention.length === 1 ? 'account needs' : 'accounts need'} attention`}
        >
          <ul className="list-disc pl-5">
            {attention.map((c) => (
              <li key={c.id}>
                <span className="font-medium">{c.name}</span>: {c.fix}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <QueryContent
        query={connections}
        loading={{ label: 'Loading connected accounts', rows: 2, rowClassName: 'h-28 w-full' }}
        errorTitle="Connected accounts could not be loaded"
      >
        {(all) => (
          <ConnectionSections
            connections={all}
            limit={status.data?.connected_accounts_limit ?? null}
            canManage={permissions.allowed}
          />
        )}
      </QueryContent>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <Info aria-hidden className="size-4 text-muted-foreground" /> How access works
          </CardTitle>
          <CardDescription>
            Facebook Page access lasts while you keep using Soci Gen; Meta asks you to log in again
            about every 90 days. Instagram Login access lasts 60 days and Soci Gen renews it daily.
            We check every account each day and e-mail you {status.data?.warning_days ?? 7} days
            before access ends. Reconnecting keeps an account&apos;s history and scheduled posts.
          </CardDescription>
        </CardHeader>
      </Card>
    </div>
  );
}
