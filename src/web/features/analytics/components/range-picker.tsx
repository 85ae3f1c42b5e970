import { useId, useState, type ReactNode } from 'react';
import type { AnalyticsPreset } from '#shared/contracts/analytics.contract.ts';
import { ANALYTICS_PRESETS } from '../lib/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import type { AnalyticsParams } from '../lib/query-state.ts';
import { customRangeError } from '../lib/range.ts';

// 7, 28 or 90 days, or two dates. A custom range is checked here first (the server checks it
// again); a wrong one keeps what was typed and says why beside it.

export function RangePicker({
  params,
  timeZone,
  serverError,
  onPreset,
  onCustom,
}: {
  params: AnalyticsParams;
  timeZone: string;
  /** The server's refusal of the range asked for, shown where the dates are. */
  serverError: string | null;
  onPreset(range: AnalyticsPreset): void;
  onCustom(from: string, to: string): void;
}) {
  const [custom, setCustom] = useState(params.range === undefined);
  const [from, setFrom] = useState(params.from ?? '');
  const [to, setTo] = useState(params.to ?? '');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const shownError = error ?? (custom ? serverError : null);

  const apply = () => {
    const problem = customRangeError(from, to, timeZone);
    setError(problem);
    if (!problem) onCustom(from, to);
  };

  return (
    <div className="grid gap-1">
      <span className="text-xs font-medium text-muted-foreground">Date range</span>
      <div
        role="group"
        aria-label="Date range"
        className="flex w-max gap-1 rounded-lg bg-muted p-1"
      >
        {ANALYTICS_PRESETS.map((preset) => (
          <Segment
            key={preset}
            pressed={!custom && params.range === preset}
            onClick={() => {
              setCustom(false);
              setError(null);
              onPreset(preset);
            }}
          >
            {preset} days
          </Segment>
        ))}
        <Segment pressed={custom} onClick={() => setCustom(true)}>
          Custom
        </Segment>
      </div>
      {custom ? (
        <form
          className="mt-1 flex flex-wrap items-end gap-2"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <DateField
            label="From"
            value={from}
            onChange={setFrom}
            errorId={shownError ? errorId : undefined}
          />
          <DateField
            label="To"
            value={to}
            onChange={setTo}
            errorId={shownError ? errorId : undefined}
          />
          <Button type="submit" size="sm" variant="outline" className="h-9">
            Apply
          </Button>
          {shownError ? (
            <p id={errorId} role="alert" className="basis-full text-sm text-destructive">
              {shownError}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}

function Segment({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'h-7 rounded-md px-2.5 text-sm font-medium whitespace-nowrap transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        pressed
          ? 'bg-card text-foreground shadow-sm'
          : 'text-muted-foreground hover:text-foreground',
      )}
    >
      {children}
    </button>
  );
}

function DateField({
  label,
  value,
  onChange,
  errorId,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  errorId: string | undefined;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </label>
      <Input
        id={id}
        type="date"
        value={value}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 w-40"
      />
    </div>
  );
}
