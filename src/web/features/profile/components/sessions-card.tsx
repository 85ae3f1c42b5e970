import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Laptop, Smartphone } from 'lucide-react';
import { toast } from 'sonner';
import type { AccountSession } from '#shared/contracts/account-security.contract.ts';
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
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { reportError, userMessageOf } from '../../../lib/errors.ts';
import { accountSecurityApi, accountSecurityKeys } from '../../account/index.ts';
import { useAuth } from '../../auth/index.ts';

function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

function SessionRow({
  session,
  onSignOut,
  pending,
}: {
  session: AccountSession;
  onSignOut: () => void;
  pending: boolean;
}) {
  const Icon = /iOS|Android/.test(session.device) ? Smartphone : Laptop;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {session.device}
          {session.current ? <Badge variant="success">This device</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {session.ipAddress ? `${session.ipAddress} · ` : ''}Signed in{' '}
          {formatTime(session.createdAt)} · Last active {formatTime(session.lastSeenAt)}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        loading={pending}
        onClick={onSignOut}
        aria-label={`Sign out ${session.current ? 'this device' : session.device}`}
      >
        Sign out
      </Button>
    </li>
  );
}

export function SessionsCard({ userId }: { userId: string }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const key = accountSecurityKeys.sessions(userId);
  const sessions = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => accountSecurityApi.sessions(signal),
    meta: { handlesErrors: true },
  });
  const signOutOne = useMutation({
    mutationFn: accountSecurityApi.signOutSession,
    onSuccess: async (result) => {
      if (result.current) {
        await auth.signOut();
        return;
      }
      toast.success('That session is signed out.');
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => reportError(error),
  });
  const signOutOthers = useMutation({
    mutationFn: accountSecurityApi.signOutOtherSessions,
    onSuccess: async (result) => {
      toast.success(
        result.signedOut === 1
          ? 'Signed out of 1 other session.'
          : `Signed out of ${result.signedOut} other sessions.`,
      );
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => reportError(error),
  });
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Active sessions</CardTitle>
            <CardDescription>Where your account is logged in right now.</CardDescription>
          </div>
          <Button
            variant="outline"
            disabled={others === 0}
            loading={signOutOthers.isPending}
            onClick={() => signOutOthers.mutate()}
          >
            Sign out of all other sessions
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="grid gap-3">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : sessions.isError ? (
          <Alert variant="destructive">{userMessageOf(sessions.error)}</Alert>
        ) : (
          <ul className="divide-y divide-border" aria-label="Active sessions">
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                pending={signOutOne.isPending && signOutOne.variables === session.id}
                onSignOut={() => signOutOne.mutate(session.id)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
