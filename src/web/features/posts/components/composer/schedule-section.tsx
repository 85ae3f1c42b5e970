import { CalendarClock } from 'lucide-react';
import type { ComposerValues } from '../../lib/composer-model.ts';
import { DateTimeFields } from '../date-time-fields.tsx';
import { BestTimeChips } from './best-time-chips.tsx';

/**
 * When: the date and time in the business time zone (empty for a draft with no time yet), with
 * the best times to post on the post's platforms as one-click suggestions.
 */
export function ScheduleSection({
  values,
  platforms,
  timeZone,
  error,
  disabled,
  onChange,
}: {
  values: Pick<ComposerValues, 'date' | 'time'>;
  platforms: readonly ('instagram' | 'facebook')[];
  timeZone: string;
  error: string | undefined;
  disabled: boolean;
  onChange(change: Partial<Pick<ComposerValues, 'date' | 'time'>>): void;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 flex items-center gap-2 text-sm font-semibold">
        <CalendarClock aria-hidden className="size-4 text-muted-foreground" /> When
      </legend>
      <DateTimeFields
        values={values}
        timeZone={timeZone}
        dateError={error}
        disabled={disabled}
        onChange={onChange}
      />
      <BestTimeChips
        platforms={platforms}
        values={values}
        timeZone={timeZone}
        disabled={disabled}
        onPick={onChange}
      />
    </fieldset>
  );
}
