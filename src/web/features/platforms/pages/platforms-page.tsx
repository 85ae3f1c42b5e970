import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FlaskConical, Info, Plug, RefreshCw, Unplug } from 'lucide-react';
import { toast } from 'sonner';
import type { Connection, LoginKind } from '#shared/contracts/platforms.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  beginConnect,
  platformKeys,
  platformsApi,
  useCanManagePlatforms,
  useConnections,
  usePlatformsStatus,
} from '../api/platforms-api.ts';
import { FacebookIcon, InstagramIcon, PlatformIcon } from '../components/brand-icons.tsx';
import { HEALTH_VARIANTS, healthLabel, needsReconnect, PLATFORM_LABELS } from '../lib/health.ts';
import { QueryContent } from '../../../components/ui/query-status.tsx';

// /dashboard/platforms: the connected Pages and Instagram accounts, each with its health, the
// permissions it grants and the exact fix when something is wrong; connect, reconnect, check now
// and disconnect (which asks what happens to scheduled posts).

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function useConnect() {
  return useMutation({
    mutationFn: (login: LoginKind) => beginConnect(login),
    onError: (error) => toast.error(userMessageOf(error)),
  });
}

function DisconnectDialog({
  connection,
  open,
  onOpenChange,
}: {
  connection: Connection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<'keep' | 'cancel'>('keep');
  const mutation = useMutation({
    mutationFn: () => platformsApi.disconnect(connection.id, { scheduled_posts: choice }),
    onSuccess: async (result) => {
      toast.success(
        result.cancelled_posts > 0
          ? `${connection.name} was disconnected and ${result.cancelled_posts} scheduled ${result.cancelled_posts === 1 ? 'post was' : 'posts were'} cancelled.`
          : `${connection.name} was disconnected.`,
      );
      onOpenChange(false);
      await queryClient.invalidateQueries({ queryKey: platformKeys.all });
    },
    onError: (error) => toast.error(userMessageOf(error)),
  });
  const posts = connection.scheduled_posts;
  const label = PLATFORM_LABELS[connection.platform];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Disconnect {connection.name}?</DialogTitle>
          <DialogDescription>
            Soci Gen stops publishing to this {label} and forgets its access. Its history stays, and
            you can reconnect it at any time.
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-foreground">
            {posts > 0
              ? `${posts} scheduled ${connection.platform === 'facebook' ? 'Facebook' : 'Instagram'} ${posts === 1 ? 'post' : 'posts'}`
              : 'Scheduled posts'}
          </legend>
          {(
            [
              ['keep', 'Keep them scheduled', 'They publish once an account is connected again.'],
              ['cancel', 'Cancel them', 'They stay on your calendar, marked cancelled.'],
            ] as const
          ).map(([value, title, hint]) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <input
                type="radio"
                name={`scheduled-${connection.id}`}
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
                className="mt-1 accent-primary"
              />
              <span>
                <span className="block text-sm font-medium text-foreground">{title}</span>
                <span className="block text-sm text-muted-foreground">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep connected
          </Button>
          <Button
            variant="destructive"
            loading={mutation.isPending}
            onClick={() => mutation.mutate()}
          >
            Disconnect
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ConnectionCard({ connection, canManage }: { connection: Connection; canManage: boolean }) {
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
                    aria-label={`Check ${connection.name} now`}
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

function ConnectButtons({ disabled }: { disabled: boolean }) {
  const status = usePlatformsStatus();
  const connect = useConnect();
  const busy = connect.isPending ? connect.variables : null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        disabled={disabled || !status.data?.facebook_login}
        loading={busy === 'facebook'}
        onClick={() => connect.mutate('facebook')}
      >
        <FacebookIcon className="size-4" /> Connect Facebook
      </Button>
      <Button
        variant="outline"
        disabled={disabled || !status.data?.instagram_login}
        loading={busy === 'instagram'}
        onClick={() => connect.mutate('instagram')}
      >
        <InstagramIcon className="size-4" /> Connect Instagram
      </Button>
    </div>
  );
}

/** The accounts, connected ones first, or a way to connect the first one. */
function ConnectionSections({
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

export default function PlatformsPage() {
  useDocumentTitle('Platforms - Soci Gen Dashboard');
  const connections = useConnections();
  const status = usePlatformsStatus();
  const permissions = useCanManagePlatforms();
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
