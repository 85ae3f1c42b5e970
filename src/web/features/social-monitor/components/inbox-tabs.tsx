import { useRef, type KeyboardEvent } from 'react';
import { INBOX_TABS, type InboxTab } from '#shared/contracts/inbox.contract.ts';
import { cn } from '../../../lib/cn.ts';
import { formatCount } from '../lib/count.ts';

const LABELS: Record<InboxTab, string> = { comments: 'Comments', messages: 'Messages' };

export const tabId = (tab: InboxTab) => `inbox-tab-${tab}`;
export const PANEL_ID = 'inbox-tab-panel';

/** Comments and Messages, each with its unread number; arrow keys move between them. */
export function InboxTabs({
  tab,
  unread,
  onChange,
}: {
  tab: InboxTab;
  unread: Record<InboxTab, number> | undefined;
  onChange(tab: InboxTab): void;
}) {
  const refs = useRef<Partial<Record<InboxTab, HTMLButtonElement | null>>>({});
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = INBOX_TABS[(INBOX_TABS.indexOf(tab) + 1) % INBOX_TABS.length]!;
    onChange(next);
    refs.current[next]?.focus();
  }
  return (
    <div
      role="tablist"
      aria-label="Inbox"
      className="grid grid-cols-2 border-b border-border"
      onKeyDown={onKeyDown}
    >
      {INBOX_TABS.map((t) => {
        const selected = t === tab;
        const count = unread?.[t] ?? 0;
        return (
          <button
            key={t}
            ref={(el) => {
              refs.current[t] = el;
            }}
            id={tabId(t)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={PANEL_ID}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(t)}
            className={cn(
              '-mb-px inline-flex h-11 items-center justify-center gap-2 border-b-2 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
              selected
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {LABELS[t]}{' '}
            {count > 0 ? (
              <span className="rounded-full bg-primary px-1.5 py-0.5 text-[0.7rem] font-semibold text-primary-foreground tabular-nums">
                {formatCount(count)}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
