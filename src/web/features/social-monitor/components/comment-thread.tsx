import type { InboxItem, ItemAction, ThreadDetail } from '#shared/contracts/inbox.contract.ts';
import { CommentItem } from './comment-item.tsx';
import { PostCard } from './post-card.tsx';

interface CommentThreadProps {
  thread: ThreadDetail;
  canReply: boolean;
  now: number;
  onReply(item: InboxItem): void;
  onAction(item: InboxItem, action: ItemAction): void;
  onDelete(item: InboxItem): void;
  onPrivateReply(item: InboxItem): void;
}

/** The post, then the comment with its replies threaded under the comment each one answers. */
export function CommentThread({ thread, ...actions }: CommentThreadProps) {
  const comments = thread.items.filter((item) => item.kind === 'comment');
  const ids = new Set(comments.map((c) => c.externalId));
  const children = new Map<string, InboxItem[]>();
  const roots: InboxItem[] = [];
  for (const item of comments) {
    const parent = item.parentExternalId;
    if (parent && ids.has(parent)) children.set(parent, [...(children.get(parent) ?? []), item]);
    else roots.push(item);
  }
  const platformName = thread.account.platform === 'instagram' ? 'Instagram' : 'Facebook';
  const renderBranch = (item: InboxItem, depth: number) => (
    <li key={item.id} className="grid gap-3">
      <CommentItem item={item} platform={thread.account.platform} {...actions} />
      {children.get(item.externalId)?.length ? (
        <ul
          aria-label={`Replies to ${item.author.name ?? 'this comment'}`}
          className={depth < 2 ? 'grid gap-3 border-l-2 border-border pl-4 sm:pl-6' : 'grid gap-3'}
        >
          {children.get(item.externalId)!.map((child) => renderBranch(child, depth + 1))}
        </ul>
      ) : null}
    </li>
  );
  return (
    <div className="grid gap-4">
      {thread.post ? <PostCard post={thread.post} platformName={platformName} /> : null}
      <ul aria-label="Comments" className="grid gap-4">
        {roots.map((item) => renderBranch(item, 0))}
      </ul>
    </div>
  );
}
