import { cn } from '../../../lib/cn.ts';
import {
  STRENGTH_LABELS,
  strengthAdvice,
  WEAK_PASSWORD_MESSAGE,
  type PasswordStrength,
} from '../lib/password-strength.ts';

const SEGMENT_COLOURS = [
  'bg-destructive',
  'bg-destructive',
  'bg-warning',
  'bg-success',
  'bg-success',
] as const;

/**
 * Five segments for zxcvbn's score 0–4. The label is text as well as colour, and the weak message
 * is the WEAK_PASSWORD text (docs/product/validation.md#password-and-input-messages) with the
 * estimator's advice.
 */
export function PasswordStrengthMeter({
  strength,
  id,
}: {
  strength: PasswordStrength | null;
  id?: string;
}) {
  if (!strength) return null;
  const advice = strengthAdvice(strength);
  return (
    <div id={id} className="grid gap-1.5" aria-live="polite">
      <div className="flex gap-1" aria-hidden>
        {STRENGTH_LABELS.map((label, index) => (
          <span
            key={label}
            className={cn(
              'h-1.5 flex-1 rounded-full',
              index <= strength.score ? SEGMENT_COLOURS[strength.score] : 'bg-muted',
            )}
          />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        Strength:{' '}
        <span className="font-medium text-foreground">{STRENGTH_LABELS[strength.score]}</span>
      </p>
      {strength.ok ? null : (
        <p className="text-xs text-destructive">
          {WEAK_PASSWORD_MESSAGE}
          {advice ? ` ${advice}` : ''}
        </p>
      )}
    </div>
  );
}
