import type { Dispatch, Ref } from 'react';
import { Link } from 'react-router';
import { RefreshCw, Sparkles } from 'lucide-react';
import type {
  AiStatus,
  GenerateOptions,
  SaveVariantInput,
} from '#shared/contracts/ai-content.contract.ts';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import type { Action, GenerationState, Slot } from '../lib/generation-state.ts';
import { formatDay } from './ai-status.tsx';
import { ResultsHeading, type Shown } from './results-heading.tsx';
import { VariantCard } from './variant-card.tsx';

/** The variants on screen (written now, or opened again), or why nothing was generated. */
export function GenerationResults({
  sectionRef,
  state,
  dispatch,
  used,
  shown,
  restoring,
  info,
  canGenerate,
  eventOf,
  run,
  onSave,
}: {
  sectionRef: Ref<HTMLElement>;
  state: GenerationState;
  dispatch: Dispatch<Action>;
  /** The options the cards were written with. */
  used: GenerateOptions | null;
  shown: Shown | null;
  /** This browser's remembered cards are being opened. */
  restoring: boolean;
  info: AiStatus | undefined;
  canGenerate: boolean;
  /** The calendar event a slot's variant was saved as, when known. */
  eventOf(slot: Slot): CalendarEvent | null;
  run(options: GenerateOptions, target: number | 'all'): Promise<void>;
  /** Saves the slot's variant; the event it was saved as. */
  onSave(slot: number, body: SaveVariantInput): Promise<CalendarEvent | null>;
}) {
  const readySlots = state.slots.filter((s) => s.status === 'ready');
  const failedSlot = state.slots.find((s) => s.status === 'failed');
  const pageError =
    state.error ?? (!state.running && readySlots.length === 0 ? (failedSlot?.error ?? null) : null);
  const allowanceError = pageError?.code === 'BUSINESS_RULE_VIOLATION';

  return (
    <section aria-labelledby="results-heading" className="grid scroll-mt-20 gap-4" ref={sectionRef}>
      <h2 id="results-heading" className="sr-only">
        Results
      </h2>
      {pageError ? (
        <Alert
          variant="destructive"
          title={allowanceError ? 'Not enough generations left' : 'Nothing was generated'}
        >
          <p>
            {allowanceError && info
              ? `You have ${info.allowance.remaining} of ${info.allowance.limit} generations left this month; ask for fewer variants, or wait until ${formatDay(info.allowance.resets_at)}.`
              : pageError.message}
          </p>
          <p className="mt-1 text-xs">Your prompt and choices are kept.</p>
          {pageError.retryable && used ? (
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => void run(used, 'all')}
            >
              <RefreshCw aria-hidden className="size-4" /> Try again
            </Button>
          ) : null}
          {pageError.code === 'FEATURE_NOT_AVAILABLE' ? (
            <Button asChild size="sm" className="mt-2">
              <Link to="/dashboard/subscription">See plans</Link>
            </Button>
          ) : null}
        </Alert>
      ) : null}

      {shown && state.slots.length > 0 ? (
        <ResultsHeading shown={shown} count={state.slots.length} />
      ) : null}

      {restoring && state.slots.length === 0 && !state.running ? (
        <Card className="grid gap-3 p-5" aria-busy="true" aria-label="Opening your latest variants">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-24 w-full" />
        </Card>
      ) : null}

      {state.slots.length === 0 && !state.running && !pageError && !restoring ? (
        <Card>
          <EmptyState
            icon={Sparkles}
            title="Your variants appear here"
            description="Describe a post, pick the platform and tone, and generate. Each variant can be edited, saved as a draft or scheduled."
          />
        </Card>
      ) : null}

      {state.running && state.slots.length === 0 ? (
        <Card className="grid gap-3 p-5" aria-busy="true" aria-label="Starting">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-20 w-full" />
        </Card>
      ) : null}

      {used
        ? state.slots.map((slot, i) =>
            // When nothing was written, the failure is said once, above.
            pageError && readySlots.length === 0 && slot.status === 'failed' ? null : (
              <VariantCard
                key={`${slot.generationId ?? 'new'}-${slot.index}-${i}`}
                slot={{ ...slot, event: eventOf(slot) }}
                position={i}
                options={used}
                busy={state.running}
                canSave={canGenerate}
                canSchedule={info?.can.schedule ?? false}
                onEdit={(caption) => dispatch({ type: 'edit', slot: i, caption })}
                onToggleTag={(tag) => dispatch({ type: 'toggle-tag', slot: i, tag })}
                onRegenerate={() => void run(used, i)}
                onSave={(body) => onSave(i, body)}
              />
            ),
          )
        : null}
    </section>
  );
}
