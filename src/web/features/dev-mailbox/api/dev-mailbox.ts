import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorCodeOf } from '../../../lib/api-client.ts';
import { devMailboxPaths } from '../../../lib/api-paths.ts';

export interface MailboxSummary {
  id: string;
  to: string;
  subject: string;
  createdAt: string;
}

export interface MailboxMessage extends MailboxSummary {
  html: string;
  text: string;
}

/** New mail should appear without a reload while a developer waits for a confirmation link. */
export const MAILBOX_REFRESH_MS = 3000;

export const mailboxKeys = {
  all: ['dev-mailbox'] as const,
  message: (id: string | null) => ['dev-mailbox', id] as const,
};

/** Locked (no key yet) or absent (e-mails go out by SMTP): nothing to poll for. */
export function mailboxClosed(error: unknown): 'locked' | 'absent' | null {
  const code = errorCodeOf(error);
  if (code === 'UNAUTHORIZED') return 'locked';
  if (code === 'NOT_FOUND') return 'absent';
  return null;
}

export function useMailbox(enabled = true) {
  return useQuery({
    queryKey: mailboxKeys.all,
    queryFn: ({ signal }) => api.get<MailboxSummary[]>(devMailboxPaths.list, { signal }),
    refetchInterval: (query) =>
      query.state.status === 'error' && mailboxClosed(query.state.error)
        ? false
        : MAILBOX_REFRESH_MS,
    staleTime: 0,
    enabled,
    meta: { handlesErrors: true },
  });
}

export function useMailboxMessage(id: string | null) {
  return useQuery({
    queryKey: mailboxKeys.message(id),
    queryFn: ({ signal }) => api.get<MailboxMessage>(devMailboxPaths.message(id ?? ''), { signal }),
    enabled: id !== null,
    meta: { handlesErrors: true },
  });
}

/** Trades the key for a cookie the browser keeps; the mailbox then loads again. */
export function useUnlockMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => api.post<{ unlocked: true }>(devMailboxPaths.unlock, { key }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all }),
  });
}
