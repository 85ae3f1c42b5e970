import { useMemo, useRef, useState } from 'react';
import type { InboxTab } from '#shared/contracts/inbox.contract.ts';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { useInboxUnread, useThreadList } from '../api/use-inbox-queries.ts';
import { useInboxLive } from '../api/use-inbox-live.ts';
import { personName } from '../lib/format.ts';
import type { useInboxState } from '../lib/use-inbox-state.ts';
import { useShortcuts, type ShortcutKey } from '../lib/use-shortcuts.ts';
import { InboxTabs, PANEL_ID, tabId } from './inbox-tabs.tsx';
import { ThreadFiltersBar } from './thread-filters.tsx';
import { ThreadList } from './thread-list.tsx';
import { ThreadView, type ThreadCommands } from './thread-view.tsx';

interface InboxPanelProps {
  state: ReturnType<typeof useInboxState>;
  me: { userId: string; name: string };
  canReply: boolean;
  /** "?": the page shows the list of shortcuts. */
  onHelp(): void;
}

/**
 * The inbox: the list of threads beside the open one (one at a time on a phone, with a way
 * back), kept current by the live stream, driven by the keyboard too.
 */
export function InboxPanel({ state, me, canReply, onHelp }: InboxPanelProps) {
  const { filters, threadId, setFilter, setTab, openThread } = state;
  const list = useThreadList(filters);
  const unread = useInboxUnread();
  const threads = useMemo(() => list.data?.pages.flatMap((p) => p.threads) ?? [], [list.data]);
  const counts = list.data?.pages[0]?.counts;
  const commands = useRef<ThreadCommands | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useInboxLive(me.userId, (message) => {
    if (message.change === 'item' && message.threadId !== threadId) {
      setAnnouncement(`New ${message.kind === 'comment' ? 'comment' : 'message'} in the inbox`);
    }
  });

  function move(step: 1 | -1) {
    if (threads.length === 0) return;
    const at = threads.findIndex((t) => t.id === threadId);
    const next = threads[Math.min(Math.max(at === -1 ? 0 : at + step, 0), threads.length - 1)]!;
    openThread(next.id);
    const index = threads.indexOf(next);
    setAnnouncement(
      `Thread ${index + 1} of ${threads.length}: ${personName(next.participant, next.account.platform)}, ${next.preview}`,
    );
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-thread-id="${next.id}"]`)?.focus(),
    );
  }

  function onShortcut(key: ShortcutKey) {
    if (key === 'j') move(1);
    else if (key === 'k') move(-1);
    else if (key === '?') onHelp();
    else if (!commands.current) setAnnouncement('Open a thread first');
    else if (key === 'r') {
      if (!commands.current.focusReply()) setAnnouncement('This thread cannot be answered now');
    } else if (key === 'e') {
      setAnnouncement(commands.current.toggleDone() ?? 'Your role cannot change this thread');
    } else if (key === 'a' && !commands.current.openAssign()) {
      setAnnouncement('Your role cannot assign threads');
    }
  }
  useShortcuts(true, onShortcut);

  return (
    <div className="grid gap-3">
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(320px,400px)_minmax(0,1fr)]">
        <Card className={cn('overflow-hidden', threadId && 'max-lg:hidden')}>
          <InboxTabs
            tab={filters.tab ?? 'comments'}
            unread={
              unread.data
                ? { comments: unread.data.comments, messages: unread.data.messages }
                : undefined
            }
            onChange={(tab: InboxTab) => setTab(tab)}
          />
          <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(filters.tab ?? 'comments')}>
            <ThreadFiltersBar filters={filters} counts={counts} onChange={setFilter} />
            <div className="lg:max-h-[calc(100dvh-22rem)] lg:min-h-96 lg:overflow-y-auto">
              <ThreadList
                query={list}
                threads={threads}
                filters={filters}
                selectedId={threadId}
                onOpen={openThread}
              />
            </div>
          </div>
        </Card>
        <Card
          aria-label="Thread"
          role="region"
          className={cn('min-w-0 overflow-hidden', !threadId && 'max-lg:hidden')}
        >
          <ThreadView
            threadId={threadId}
            me={me}
            canReply={canReply}
            commandsRef={commands}
            onBack={() => openThread(null)}
          />
        </Card>
      </div>
    </div>
  );
}
