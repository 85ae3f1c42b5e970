import type { DemographicValue } from '#shared/contracts/analytics.contract.ts';
import { formatValue } from '../lib/format.ts';

/** Horizontal bars: one per value, its share of the set beside it. Plain HTML, no chart code. */
export function BarList({ values, label }: { values: DemographicValue[]; label: string }) {
  const total = values.reduce((sum, v) => sum + v.value, 0);
  const max = Math.max(1, ...values.map((v) => v.value));
  return (
    <ul aria-label={label} className="grid gap-1.5">
      {values.map((v) => (
        <li
          key={v.key}
          className="grid grid-cols-[minmax(0,10rem)_1fr_auto] items-center gap-2 text-xs"
        >
          <span className="truncate text-foreground" title={v.key}>
            {v.key}
          </span>
          <span aria-hidden className="h-3 rounded-sm bg-muted">
            <span
              className="block h-full rounded-sm bg-primary/80"
              style={{ width: `${(v.value / max) * 100}%` }}
            />
          </span>
          <span className="w-20 text-right text-muted-foreground tabular-nums">
            {formatValue(v.value, 'count')}
            {total > 0 ? ` · ${Math.round((v.value / total) * 100)}%` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
