import { Check } from 'lucide-react';
import type { CampaignStep } from '#shared/contracts/campaigns.contract.ts';
import { cn } from '../../../../lib/cn.ts';
import { STEPS, stepIndex } from '../../lib/steps.ts';

/**
 * The five steps: a row of buttons on wider screens, "Step 2 of 5" on a phone. Going to another
 * step saves this one first (the wizard's `onGo`).
 */
export function WizardStepper({
  current,
  disabled,
  onGo,
}: {
  current: CampaignStep;
  /** No campaign yet (the first step of a new one): the other steps wait for it. */
  disabled: boolean;
  onGo(step: CampaignStep): void;
}) {
  const index = stepIndex(current);
  return (
    <nav aria-label="Campaign steps">
      <p className="text-sm font-medium sm:hidden">
        Step {index + 1} of {STEPS.length}
        <span className="text-muted-foreground"> · {STEPS[index]?.label}</span>
      </p>
      <ol className="hidden gap-2 sm:grid sm:grid-cols-5">
        {STEPS.map((step, i) => {
          const here = step.id === current;
          return (
            <li key={step.id}>
              <button
                type="button"
                aria-current={here ? 'step' : undefined}
                disabled={disabled && !here}
                onClick={() => (here ? undefined : onGo(step.id))}
                className={cn(
                  'flex h-full w-full items-center gap-2 rounded-md border px-3 py-2 text-left text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-60',
                  here
                    ? 'border-primary bg-primary/10 font-semibold'
                    : 'border-border hover:bg-muted',
                )}
              >
                <span
                  aria-hidden
                  className={cn(
                    'flex size-6 shrink-0 items-center justify-center rounded-full text-xs',
                    i < index ? 'bg-primary text-primary-foreground' : 'bg-secondary',
                  )}
                >
                  {i < index ? <Check className="size-3.5" /> : i + 1}
                </span>
                <span className="sr-only">Step {i + 1}: </span>
                <span className="min-w-0 leading-tight">{step.label}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
