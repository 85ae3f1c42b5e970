import { useId, useState, type ReactNode } from 'react';
import { ChartLine, Table2 } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * A chart with a "Show as table" switch: the same numbers as an accessible table, for screen
 * readers, for copying, and for anyone who prefers the figures.
 */
export function ChartCard({
  title,
  subtitle,
  info,
  chart,
  table,
  className,
}: {
  title: string;
  subtitle?: ReactNode;
  info?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
  className?: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <Card className={cn('grid content-start gap-3 p-4', className)}>
      <section aria-labelledby={headingId} className="grid gap-3">
        <div className="flex items-start justify-between gap-2">
          <div className="grid min-w-0 flex-1 gap-0.5">
            <div className="flex items-center gap-1">
              <h3 id={headingId} className="font-semibold text-foreground">
                {title}
              </h3>
              {info}
            </div>
            {subtitle ? <p className="text-xs text-muted-foreground">{subtitle}</p> : null}
          </div>
          <TableToggle asTable={asTable} onToggle={() => setAsTable((v) => !v)} />
        </div>
        {asTable ? table : chart}
      </section>
    </Card>
  );
}

export function TableToggle({ asTable, onToggle }: { asTable: boolean; onToggle(): void }) {
  const Icon = asTable ? ChartLine : Table2;
  return (
    <button
      type="button"
      aria-pressed={asTable}
      onClick={onToggle}
      className="inline-flex h-7 items-center gap-1.5 rounded-md border border-border px-2 text-xs font-medium text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <Icon aria-hidden className="size-3.5" />
      {asTable ? 'Show as chart' : 'Show as table'}
    </button>
  );
}

/** A small scrollable data table in the app's style. */
export function DataTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
}) {
  return (
    <div
      tabIndex={0}
      className="max-h-72 overflow-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
          <tr>
            {head.map((h, i) => (
              <th
                key={h}
                scope="col"
                className={cn('px-3 py-2 font-medium', i === 0 ? 'text-left' : 'text-right')}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, r) => (
            <tr key={r} className="border-t border-border">
              {cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-3 py-1.5 text-left font-normal">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="px-3 py-1.5 text-right tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
