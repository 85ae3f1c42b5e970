import { useId, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { Send, Square } from 'lucide-react';
import { ENGINE_LIMITS } from '#shared/contracts/engine-room.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import type { SendOutcome } from '../lib/use-conversation.ts';

// The prompt console's message box: Enter sends, Shift+Enter starts a new line; the counter shows
// how much of ENGINE_LIMITS.messageLength is used. While an answer streams, "Stop" ends it.

export function MessageBox({
  draft,
  onDraftChange,
  onSend,
  onStop,
  streaming,
  sending,
  textareaRef,
}: {
  draft: string;
  onDraftChange(value: string): void;
  onSend(content: string): Promise<SendOutcome>;
  onStop(): void;
  streaming: boolean;
  sending: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const max = ENGINE_LIMITS.messageLength;

  async function submit() {
    if (streaming || sending) return;
    setProblem(null);
    const sent = draft;
    onDraftChange('');
    const outcome = await onSend(sent);
    if (!outcome.ok) {
      if (outcome.keepDraft) onDraftChange(sent);
      setProblem(outcome.problem);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-1.5" aria-label="Message the engine">
      <label htmlFor={id} className="sr-only">
        Message
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          ref={textareaRef}
          value={draft}
          maxLength={max}
          rows={2}
          placeholder="Ask the engine to draft posts, plan a campaign, find media…"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-count${problem ? ` ${id}-problem` : ''}`}
          onChange={(event) => {
            onDraftChange(event.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKeyDown}
          className={cn(
            'max-h-48 min-h-12 w-full min-w-0 resize-y rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs sm:text-sm',
            'placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40',
            'aria-invalid:border-destructive',
          )}
        />
        {streaming ? (
          <Button type="button" variant="outline" onClick={onStop}>
            <Square aria-hidden className="size-4" /> Stop
          </Button>
        ) : (
          <Button type="submit" loading={sending}>
            <Send aria-hidden className="size-4" /> Send
          </Button>
        )}
      </div>
      <div className="flex items-start justify-between gap-3 text-xs">
        <p id={`${id}-problem`} role={problem ? 'alert' : undefined} className="text-destructive">
          {problem}
        </p>
        <p
          id={`${id}-count`}
          className={cn(
            'shrink-0 text-muted-foreground tabular-nums',
            draft.length >= max && 'text-destructive',
          )}
        >
          {draft.length} / {max}
          <span className="sr-only"> characters</span>
        </p>
      </div>
    </form>
  );
}
