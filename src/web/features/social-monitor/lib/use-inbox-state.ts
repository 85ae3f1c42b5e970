import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  ASSIGNEE_FILTERS,
  INBOX_PLATFORMS,
  INBOX_TABS,
  SENTIMENTS,
  THREAD_STATUS_FILTERS,
  type ThreadFilters,
} from '#shared/contracts/inbox.contract.ts';

// The page's state lives in its address (tab, filters, the open thread, the panel), so a link,
// the back button and a reload show the same inbox.

export const PANELS = ['inbox', 'sync', 'moderation', 'saved-replies', 'response-times'] as const;
export type Panel = (typeof PANELS)[number];

function pick<T extends string>(list: readonly T[], value: string | null): T | undefined {
  return list.find((v) => v === value);
}

export function useInboxState() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<ThreadFilters>(() => {
    const f: ThreadFilters = {
      tab: pick(INBOX_TABS, params.get('tab')) ?? 'comments',
      assignee: pick(ASSIGNEE_FILTERS, params.get('assignee')) ?? 'anyone',
      status: pick(THREAD_STATUS_FILTERS, params.get('status')) ?? 'open',
    };
    const platform = pick(INBOX_PLATFORMS, params.get('platform'));
    if (platform) f.platform = platform;
    const account = params.get('account');
    if (account) f.connectionId = account;
    if (params.get('unread') === '1') f.unread = true;
    if (params.get('needs') === '1') f.needsReply = true;
    const sentiment = pick(SENTIMENTS, params.get('sentiment'));
    if (sentiment) f.sentiment = sentiment;
    const q = params.get('q')?.trim();
    if (q) f.q = q;
    return f;
  }, [params]);
  const threadId = params.get('thread');
  const panel = pick(PANELS, params.get('panel')) ?? 'inbox';

  const update = useCallback(
    (changes: Record<string, string | null>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: options.replace ?? true },
      );
    },
    [setParams],
  );

  /** Changes a filter (the open thread stays open). */
  const setFilter = useCallback(
    (key: string, value: string | null) => update({ [key]: value }),
    [update],
  );
  const setTab = useCallback(
    (tab: string) => update({ tab: tab === 'comments' ? null : tab, thread: null }),
    [update],
  );
  const openThread = useCallback(
    (id: string | null) => update({ thread: id }, { replace: false }),
    [update],
  );
  const setPanel = useCallback(
    (next: Panel) => update({ panel: next === 'inbox' ? null : next, thread: null }),
    [update],
  );
  return { filters, threadId, panel, setFilter, setTab, openThread, setPanel };
}
