import { useRef, useState } from 'react';
import { Link2, Plus } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError, LoadingRows } from '../../../components/ui/query-status.tsx';
import { httpStatusOf } from '../../../lib/api-client.ts';
import { sessionPagePath } from '../api/paths.ts';
import { useEngineSession } from '../api/use-engine-queries.ts';
import { engineLabel, useBusinessTimeZone } from '../lib/format.ts';
import type { useConversation } from '../lib/use-conversation.ts';
import { MessageBox } from './message-box.tsx';
import { MessageList } from './message-list.tsx';
import { StarterSuggestions } from './starter-suggestions.tsx';

// The Prompt tab: the open session's conversation and the message box. With no session open, the
// first message starts one (use-conversation.ts).

async function copySessionLink(sessionId: string) {
  const url = `${window.location.origin}${sessionPagePath(sessionId)}`;
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Link copied. Anyone in your business can open this session with it.');
  } catch {
    toast.error(`The link could not be copied: ${url}`);
  }
}

export function PromptConsole({
  sessionId,
  conversation,
  onNewSession,
}: {
  sessionId: string | null;
  conversation: ReturnType<typeof useConversation>;
  onNewSession(): void;
}) {
  const query = useEngineSession(sessionId);
  const timeZone = useBusinessTimeZone();
  const [draft, setDraft] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const session = query.data;
  const live = conversation.live;
  const empty = !session || (session.messages.length === 0 && !live);
  const engine = engineLabel(session?.engine ?? null);

  function pick(text: string) {
    setDraft(text);
    textarea.current?.focus();
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <h2 className="truncate text-base font-semibold">
            {session?.title || (sessionId ? 'Session' : 'New session')}
          </h2>
          {engine ? (
            <Badge variant={session?.engine === 'offline' ? 'warning' : 'outline'}>{engine}</Badge>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {sessionId ? (
            <Button variant="outline" size="sm" onClick={() => void copySessionLink(sessionId)}>
              <Link2 aria-hidden className="size-4" /> Copy link
            </Button>
          ) : null}
          {sessionId ? (
            <Button variant="outline" size="sm" onClick={onNewSession}>
              <Plus aria-hidden className="size-4" /> New session
            </Button>
          ) : null}
        </div>
      </div>

      {sessionId && query.isError ? (
        httpStatusOf(query.error) === 404 ? (
          <Alert variant="destructive" title="This session could not be found">
            <p>It may have been deleted, or it belongs to another business.</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={onNewSession}>
              Start a new session
            </Button>
          </Alert>
        ) : (
          <LoadError
            title="The session could not be loaded"
            error={query.error}
            retrying={query.isFetching}
            onRetry={query.refetch}
          />
        )
      ) : sessionId && !session ? (
        <LoadingRows label="Loading the session" rows={3} rowClassName="h-16 w-full" />
      ) : empty ? (
        <StarterSuggestions onPick={pick} />
      ) : (
        <MessageList
          messages={session.messages}
          live={live}
          sessionId={session.id}
          engine={session.engine}
          timeZone={timeZone}
        />
      )}

      {conversation.error ? (
        <Alert variant="destructive" title="The engine could not answer">
          {conversation.error}
        </Alert>
      ) : null}

      <div className="sticky bottom-2 z-10 rounded-xl border border-border bg-card p-3 shadow-sm">
        <MessageBox
          draft={draft}
          onDraftChange={setDraft}
          onSend={conversation.send}
          onStop={conversation.stop}
          streaming={conversation.streaming}
          sending={conversation.starting}
          textareaRef={textarea}
        />
      </div>
    </div>
  );
}
