import type { ImportPreview } from '#shared/contracts/audience-import.contract.ts';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';

// What an import would do: its totals, the first rows as they would be imported (invalid ones
// marked with their problems), and every row's problems below.

/** Problems listed under the table; the rest are counted. */
const ERRORS_SHOWN = 50;

const ACTIONS: Record<ImportPreview['rows'][number]['action'], [string, BadgeVariant]> = {
  create: ['New', 'success'],
  update: ['Updates a contact', 'secondary'],
  duplicate: ['Repeats an e-mail', 'outline'],
  invalid: ['Invalid', 'destructive'],
};

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

export function ImportTotals({ totals }: { totals: ImportPreview['totals'] }) {
  const figures: Array<[string, number, string?]> = [
    ['Rows', totals.rows],
    ['New contacts', totals.created],
    ['Updated contacts', totals.updated],
    ['Repeated e-mails', totals.duplicates],
    ['Invalid rows', totals.invalid, totals.invalid > 0 ? 'text-destructive' : undefined],
  ];
  return (
    <dl aria-label="Totals" className="grid grid-cols-2 gap-2 sm:grid-cols-5">
      {figures.map(([label, value, tone], i) => (
        <div
          key={label}
          className={cn(
            'rounded-lg border border-border bg-muted/40 px-3 py-2',
            i === 0 && 'col-span-2 sm:col-span-1',
          )}
        >
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className={cn('text-lg font-semibold tabular-nums', tone)}>
            {value.toLocaleString('en-GB')}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const dash = <span className="text-muted-foreground">—</span>;

export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const problems = new Map<number, string[]>();
  for (const e of preview.errors) {
    const text = e.column ? `${e.column}: ${e.message}` : e.message;
    problems.set(e.row, [...(problems.get(e.row) ?? []), text]);
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table aria-label="Preview" className="w-full min-w-[44rem] text-sm">
        <thead>
          <tr className="border-b border-border bg-muted/40 text-left text-xs text-muted-foreground">
            {['Row', 'Name', 'E-mail', 'Phone', 'Tags', 'Location', 'Consent', 'Import'].map(
              (c) => (
                <th key={c} scope="col" className="px-3 py-2 font-medium">
                  {c}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((r) => {
            const [label, variant] = ACTIONS[r.action];
            const v = r.values;
            return (
              <tr
                key={r.row}
                data-action={r.action}
                className={cn(
                  'border-b border-border align-top last:border-0',
                  r.action === 'invalid' && 'bg-destructive/5',
                )}
              >
                <td className="px-3 py-2 text-muted-foreground tabular-nums">{r.row}</td>
                {v ? (
                  <>
                    <td className="max-w-48 truncate px-3 py-2 font-medium" title={v.name}>
                      {v.name}
                    </td>
                    <td className="max-w-56 truncate px-3 py-2">{v.email ?? dash}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{v.phone ?? dash}</td>
                    <td className="px-3 py-2">
                      <span className="flex gap-1">
                        {v.tags.length === 0 ? dash : null}
                        {v.tags.map((t) => (
                          <Badge key={t} variant="outline">
                            {t}
                          </Badge>
                        ))}
                      </span>
                    </td>
                    <td className="px-3 py-2">{v.location ?? dash}</td>
                    <td className="px-3 py-2" title={v.consentSource ?? undefined}>
                      {v.consent ? 'Yes' : 'No'}
                    </td>
                  </>
                ) : (
                  <td colSpan={6} className="px-3 py-2 text-destructive">
                    {(problems.get(r.row) ?? []).join('; ')}
                  </td>
                )}
                <td className="px-3 py-2">
                  <Badge variant={variant}>{label}</Badge>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function ImportErrors({ preview }: { preview: ImportPreview }) {
  const { errors } = preview;
  if (errors.length === 0) return null;
  const rows = new Set(errors.map((e) => e.row)).size;
  return (
    <section aria-label="Problems" className="grid gap-2">
      <h3 className="text-sm font-semibold">
        {plural(rows, 'row has a problem', 'rows have problems')}
      </h3>
      <ul className="grid max-h-40 gap-1 overflow-y-auto rounded-lg border border-border p-3 text-sm">
        {errors.slice(0, ERRORS_SHOWN).map((e, i) => (
          <li key={i}>
            <span className="font-medium">Row {e.row}</span>
            {e.column ? <span className="text-muted-foreground"> · {e.column}</span> : null}:{' '}
            {e.message}
          </li>
        ))}
        {errors.length > ERRORS_SHOWN ? (
          <li className="text-muted-foreground">
            and {plural(errors.length - ERRORS_SHOWN, 'more problem', 'more problems')}
          </li>
        ) : null}
      </ul>
    </section>
  );
}
