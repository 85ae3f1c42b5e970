import { ImageIcon, Info } from 'lucide-react';
import { accountLabel } from '#shared/account-label.ts';
import { Avatar, MediaImage, type PreviewProps } from './preview-parts.tsx';

/**
 * A story: the one file full screen at 9:16 under the account's name, with no caption below it.
 * What is typed but not published with it is said under the frame.
 */
export function InstagramStoryPreview({
  connection,
  text,
  firstComment,
  media,
  when,
}: PreviewProps) {
  const name = connection.username ?? connection.name;
  const item = media[0];
  const hidden = [text.trim() ? 'text' : null, firstComment.trim() ? 'first comment' : null].filter(
    Boolean,
  );
  return (
    <article
      aria-label={`Instagram story preview for ${accountLabel(connection)}`}
      className="mx-auto grid w-full max-w-[280px] gap-2"
    >
      <div
        className="relative aspect-[9/16] overflow-hidden rounded-2xl bg-black text-white shadow-sm"
        data-testid="story-frame"
      >
        {item ? (
          <div className="absolute inset-0">
            <MediaImage item={item} className="size-full" />
          </div>
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 px-6 text-center text-sm text-white/80">
            <ImageIcon aria-hidden className="size-8" />A story needs one photo or video
          </div>
        )}
        <div className="absolute inset-x-0 top-0 bg-gradient-to-b from-black/60 to-transparent px-3 pt-2.5 pb-8">
          <div aria-hidden className="h-0.5 overflow-hidden rounded-full bg-white/40">
            <div className="h-full w-1/3 rounded-full bg-white" />
          </div>
          <div className="mt-2.5 flex items-center gap-2">
            <Avatar connection={connection} size="size-7" />
            <span className="truncate text-sm font-semibold">{name}</span>
            <span className="shrink-0 text-xs text-white/75">{when ?? 'Just now'}</span>
          </div>
        </div>
      </div>
      <p className="text-center text-xs text-muted-foreground">
        Shown for 24 hours after it is published.
      </p>
      {hidden.length > 0 ? (
        <p
          className="flex gap-1.5 rounded-md bg-muted px-2.5 py-1.5 text-xs text-foreground"
          data-testid="story-not-published"
        >
          <Info aria-hidden className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" />
          <span>
            Stories show no text or comments: the {hidden.join(' and the ')}{' '}
            {hidden.length > 1 ? 'are' : 'is'} not published with this story.
          </span>
        </p>
      ) : null}
    </article>
  );
}
