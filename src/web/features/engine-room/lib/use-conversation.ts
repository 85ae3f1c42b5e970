import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ENGINE_LIMITS,
  sendMessageInputSchema,
  type EngineMessage,
  type EngineSession,
  type EngineStreamEvent,
  type ToolCall,
} from '#shared/contracts/engine-room.contract.ts';
import { useAppNavigate } from '../../../lib/use-app-navigate.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { useUserId } from '../../auth/index.ts';
import { engineRoomKeys } from '../api/keys.ts';
import { sessionPagePath } from '../api/paths.ts';
import { streamMessage } from '../api/stream-message.ts';
import { useCreateSession } from '../api/use-engine-actions.ts';
import { engineRoomActions } from '../engine-room-store.ts';

/** The answer being streamed into a session, until it is stored. */
export interface LiveAnswer {
  sessionId: string;
  /** What the person sent, until the server's copy of it arrives. */
  sentText: string | null;
  text: string;
  toolCalls: ToolCall[];
}

export type SendOutcome = { ok: true } | { ok: false; problem: string; keepDraft: boolean };

function titleFrom(content: string): string {
  const line = content.trim().split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/**
 * The prompt console's conversation: a message sent to the open session (one is started on the
 * first message and its address opened), its answer streamed in as it comes, and "Stop". What
 * the server stores (`message`, `done`) goes into the cached session; the rest is `live`.
 */
export function useConversation(sessionId: string | null) {
  const client = useQueryClient();
  const userId = useUserId() ?? 'anonymous';
  const navigate = useAppNavigate();
  const createSession = useCreateSession();
  const [live, setLive] = useState<LiveAnswer | null>(null);
  const [streamError, setStreamError] = useState<{ sessionId: string; message: string } | null>(
    null,
  );
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const store = useCallback(
    (id: string, message: EngineMessage) =>
      client.setQueryData<EngineSession>(engineRoomKeys.session(userId, id), (session) =>
        session
          ? {
              ...session,
              messages: [...session.messages.filter((m) => m.id !== message.id), message],
            }
          : session,
      ),
    [client, userId],
  );

  const onEvent = useCallback(
    (id: string, event: EngineStreamEvent) => {
      switch (event.type) {
        case 'message':
          store(id, event.message);
          setLive((l) => (l ? { ...l, sentText: null } : l));
          break;
        case 'text':
          setLive((l) => (l ? { ...l, text: l.text + event.delta } : l));
          break;
        case 'tool_call':
          setLive((l) =>
            l
              ? {
                  ...l,
                  toolCalls: [
                    ...l.toolCalls.filter((c) => c.id !== event.toolCall.id),
                    event.toolCall,
                  ],
                }
              : l,
          );
          break;
        case 'done':
          store(id, event.message);
          setLive(null);
          break;
        case 'error':
          setStreamError({ sessionId: id, message: event.error.message });
          break;
      }
    },
    [store],
  );

  const send = useCallback(
    async (draft: string): Promise<SendOutcome> => {
      const parsed = sendMessageInputSchema.safeParse({ content: draft });
      if (!parsed.success) {
        return {
          ok: false,
          problem: parsed.error.issues[0]?.message ?? 'Write a message',
          keepDraft: true,
        };
      }
      const content = parsed.data.content;
      setStreamError(null);
      let id = sessionId;
      if (id === null) {
        try {
          id = (await createSession.mutateAsync({ title: titleFrom(content) })).id;
        } catch (error) {
          return { ok: false, problem: userMessageOf(error), keepDraft: true };
        }
        engineRoomActions.setSessionId(id);
        navigate(sessionPagePath(id));
      }
      const target = id;
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setLive({ sessionId: target, sentText: content, text: '', toolCalls: [] });
      let stored = false;
      try {
        await streamMessage(
          target,
          content,
          (event) => {
            if (event.type === 'message') stored = true;
            onEvent(target, event);
          },
          controller.signal,
        );
        return { ok: true };
      } catch (error) {
        if (controller.signal.aborted) return { ok: true };
        const problem = userMessageOf(error);
        setStreamError({ sessionId: target, message: problem });
        return { ok: false, problem, keepDraft: !stored };
      } finally {
        if (abort.current === controller) abort.current = null;
        setLive((l) => (l?.sessionId === target ? null : l));
        void client.invalidateQueries({ queryKey: engineRoomKeys.session(userId, target) });
        void client.invalidateQueries({ queryKey: engineRoomKeys.sessions(userId) });
      }
    },
    [sessionId, createSession, navigate, onEvent, client, userId],
  );

  const stop = useCallback(() => abort.current?.abort(), []);

  return {
    send,
    stop,
    starting: createSession.isPending,
    live: live && live.sessionId === sessionId ? live : null,
    streaming: live !== null,
    error: streamError && streamError.sessionId === sessionId ? streamError.message : null,
    maxLength: ENGINE_LIMITS.messageLength,
  };
}
