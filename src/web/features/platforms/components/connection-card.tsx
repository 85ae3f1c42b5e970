import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FlaskConical, Plug, RefreshCw, Unplug } from 'lucide-react';
import { toast } from 'sonner';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { platformKeys, platformsApi } from '../api/platforms-api.ts';
import { HEALTH_VARIANTS, healthLabel, needsReconnect, PLATFORM_LABELS } from '../lib/health.ts';
import { PlatformIcon } from './brand-icons.tsx';
import { useConnect } from './connect-buttons.tsx';
import { DisconnectDialog } from './disconnect-dialog.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** One account: its health, the fix when something is wrong, its permissions and actions. */
export function ConnectionCard({
  connection,
  canManage,
}: {
  connection: Connection;
  canManage: boolean;
}) {
  const queryClient = useQueryClient();
  const [disconnecting, setDisconnecting] = useState(false);
  const connect = useConnect();
  const check = useMutation({
    mutationFn: () => platformsApi.check(connection.id),
    onSuccess: async (updated) => {
      const message = `${updated.name}: ${healthLabel(updated).toLowerCase()}.`;
      if (updated.health === 'healthy') toast.success(message);
      else toast.warning(message);
      await queryClient.invalidateQueries({ queryKey: platformKeys.all });
    },
    onError: (error) => toast.error(userMessageOf(error)),
  });
  const disconnected = connection.status === 'disconnected';
  const handle = connection.username
    ? `@${connection.username}`
    : PLATFORM_LABELS[connection.platform];
  return (
    <li>
      <Card className={disconnected ? 'opacity-75' : undefined}>
        <CardContent className="grid gap-4 p-4 sm:p-5">
          <div className="flex flex-wrap items-start gap-4">
            <div className="relative shrink-0">
              {connection.picture_url ? (
                <img
                  src={connection.picture_url}
                  alt=""
                  className="size-12 rounded-full border border-border object-cover"
                />
              ) : (
                <div className="size-12 rounded-full bg-muted" />
              )}
              <PlatformIcon
                platform={connection.platform}
                className="absolute -right-1 -bottom-1 size-5 rounded-full ring-2 ring-card"
              />
            </div>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="truncate text-base font-semibold text-foreground">
                  {connection.name}
                </h3>
                <Badge
                  variant={disconnected ? 'outline' : HEALTH_VARIANTS[connection.health]}
                  aria-label={`Status: ${healthLabel(connection)}`}
                >
                  {healthLabel(connection)}
                </Badge>
                {connection.simulated ? (
                  <Badge variant="outline" className="gap-1">
                    <FlaskConical aria-hidden className="size-3" /> Simulated
                  </Badge>
                ) : null}
              </div>
              <p className="text-sm text-muted-foreground">
                {handle} · {PLATFORM_LABELS[connection.platform]} · via{' '}
                {connection.login === 'facebook' ? 'Facebook Login' : 'Instagram Login'}
                {connection.scheduled_posts > 0
                  ? ` · ${connection.scheduled_posts} scheduled ${connection.scheduled_posts === 1 ? 'post' : 'posts'}`
                  : ''}
              </p>
              <p className="text-xs text-muted-foreground">
                Connected {dateFormat.format(new Date(connection.connected_at))}
                {connection.token_expires_at && !disconnected
                  ? ` · access until ${dateFormat.format(new Date(connection.token_expires_at))}`
                  : ''}
              </p>
            </div>
            {canManage ? (
              <div className="flex flex-wrap gap-2">
                {!disconnected ? (
                  <Button
                    variant="outline"
                    size="sm"
                    loading={check.isPending}
                    onClick={() => check.mutate()}
                    aria-label={`Check now: ${connection.name}`}
                  >
                    <RefreshCw aria-hidden className="size-4" /> Check now
                  </Button>
                ) : null}
                <Button
                  size="sm"
                  variant={needsReconnect(connection) || disconnected ? 'default' : 'outline'}
                  loading={connect.isPending}
                  onClick={() => connect.mutate(connection.login)}
                  aria-label={`Reconnect ${connection.name}`}
                >
                  <Plug aria-hidden className="size-4" /> Reconnect
                </Button>
                {!disconnected ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setDisconnecting(true)}
                    aria-label={`Disconnect ${connection.name}`}
                  >
                    <Unplug aria-hidden className="size-4" /> Disconnect
                  </Button>
                ) : null}
              </div>
            ) : null}
          </div>
          {connection.fix ? (
            <Alert
              variant={
                connection.health === 'expiring' || connection.health === 'permission_missing'
                  ? 'warning'
                  : 'destructive'
              }
              title={healthLabel(connection)}
            >
              <p>{connection.fix}</p>
            </Alert>
          ) : null}
          <details className="group text-sm">
            <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
              Permissions granted ({connection.granted_scopes.length})
            </summary>
            <ul
              className="mt-2 flex flex-wrap gap-1.5"
              aria-label={`Permissions of ${connection.name}`}
            >
              {connection.granted_scopes.map((scope) => (
                <li key={scope}>
                  <Badge variant="secondary" className="font-mono text-xs">
                    {scope}
                  </Badge>
                </li>
              ))}
              {connection.missing_permissions.map((scope) => (
                <li key={scope}>
                  <Badge variant="destructive" className="font-mono text-xs">
                    {scope} (missing)
                  </Badge>
                </li>
              ))}
            </ul>
          </details>
        </CardContent>
      </Card>
      {canManage && !disconnected ? (
        <DisconnectDialog
          connection={connection}
          open={disconnecting}
          onOpenChange={setDisconnecting}
        />
      ) : null}
    </li>
  );
}
