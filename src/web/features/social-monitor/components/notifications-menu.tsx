import { Bell } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { useUserId } from '../../auth/index.ts';
import { inboxApi } from '../api/inbox-api.ts';
import { useInboxNotifications, useInboxUnread } from '../api/use-inbox-queries.ts';
import { inboxKeys } from '../api/keys.ts';
import { formatCount } from '../lib/count.ts';
import { formatAge } from '../lib/format.ts';

/** Threads assigned to me: a bell with the number not seen yet, and the list behind it. */
export function NotificationsMenu({ onOpenThread }: { onOpenThread(threadId: string): void }) {
  const unread = useInboxUnread();
  const userId = useUserId() ?? 'anonymous';
  const client = useQueryClient();
  const notifications = useInboxNotifications(true);
  const count = unread.data?.notifications ?? 0;
  const list = notifications.data ?? [];
  const markRead = useMutation({
    mutationFn: () => inboxApi.readNotifications(),
    onSettled: () => client.invalidateQueries({ queryKey: inboxKeys.unread(userId) }),
  });
  return (
    <DropdownMenu
      onOpenChange={(open) => {
        if (open && count > 0) markRead.mutate();
      }}
    >
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="relative">
          <Bell aria-hidden className="size-4" />
          Your assignments
          {count > 0 ? (
            <span className="rounded-full bg-primary px-1.5 text-[0.7rem] font-semibold text-primary-foreground tabular-nums">
              {formatCount(count)}
              <span className="sr-only"> new</span>
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="max-h-96 w-80 overflow-y-auto">
        <DropdownMenuLabel>Threads assigned to you</DropdownMenuLabel>
        {list.length === 0 ? (
          <p className="px-2 py-2 text-sm text-muted-foreground">
            {notifications.isPending ? 'Loading…' : 'Nothing assigned to you yet.'}
          </p>
        ) : (
          list.map((n) => (
            <DropdownMenuItem
              key={n.id}
              disabled={!n.threadId}
              onSelect={() => (n.threadId ? onOpenThread(n.threadId) : undefined)}
              className="grid gap-0.5"
            >
              <span className={n.readAt ? 'text-sm' : 'text-sm font-semibold'}>{n.body}</span>
              <span className="text-xs text-muted-foreground">{ago(n.createdAt)}</span>
            </DropdownMenuItem>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function ago(iso: string): string {
  const age = formatAge(iso);
  return age === 'now' ? 'Just now' : `${age} ago`;
}
