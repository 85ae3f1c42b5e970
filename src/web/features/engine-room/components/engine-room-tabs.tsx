import { useRef, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/cn.ts';
import { ENGINE_ROOM_TABS, type EngineRoomTab } from '../engine-room-store.ts';

const LABELS: Record<EngineRoomTab, string> = {
  prompt: 'Prompt',
  sessions: 'Sessions',
  campaign: 'Campaign',
};

export const tabId = (tab: EngineRoomTab) => `engine-room-tab-${tab}`;
export const PANEL_ID = 'engine-room-panel';

/** Prompt, Sessions and Campaign; the arrow keys move between them. */
export function EngineRoomTabs({
  tab,
  onChange,
}: {
  tab: EngineRoomTab;
  onChange(tab: EngineRoomTab): void;
}) {
  const refs = useRef<Partial<Record<EngineRoomTab, HTMLButtonElement | null>>>({});
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const step = event.key === 'ArrowRight' ? 1 : ENGINE_ROOM_TABS.length - 1;
    const next =
      ENGINE_ROOM_TABS[(ENGINE_ROOM_TABS.indexOf(tab) + step) % ENGINE_ROOM_TABS.length]!;
    onChange(next);
    refs.current[next]?.focus();
  }
  return (
    <div
      role="tablist"
      aria-label="Engine room"
      className="grid grid-cols-3 border-b border-border sm:flex sm:gap-2"
      onKeyDown={onKeyDown}
    >
      {ENGINE_ROOM_TABS.map((t) => {
        const selected = t === tab;
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
              '-mb-px inline-flex h-11 items-center justify-center border-b-2 px-4 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
              selected
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {LABELS[t]}
          </button>
        );
      })}
    </div>
  );
}
