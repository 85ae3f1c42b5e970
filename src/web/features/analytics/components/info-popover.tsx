import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Info } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

// An "i" button that opens a small panel saying where a figure came from. Not a hover tooltip,
// so it opens with a tap on a phone and with Enter from the keyboard; and not Radix's popover,
// whose scroll lock and focus trap would add some 8 KiB to the home page for a few lines of
// text (docs/decisions/093). Escape, a click elsewhere, scrolling or resizing close it.

const WIDTH = 288;
const GAP = 6;
const EDGE = 12;

export function InfoPopover({
  label,
  children,
  className,
}: {
  /** The button's accessible name, e.g. "About Reach". */
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();

  useLayoutEffect(() => {
    if (!open || !button.current) return;
    const at = button.current.getBoundingClientRect();
    const height = panel.current?.offsetHeight ?? 0;
    const below = at.bottom + GAP;
    const fitsBelow = below + height <= window.innerHeight - EDGE;
    setPlace({
      top: fitsBelow ? below : Math.max(EDGE, at.top - GAP - height),
      left: Math.min(Math.max(EDGE, at.left), Math.max(EDGE, window.innerWidth - WIDTH - EDGE)),
    });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    window.addEventListener('resize', close);
    window.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', close);
      window.removeEventListener('scroll', close, true);
    };
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((v) => !v)}
        className={cn(
          'inline-flex size-6 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          open ? 'bg-muted text-foreground' : '',
          className,
        )}
      >
        <Info aria-hidden className="size-4" />
      </button>
      {open ? (
        <div
          ref={panel}
          id={id}
          role="dialog"
          aria-label={label}
          style={{ top: place?.top ?? 0, left: place?.left ?? 0, width: WIDTH }}
          className={cn(
            'fixed z-50 grid max-w-[calc(100vw-24px)] gap-2 rounded-lg border border-border bg-card p-3 text-left text-xs font-normal text-card-foreground shadow-lg',
            place ? '' : 'invisible',
          )}
        >
          {children}
        </div>
      ) : null}
    </>
  );
}
