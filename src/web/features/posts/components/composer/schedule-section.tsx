import { CalendarClock } from 'lucide-react';
import type { ComposerValues } from '../../lib/composer-model.ts';
import { DateTimeFields } from '../date-time-fields.tsx';

/** When: the date and time in the business time zone (empty for a draft with no time yet). */
export function ScheduleSection({
  values,
  timeZone,
  error,
  disabled,
  onChange,
}: {
  values: Pick<ComposerValues, 'date' | 'time'>;
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
    </fieldset>
  );
}
