import { useId, useState, type Ref } from 'react';
import { ImagePlus, Send, X } from 'lucide-react';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import { renderSavedReply } from '#shared/saved-replies.ts';
import type { InboxItem, ThreadDetail } from '#shared/contracts/inbox.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { mediaPaths } from '../../../lib/api-paths.ts';
import { cn } from '../../../lib/cn.ts';
import { useAuth } from '../../auth/index.ts';
import { MediaPicker } from '../../posts/index.ts';
import { useSendReply } from '../api/use-thread-actions.ts';
import { personName } from '../lib/format.ts';
import { refusalText } from '../lib/refusal.ts';
import { checkText, limitFor, measure, newClientRef } from '../lib/text-limits.ts';
import { SavedRepliesMenu } from './saved-replies-menu.tsx';

interface ReplyComposerProps {
  thread: ThreadDetail;
  me: { userId: string; name: string };
  /** Comment threads: the comment answered (none: the top-level comment). */
  replyTo: InboxItem | null;
  onCancelReplyTo(): void;
  textareaRef: Ref<HTMLTextAreaElement>;
}

/**
 * The reply box: checked against the platform's limit before it is sent, sent optimistically;
 * a refusal puts the text back with the server's reason under it.
 */
export function ReplyComposer({
  thread,
  me,
  replyTo,
  onCancelReplyTo,
  textareaRef,
}: ReplyComposerProps) {
  const { businessProfile } = useAuth();
  const [text, setText] = useState('');
  const [media, setMedia] = useState<MediaItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const send = useSendReply(thread, me);
  const errorId = useId();
  const countId = useId();
  const conversation = thread.kind === 'conversation';
  const kind = conversation ? 'message' : 'comment';
  const limit = limitFor(thread.account.platform, kind);
  const used = measure(text.trim(), limit.unit);
  const target = replyTo ?? thread.items.find((i) => !i.parentExternalId) ?? null;

  function submit() {
    const clientRef = newClientRef();
    const problem = checkText(text, thread.account.platform, kind, {
      clientRef,
      hasMedia: media !== null,
      toExternalId: replyTo?.externalId,
    });
    if (problem) {
      setError(problem);
      return;
    }
    const sent = { text, media };
    setError(null);
    setText('');
    setMedia(null);
    onCancelReplyTo();
    send.mutate(
      {
        text: sent.text.trim(),
        clientRef,
        toExternalId: replyTo?.externalId,
        media: sent.media
          ? { id: sent.media.id, url: mediaPaths.file(sent.media.id, 'thumbnail') }
          : undefined,
      },
      {
        onError: (err) => {
          // What was typed comes back, with the reason.
          setText((now) => (now.trim() === '' ? sent.text : now));
          setMedia((now) => now ?? sent.media);
          setError(refusalText(err));
        },
      },
    );
  }

  function insert(body: string) {
    const filled = renderSavedReply(body, {
      participantName: thread.participant.name,
      participantHandle: thread.participant.handle,
      business: {
        business_name: businessProfile?.business_name ?? null,
        company_name: businessProfile?.company_name ?? null,
      },
    });
    setText((now) => (now.trim() ? `${now.trimEnd()} ${filled}` : filled));
  }

  const label = conversation
    ? `Message to ${personName(thread.participant, thread.account.platform)}`
    : `Reply to ${target ? personName(target.author) : 'the comment'}`;
  return (
    <form
      aria-label={conversation ? 'Send a message' : 'Reply'}
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {replyTo ? (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <span className="min-w-0 truncate">
            Replying to <strong className="text-foreground">{personName(replyTo.author)}</strong>:{' '}
            {replyTo.text}
          </span>
          <Button type="button" variant="ghost" size="sm" onClick={onCancelReplyTo}>
            <X aria-hidden className="size-3.5" />
            <span>Reply to the thread instead</span>
          </Button>
        </p>
      ) : null}
      {media ? (
        <div className="flex items-center gap-2 text-sm">
          <img
            src={mediaPaths.file(media.id, 'thumbnail')}
            alt=""
            className="size-12 rounded-md border border-border object-cover"
          />
          <span className="min-w-0 flex-1 truncate">{media.name}</span>
          <Button type="button" variant="ghost" size="sm" onClick={() => setMedia(null)}>
            Remove image
          </Button>
        </div>
      ) : null}
      <label htmlFor={`${errorId}-box`} className="sr-only">
        {label}
      </label>
      <textarea
        id={`${errorId}-box`}
        ref={textareaRef}
        rows={3}
        value={text}
        placeholder={conversation ? 'Write a message…' : 'Write a reply…'}
        aria-invalid={error ? true : undefined}
        aria-describedby={cn(countId, error && errorId) || undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            submit();
          }
        }}
        className={cn(inputClasses, 'h-auto min-h-20 resize-y')}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex flex-wrap gap-1">
          <SavedRepliesMenu onInsert={insert} />
          {conversation ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => setPicking(true)}>
              <ImagePlus aria-hidden className="size-4" />
              Image
            </Button>
          ) : null}
        </div>
        <div className="ml-auto flex items-center gap-2">
          <span
            id={countId}
            className={cn(
              'text-xs tabular-nums',
              used > limit.max ? 'font-medium text-destructive' : 'text-muted-foreground',
            )}
          >
            {used.toLocaleString('en')} / {limit.max.toLocaleString('en')}
            <span className="sr-only"> {limit.unit}</span>
          </span>
          <Button type="submit" size="sm">
            <Send aria-hidden className="size-3.5" />
            {conversation ? 'Send' : 'Send reply'}
          </Button>
        </div>
      </div>
      <MediaPicker
        open={picking}
        selected={media ? [media.id] : []}
        known={new Map(media ? [[media.id, media]] : [])}
        max={1}
        imagesOnly
        onClose={() => setPicking(false)}
        onConfirm={(_ids, items) => {
          setMedia(items[0] ?? null);
          setPicking(false);
        }}
      />
    </form>
  );
}
