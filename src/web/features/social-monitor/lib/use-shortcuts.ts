import { useEffect, useRef } from 'react';

// The inbox's keys (j, k, r, e, a, ?): never while typing in a field, never with a modifier, and
// never while a dialog or menu is open (it has the keyboard).

export const SHORTCUTS = [
  { key: 'j', label: 'Next thread' },
  { key: 'k', label: 'Previous thread' },
  { key: 'r', label: 'Write a reply' },
  { key: 'e', label: 'Mark done or reopen' },
  { key: 'a', label: 'Assign' },
  { key: '?', label: 'Show these shortcuts' },
] as const;
export type ShortcutKey = (typeof SHORTCUTS)[number]['key'];

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(type);
}

function insideOverlay(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.closest('[role="dialog"], [role="menu"], [role="alertdialog"]') !== null
  );
}

export function useShortcuts(enabled: boolean, handler: (key: ShortcutKey) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTyping(event.target) || insideOverlay(event.target)) return;
      const key = SHORTCUTS.find((s) => s.key === event.key)?.key;
      if (!key) return;
      event.preventDefault();
      latest.current(key);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
