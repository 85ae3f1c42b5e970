import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  EngineSession,
  EngineSessionSummary,
  ToolCall,
} from '#shared/contracts/engine-room.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { useUserId } from '../../auth/index.ts';
import { useInvalidatePosts } from '../../posts/index.ts';
import { engineRoomKeys } from './keys.ts';
import { engineRoomPaths } from './paths.ts';

/** The tool call in a confirm or dismiss answer: the call itself, `{ toolCall }`, or its message. */
export function toolCallIn(data: unknown, callId: string): ToolCall | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  if (record['id'] === callId && 'tool' in record && 'status' in record) return data as ToolCall;
  if (record['toolCall']) return toolCallIn(record['toolCall'], callId);
  const calls =
    record['toolCalls'] ?? (record['message'] as Record<string, unknown>)?.['toolCalls'];
  if (Array.isArray(calls)) return (calls as ToolCall[]).find((c) => c.id === callId) ?? null;
  return null;
}

/** Puts a changed tool call into the cached session, where its card reads it. */
function storeToolCall(client: QueryClient, key: readonly unknown[], call: ToolCall): void {
  client.setQueryData<EngineSession>(key, (session) =>
    session
      ? {
          ...session,
          messages: session.messages.map((message) => ({
            ...message,
            toolCalls: message.toolCalls.map((c) => (c.id === call.id ? call : c)),
          })),
        }
      : session,
  );
}

export function useCreateSession() {
  const client = useQueryClient();
  const userId = useUserId() ?? 'anonymous';
  return useMutation({
    mutationFn: (input: { title?: string; campaignId?: string }) =>
      api.post<EngineSessionSummary & Partial<EngineSession>>(engineRoomPaths.sessions, input),
    onSuccess: (created) => {
      client.setQueryData<EngineSession>(engineRoomKeys.session(userId, created.id), {
        ...created,
        messages: created.messages ?? [],
        engine: created.engine ?? '',
      });
      void client.invalidateQueries({ queryKey: engineRoomKeys.sessions(userId) });
    },
  });
}

export function useRenameSession() {
  const client = useQueryClient();
  const userId = useUserId() ?? 'anonymous';
  return useMutation({
    mutationFn: (input: { id: string; title: string }) =>
      api.patch<EngineSessionSummary>(engineRoomPaths.session(input.id), { title: input.title }),
    onSuccess: (_data, input) => {
      client.setQueryData<EngineSessionSummary[]>(engineRoomKeys.sessions(userId), (list) =>
        list?.map((s) => (s.id === input.id ? { ...s, title: input.title } : s)),
      );
      client.setQueryData<EngineSession>(engineRoomKeys.session(userId, input.id), (s) =>
        s ? { ...s, title: input.title } : s,
      );
      void client.invalidateQueries({ queryKey: engineRoomKeys.sessions(userId) });
    },
  });
}

export function useDeleteSession() {
  const client = useQueryClient();
  const userId = useUserId() ?? 'anonymous';
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(engineRoomPaths.session(id)),
    onSuccess: (_data, id) => {
      client.setQueryData<EngineSessionSummary[]>(engineRoomKeys.sessions(userId), (list) =>
        list?.filter((s) => s.id !== id),
      );
      client.removeQueries({ queryKey: engineRoomKeys.session(userId, id) });
      void client.invalidateQueries({ queryKey: engineRoomKeys.sessions(userId) });
    },
  });
}

/**
 * Confirms (runs) or dismisses a proposed tool call. The answer's tool call replaces the card's,
 * the session is read again, and a confirmed call that wrote posts refreshes the calendar's lists.
 */
export function useToolCallDecision(sessionId: string, callId: string) {
  const client = useQueryClient();
  const userId = useUserId() ?? 'anonymous';
  const invalidatePosts = useInvalidatePosts();
  const key = engineRoomKeys.session(userId, sessionId);
  return useMutation({
    mutationFn: async (decision: 'confirm' | 'dismiss') => {
      const path = engineRoomPaths.toolCall(sessionId, callId);
      const data =
        decision === 'confirm' ? await api.post<unknown>(path) : await api.delete<unknown>(path);
      return toolCallIn(data, callId);
    },
    onSuccess: (call, decision) => {
      if (call) storeToolCall(client, key, call);
      if (decision === 'confirm') invalidatePosts();
      void client.invalidateQueries({ queryKey: key });
    },
  });
}
