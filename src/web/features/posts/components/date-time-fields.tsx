import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { instantOf, shiftedTime } from '../lib/event-form.ts';
import { zoneAbbreviation } from '../../../lib/zoned-time.ts';

/**
 * The date and the time of a post in the business time zone, the time labelled with the zone's
 * abbreviation on that date, and a warning when the time does not exist that night (the clocks
 * go forward). The event dialog and the composer both plan with it.
 */
export function DateTimeFields({
  values,
  timeZone,
  dateError,
  disabled,
  onChange,
}: {
  values: { date: string; time: string };
  timeZone: string;
  dateError?: string | undefined;
  disabled?: boolean;
  onChange: (change: { date: string } | { time: string }) => void;
}) {
  const shifted = shiftedTime(values, timeZone);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Date" error={dateError}>
        <Input
          type="date"
          value={values.date}
          disabled={disabled}
          onChange={(e) => onChange({ date: e.target.value })}
        />
      </FormField>
      <FormField
        label={`Time (${zoneAbbreviation(instantOf(values, timeZone) ?? new Date(), timeZone)})`}
        hint={
          shifted
            ? `The clocks go forward that night: ${values.time} does not exist, so it will be ${shifted}.`
            : `In ${timeZone}`
        }
      >
        <Input
          type="time"
          value={values.time}
          disabled={disabled}
          onChange={(e) => onChange({ time: e.target.value })}
        />
      </FormField>
    </div>
  );
}
