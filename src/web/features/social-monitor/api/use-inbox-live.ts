import { useQueryClient } from '@tanstack/react-query';
import type { InboxLiveMessage } from '#shared/contracts/inbox.contract.ts';
import { useLiveInbox } from '../../posts/index.ts';
import { inboxKeys } from './keys.ts';

// New comments and messages, and changes made by the rest of the team, arrive on the tab's live
// stream as `inbox` events naming the thread (docs/decisions/091, 081): the lists, counts and badge
// are read again, and the thread if it is the one open.

function isInboxMessage(data: unknown): data is InboxLiveMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { threadId?: unknown }).threadId === 'string'
  );
}

export function useInboxLive(
  userId: string | null,
  onMessage?: (message: InboxLiveMessage) => void,
) {
  const client = useQueryClient();
  useLiveInbox(userId, (data) => {
    if (!userId) return;
    void client.invalidateQueries({ queryKey: inboxKeys.lists(userId) });
    void client.invalidateQueries({ queryKey: inboxKeys.unread(userId) });
    void client.invalidateQueries({ queryKey: inboxKeys.notifications(userId) });
    if (isInboxMessage(data)) {
      // A write under way reads the thread again once answered; reading it now would drop the
      // pending item for a moment.
      if (client.isMutating({ mutationKey: inboxKeys.writes(data.threadId) }) === 0) {
        void client.invalidateQueries({ queryKey: inboxKeys.thread(userId, data.threadId) });
      }
      onMessage?.(data);
    } else {
      // The stream came back: anything may have changed.
      void client.invalidateQueries({ queryKey: inboxKeys.threads(userId) });
    }
  });
}
