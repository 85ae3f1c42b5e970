import { Link } from 'react-router';
import type { ContactDetail } from '#shared/contracts/audience.contract.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { PlatformIcon } from '../../platforms/index.ts';
import { PLATFORM_NAMES, threadUrl } from '../lib/format.ts';

/** The contact's conversations, newest first, each opening in the social monitor. */
export function ThreadsList({
  threads,
  timeZone,
}: {
  threads: ContactDetail['threads'];
  timeZone: string;
}) {
  if (threads.length === 0) {
    return <p className="text-sm text-muted-foreground">No conversations with them yet.</p>;
  }
  const sorted = [...threads].sort((a, b) => Date.parse(b.lastItemAt) - Date.parse(a.lastItemAt));
  return (
    <ul aria-label="Conversations" className="grid gap-2">
      {sorted.map((thread) => (
        <li key={thread.id} className="rounded-lg border border-border p-3">
          <Link to={threadUrl(thread)} className="grid gap-1 hover:underline">
            <span className="flex items-center gap-2 text-xs text-muted-foreground">
              <PlatformIcon platform={thread.platform} aria-hidden className="size-3.5" />
              {PLATFORM_NAMES[thread.platform]}{' '}
              {thread.kind === 'comment' ? 'comments' : 'messages'} ·{' '}
              {formatDateTime(new Date(thread.lastItemAt), timeZone)}
            </span>
            <span className="line-clamp-2 text-sm">{thread.preview || 'No text'}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
