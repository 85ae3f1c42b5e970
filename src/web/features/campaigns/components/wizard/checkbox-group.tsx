import type { ReactNode } from 'react';
import { cn } from '../../../../lib/cn.ts';

/** A fieldset of checkboxes choosing several values. */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
  inline = false,
}: {
  legend: string;
  options: ReadonlyArray<{ value: string; label: ReactNode }>;
  value: readonly string[];
  onChange(value: string[]): void;
  error?: string | undefined;
  inline?: boolean;
}) {
  const toggle = (option: string, on: boolean) =>
    onChange(
      on
        ? options.map((o) => o.value).filter((v) => v === option || value.includes(v))
        : value.filter((v) => v !== option),
    );
  return (
    <fieldset className="grid gap-2" aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className={cn('flex gap-2', inline ? 'flex-wrap' : 'flex-col sm:flex-row sm:flex-wrap')}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={value.includes(option.value)}
              onChange={(e) => toggle(option.value, e.target.checked)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </fieldset>
  );
}
