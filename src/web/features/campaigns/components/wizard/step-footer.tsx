import { Button } from '../../../../components/ui/button.tsx';

/** Back, Save and exit, and Next: each one saves the step first. */
export function StepFooter({
  saving,
  onBack,
  onExit,
  onNext,
  nextLabel = 'Next',
}: {
  saving: boolean;
  onBack?: (() => void) | undefined;
  onExit?: (() => void) | undefined;
  onNext?: (() => void) | undefined;
  nextLabel?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        {onBack ? (
          <Button variant="outline" disabled={saving} onClick={onBack}>
            Back
          </Button>
        ) : null}
        {onExit ? (
          <Button variant="ghost" disabled={saving} onClick={onExit}>
            Save and exit
          </Button>
        ) : null}
      </div>
      {onNext ? (
        <Button loading={saving} onClick={onNext}>
          {nextLabel}
        </Button>
      ) : null}
    </div>
  );
}
