import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { NotificationPreferences } from '#shared/contracts/account-security.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
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

const OPTIONS: { key: keyof NotificationPreferences; label: string; description: string }[] = [
  {
    key: 'emailOnFailedPost',
    label: 'E-mail me when a post fails to publish',
    description: 'So you can fix it and publish again before the moment passes.',
  },
  {
    key: 'dailyInboxDigest',
    label: 'Daily inbox digest',
    description: 'One e-mail each morning with the comments and messages waiting for a reply.',
  },
];

export function NotificationsCard({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const key = accountSecurityKeys.notifications(userId);
  const prefs = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => accountSecurityApi.notifications(signal),
    meta: { handlesErrors: true },
  });
  // The box changes at once (local state); a failed save puts it back.
  const [pending, setPending] = useState<NotificationPreferences | null>(null);
  const save = useMutation({
    mutationFn: accountSecurityApi.updateNotifications,
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      setPending(null);
      toast.success('Notification preferences saved.');
    },
    onError: (error) => {
      setPending(null);
      reportError(error);
    },
  });
  const shown = pending ?? prefs.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>What we e-mail you about.</CardDescription>
      </CardHeader>
      <CardContent>
        {prefs.isPending ? (
          <Skeleton className="h-20" />
        ) : prefs.isError ? (
          <Alert variant="destructive">{userMessageOf(prefs.error)}</Alert>
        ) : (
          <ul className="grid gap-4">
            {OPTIONS.map((option) => (
              <li key={option.key} className="flex items-start gap-3">
                <input
                  id={`notification-${option.key}`}
                  type="checkbox"
                  aria-describedby={`notification-${option.key}-hint`}
                  className="mt-0.5 size-4 accent-primary"
                  checked={shown![option.key]}
                  onChange={(event) => {
                    const next = { ...shown!, [option.key]: event.target.checked };
                    setPending(next);
                    save.mutate(next);
                  }}
                />
                <span className="grid gap-0.5">
                  <label htmlFor={`notification-${option.key}`} className="text-sm font-medium">
                    {option.label}
                  </label>
                  <span
                    id={`notification-${option.key}-hint`}
                    className="text-sm text-muted-foreground"
                  >
                    {option.description}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
