import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiRoutes } from '../../../lib/routes.ts';

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

export function useMailbox() {
  return useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: ({ signal }) => api.get<MailboxSummary[]>(apiRoutes.devMailbox.list, { signal }),
    refetchInterval: MAILBOX_REFRESH_MS,
    staleTime: 0,
    meta: { handlesErrors: true },
  });
}

export function useMailboxMessage(id: string | null) {
  return useQuery({
    queryKey: ['dev-mailbox', id],
    queryFn: ({ signal }) =>
      api.get<MailboxMessage>(apiRoutes.devMailbox.message(id ?? ''), { signal }),
    enabled: id !== null,
    meta: { handlesErrors: true },
  });
}
