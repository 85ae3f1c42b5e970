import { Controller, type Control } from 'react-hook-form';
import type { FormValues } from '../lib/business-profile-model.ts';
import { TimeZoneCombobox } from './time-zone-combobox.tsx';

/** The combobox under FormField, which hands its id and aria attributes to this, its child. */
export function TimeZoneField({
  control,
  disabled,
  ...fieldProps
}: {
  control: Control<FormValues>;
  disabled: boolean;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <Controller
      control={control}
      name="time_zone"
      render={({ field }) => (
        <TimeZoneCombobox
          {...fieldProps}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          disabled={disabled}
        />
      )}
    />
  );
}
