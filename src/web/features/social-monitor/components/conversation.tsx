import type { InboxPlatform, ThreadDetail } from '#shared/contracts/inbox.contract.ts';
import { cn } from '../../../lib/cn.ts';
import { ItemMeta } from './item-meta.tsx';

/** A conversation: the person's messages on the left, ours on the right, oldest first. */
export function Conversation({ thread }: { thread: ThreadDetail }) {
  const messages = thread.items.filter((item) => item.kind === 'message');
  return (
    <ol aria-label="Messages" className="grid gap-3">
      {messages.map((item) => (
        <li
          key={item.id}
          className={cn(
            'grid max-w-[85%] min-w-0 gap-1 sm:max-w-[75%]',
            item.direction === 'out' ? 'justify-items-end justify-self-end' : 'justify-self-start',
            item.pending && 'opacity-70',
          )}
        >
          <span className="sr-only">
            {item.direction === 'out' ? 'You: ' : `${item.author.name ?? 'They'}: `}
          </span>
          <Bubble item={item} platform={thread.account.platform} />
        </li>
      ))}
    </ol>
  );
}

function Bubble({
  item,
  platform,
}: {
  item: ThreadDetail['items'][number];
  platform: InboxPlatform;
}) {
  const ours = item.direction === 'out';
  const deleted = item.deletedAt !== null;
  return (
    <>
      {item.attachments.map((attachment, index) =>
        attachment.type === 'image' ? (
          <img
            key={index}
            src={attachment.url}
            alt={ours ? 'Image you sent' : 'Image they sent'}
            className="max-h-60 max-w-full rounded-2xl border border-border object-cover"
          />
        ) : (
          <a
            key={index}
            href={attachment.url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm text-link underline"
          >
            Open the {attachment.type} attachment
          </a>
        ),
      )}
      {item.text || deleted ? (
        <p
          className={cn(
            'rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap',
            ours ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md bg-muted',
            deleted && 'bg-muted text-muted-foreground italic',
          )}
        >
          {deleted ? 'This message was removed.' : item.text}
        </p>
      ) : null}
      <ItemMeta item={item} platform={platform} />
    </>
  );
}
