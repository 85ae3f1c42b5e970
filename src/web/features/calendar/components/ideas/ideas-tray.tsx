import { useState } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Lightbulb, PanelRightClose, X } from 'lucide-react';
import { LoadError } from '../../../../components/ui/query-status.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { cn } from '../../../../lib/cn.ts';
import type { Idea } from '../../lib/ideas-model.ts';
import type { IdeasTrayState } from '../../lib/use-ideas.ts';
import { IdeaCard } from './idea-card.tsx';
import { PlanDialog } from './plan-dialog.tsx';

// The ideas tray beside the month and week views (docs/decisions/078): drafts without a date and
// AI content variants not used yet. On a desktop a panel that folds to a slim rail; on a phone a
// button that opens the same list as a sheet from the bottom.

function IdeaList({ tray, onPlan }: { tray: IdeasTrayState; onPlan(idea: Idea): void }) {
  if (tray.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading ideas">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 rounded-lg" />
        ))}
      </div>
    );
  }
  if (tray.error) {
    return (
      <LoadError
        title="Your ideas could not be loaded"
        error={tray.error}
        retrying={tray.retrying}
        onRetry={tray.retry}
      />
    );
  }
  if (tray.ideas.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-border px-3 py-6 text-center text-sm text-muted-foreground">
        No ideas waiting. Save a draft without a date, or generate some on the AI content page, and
        they wait here for their day.
      </p>
    );
  }
  return (
    <ul className="grid gap-2" aria-label="Ideas">
      {tray.ideas.map((idea) => (
        <IdeaCard key={idea.key} idea={idea} canPlan busy={tray.saving} onPlan={onPlan} />
      ))}
    </ul>
  );
}

const HINT = 'Drag an idea onto a day to open it there in the composer, or use “Plan…”.';

export function IdeasTray({ tray, timeZone }: { tray: IdeasTrayState; timeZone: string }) {
  const [planning, setPlanning] = useState<Idea | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const count = tray.isPending ? null : tray.ideas.length;
  const plan = (idea: Idea) => {
    setSheetOpen(false);
    setPlanning(idea);
  };
  const dialog = (
    <PlanDialog
      idea={planning}
      timeZone={timeZone}
      busy={tray.saving}
      onClose={() => setPlanning(null)}
      onPlan={(idea, at) => {
        // A refusal (shown as a toast) keeps the dialog open with what was chosen.
        void tray.plan(idea, at).then((planned) => {
          if (planned) setPlanning(null);
        });
      }}
    />
  );

  return (
    <>
      {/* Desktop: the panel, or its rail when folded. */}
      {tray.open ? (
        <aside
          aria-labelledby="ideas-tray-title"
          className="sticky top-4 hidden max-h-[calc(100dvh-2rem)] w-60 shrink-0 2xl:w-72 flex-col overflow-hidden rounded-xl border border-border bg-muted/40 lg:flex"
        >
          <div className="flex items-center justify-between gap-2 border-b border-border bg-card px-3 py-2.5">
            <h2 id="ideas-tray-title" className="flex items-center gap-2 text-sm font-semibold">
              <Lightbulb aria-hidden className="size-4 text-amber-500" /> Ideas
              {count !== null ? (
                <span className="rounded-full bg-secondary px-1.5 text-xs text-secondary-foreground tabular-nums">
                  {count}
                </span>
              ) : null}
            </h2>
            <button
              type="button"
              onClick={() => tray.setOpen(false)}
              aria-label="Fold the ideas tray"
              title="Fold the ideas tray"
              className="rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <PanelRightClose aria-hidden className="size-4" />
            </button>
          </div>
          <p className="px-3 pt-2.5 text-xs text-muted-foreground">{HINT}</p>
          <div className="min-h-0 flex-1 overflow-y-auto p-3">
            <IdeaList tray={tray} onPlan={plan} />
          </div>
        </aside>
      ) : (
        <button
          type="button"
          onClick={() => tray.setOpen(true)}
          aria-label={`Open the ideas tray${count !== null ? `, ${count} ideas` : ''}`}
          className={cn(
            'sticky top-4 hidden w-11 shrink-0 flex-col items-center gap-2 rounded-xl border border-border bg-card py-3 text-sm font-medium text-muted-foreground lg:flex',
            'hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
          )}
        >
          <Lightbulb aria-hidden className="size-4 text-amber-500" />
          <span className="[writing-mode:vertical-rl]">Ideas</span>
          {count ? (
            <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground tabular-nums">
              {count}
            </span>
          ) : null}
        </button>
      )}

      {/* Phone and tablet: a button over the page, and the list as a sheet. */}
      <DialogPrimitive.Root open={sheetOpen} onOpenChange={setSheetOpen}>
        <DialogPrimitive.Trigger
          className={cn(
            'fixed right-4 bottom-4 z-30 flex items-center gap-2 rounded-full bg-foreground px-4 py-2.5 text-sm font-medium text-background shadow-lg lg:hidden',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          )}
        >
          <Lightbulb aria-hidden className="size-4 text-amber-400" /> Ideas
          {count ? <span className="tabular-nums opacity-80">{count}</span> : null}
        </DialogPrimitive.Trigger>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 lg:hidden" />
          <DialogPrimitive.Content
            className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col rounded-t-2xl border-t border-border bg-background shadow-xl lg:hidden"
            aria-describedby="ideas-sheet-hint"
          >
            <div
              className="mx-auto mt-2 h-1.5 w-10 rounded-full bg-muted-foreground/30"
              aria-hidden
            />
            <div className="flex items-center justify-between px-4 pt-2 pb-1">
              <DialogPrimitive.Title className="flex items-center gap-2 text-base font-semibold">
                <Lightbulb aria-hidden className="size-4 text-amber-500" /> Ideas
              </DialogPrimitive.Title>
              <DialogPrimitive.Close
                aria-label="Close"
                className="rounded-md p-2 text-muted-foreground hover:bg-muted"
              >
                <X aria-hidden className="size-4" />
              </DialogPrimitive.Close>
            </div>
            <p id="ideas-sheet-hint" className="px-4 pb-2 text-xs text-muted-foreground">
              Use “Plan…” to give an idea its day: it opens in the composer there.
            </p>
            <div className="min-h-0 flex-1 overflow-y-auto px-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
              <IdeaList tray={tray} onPlan={plan} />
            </div>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      {dialog}
    </>
  );
}
