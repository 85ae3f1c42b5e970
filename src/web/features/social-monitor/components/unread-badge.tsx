import { useInboxUnread } from '../api/use-inbox-queries.ts';
import { formatCount } from '../lib/count.ts';

/** The sidebar's number on "Social Monitor": unread comments and messages. */
export function InboxUnreadBadge() {
  const unread = useInboxUnread();
  const count = unread.data ? unread.data.comments + unread.data.messages : 0;
  if (count === 0) return null;
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-white/15 px-1.5 py-0.5 text-[0.7rem] font-semibold text-white tabular-nums">
      {formatCount(count)}
      <span className="sr-only"> unread</span>
    </span>
  );
}
