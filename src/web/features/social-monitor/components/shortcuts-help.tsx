import { Keyboard } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { SHORTCUTS } from '../lib/use-shortcuts.ts';

/** The "?" button and the list of the inbox's keyboard shortcuts. */
export function ShortcutsHelp({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <>
      <Button variant="outline" size="sm" aria-keyshortcuts="?" onClick={() => onOpenChange(true)}>
        <Keyboard aria-hidden className="size-4" />
        Shortcuts
      </Button>
      <Dialog open={open} onOpenChange={onOpenChange}>
        {open ? (
          <DialogContent className="sm:max-w-sm">
            <DialogHeader>
              <DialogTitle>Keyboard shortcuts</DialogTitle>
              <DialogDescription>They work when you are not typing in a field.</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
              {SHORTCUTS.map((s) => (
                <div key={s.key} className="contents">
                  <dt>
                    <kbd className="inline-flex min-w-7 justify-center rounded-md border border-border bg-muted px-1.5 py-0.5 font-mono text-xs">
                      {s.key}
                    </kbd>
                  </dt>
                  <dd>{s.label}</dd>
                </div>
              ))}
            </dl>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
