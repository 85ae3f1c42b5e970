import { useEffect, useRef } from 'react';
import { Cpu, User } from 'lucide-react';
import type { EngineMessage, ToolCall } from '#shared/contracts/engine-room.contract.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import type { LiveAnswer } from '../lib/use-conversation.ts';
import { engineLabel } from '../lib/format.ts';
import { ToolCallCard } from './tool-call-card.tsx';

// The conversation of a session: the person's messages and the engine's answers, each answer
// with the engine that gave it and the tool calls it proposed; the answer being streamed last.

function Bubble({
  role,
  engine,
  content,
  streaming = false,
}: {
  role: EngineMessage['role'];
  engine: string | null;
  content: string;
  streaming?: boolean;
}) {
  const mine = role === 'user';
  const label = engineLabel(engine);
  return (
    <div className={cn('flex gap-2', mine ? 'flex-row-reverse' : 'flex-row')}>
      <span
        aria-hidden
        className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
      >
        {mine ? <User className="size-4" /> : <Cpu className="size-4" />}
      </span>
      <div
        className={cn(
          'grid max-w-[85%] min-w-0 gap-1 rounded-xl px-3.5 py-2.5 text-sm',
          mine ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
        )}
      >
        {!mine ? (
          <div className="flex items-center gap-2">
            <span className="text-xs font-semibold">Engine</span>
            {label ? (
              <Badge variant={engine === 'offline' ? 'warning' : 'outline'}>{label}</Badge>
            ) : null}
          </div>
        ) : (
          <span className="sr-only">You</span>
        )}
        <p className="break-words whitespace-pre-wrap" aria-busy={streaming || undefined}>
          {content}
          {streaming ? (
            <span
              aria-hidden
              className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-current align-middle"
            />
          ) : null}
        </p>
      </div>
    </div>
  );
}

function Calls({
  calls,
  sessionId,
  timeZone,
  waiting,
}: {
  calls: ToolCall[];
  sessionId: string;
  timeZone: string;
  waiting: boolean;
}) {
  if (calls.length === 0) return null;
  return (
    <div className="grid gap-3 sm:pl-9">
      {calls.map((call) => (
        <ToolCallCard
          key={call.id}
          call={call}
          sessionId={sessionId}
          timeZone={timeZone}
          waiting={waiting}
        />
      ))}
    </div>
  );
}

export function MessageList({
  messages,
  live,
  sessionId,
  engine,
  timeZone,
}: {
  messages: EngineMessage[];
  live: LiveAnswer | null;
  sessionId: string;
  engine: string;
  timeZone: string;
}) {
  // The newest part of the conversation stays in view above the message box as it grows.
  const end = useRef<HTMLDivElement>(null);
  const growth = `${messages.length}|${live?.text.length ?? 0}|${live?.toolCalls.length ?? 0}`;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [growth]);
  return (
    <>
      <ol className="grid gap-4" aria-label="Conversation">
        {messages.map((message) => (
          <li key={message.id} className="grid gap-3">
            {message.content || message.role === 'user' ? (
              <Bubble role={message.role} engine={message.engine} content={message.content} />
            ) : null}
            <Calls
              calls={message.toolCalls}
              sessionId={sessionId}
              timeZone={timeZone}
              waiting={false}
            />
          </li>
        ))}
        {live?.sentText ? (
          <li>
            <Bubble role="user" engine={null} content={live.sentText} />
          </li>
        ) : null}
        {live ? (
          <li className="grid gap-3" aria-live="polite">
            <Bubble role="assistant" engine={engine || null} content={live.text} streaming />
            <Calls calls={live.toolCalls} sessionId={sessionId} timeZone={timeZone} waiting />
          </li>
        ) : null}
      </ol>
      <div ref={end} aria-hidden className="h-0 scroll-mb-40" />
    </>
  );
}
