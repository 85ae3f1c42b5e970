import { useState } from 'react';
import type { ResponseTimeRow } from '#shared/contracts/inbox.contract.ts';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../../components/ui/card.tsx';
import { Input, inputClasses } from '../../../../components/ui/input.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { LoadError, LoadingRows } from '../../../../components/ui/query-status.tsx';
import { cn } from '../../../../lib/cn.ts';
import { addDays, formatDateKey, zonedDate } from '../../../../lib/zoned-time.ts';
import { useResponseTimes } from '../../api/use-inbox-config.ts';
import { useBusinessTimeZone } from '../../lib/format.ts';
import { formatDuration } from '../../lib/reply-window.ts';

const TARGETS = [15, 30, 60, 120, 240, 480, 1440];

function minutes(value: number | null): string {
  return value === null ? '—' : formatDuration(value * 60_000);
}

function share(value: number | null): string {
  return value === null ? '—' : `${Math.round(value * 100)} %`;
}

/** How fast the team answers: median, 90th percentile and the share within the target. */
export function ResponseTimesPanel() {
  const timeZone = useBusinessTimeZone();
  const today = zonedDate(new Date(), timeZone);
  const [from, setFrom] = useState(formatDateKey(addDays(today, -29)));
  const [to, setTo] = useState(formatDateKey(today));
  const [target, setTarget] = useState(60);
  const report = useResponseTimes(from, to, target);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Response times</CardTitle>
        <CardDescription>
          From a person’s comment or message to the first answer from your team.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          className="flex flex-wrap items-end gap-3"
          aria-label="Period"
          onSubmit={(e) => e.preventDefault()}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="rt-from">From</Label>
            <Input
              id="rt-from"
              type="date"
              value={from}
              max={to}
              onChange={(e) => setFrom(e.target.value)}
              className="h-9 w-auto"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="rt-to">To</Label>
            <Input
              id="rt-to"
              type="date"
              value={to}
              min={from}
              onChange={(e) => setTo(e.target.value)}
              className="h-9 w-auto"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="rt-target">Target</Label>
            <select
              id="rt-target"
              value={target}
              onChange={(e) => setTarget(Number(e.target.value))}
              className={cn(inputClasses, 'h-9 w-auto pr-8')}
            >
              {TARGETS.map((t) => (
                <option key={t} value={t}>
                  Within {formatDuration(t * 60_000)}
                </option>
              ))}
            </select>
          </div>
        </form>
        {from > to ? (
          <p className="text-sm text-destructive">The start comes after the end.</p>
        ) : report.isPending ? (
          <LoadingRows label="Loading the report" rows={3} rowClassName="h-10 w-full" />
        ) : report.isError ? (
          <LoadError
            title="The report could not be loaded"
            error={report.error}
            retrying={report.isRefetching}
            onRetry={() => report.refetch()}
          />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Figure label="Median" value={minutes(report.data.overall.medianMinutes)} />
              <Figure
                label="90 % answered within"
                value={minutes(report.data.overall.p90Minutes)}
              />
              <Figure label="Within target" value={share(report.data.overall.withinTargetShare)} />
              <Figure
                label="Answered"
                value={`${report.data.overall.answered} of ${report.data.overall.answered + report.data.overall.unanswered}`}
              />
            </dl>
            <RowsTable caption="By account" rows={report.data.byAccount} />
            <RowsTable caption="By team member" rows={report.data.byMember} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function RowsTable({ caption, rows }: { caption: string; rows: ResponseTimeRow[] }) {
  return (
    <div
      className="relative overflow-x-auto rounded-lg border border-border"
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className="w-full min-w-[32rem] text-sm whitespace-nowrap">
        <caption className="px-3 pt-3 text-left font-medium">{caption}</caption>
        <thead className="text-xs text-muted-foreground">
          <tr className="border-b border-border">
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Name
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Answered
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Waiting
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Median
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              90th percentile
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Within target
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-3 py-4 text-center text-muted-foreground">
                Nothing answered in this period.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key} className="border-b border-border last:border-0">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {row.label}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{row.answered}</td>
                <td className="px-3 py-2 text-right tabular-nums">{row.unanswered}</td>
                <td className="px-3 py-2 text-right tabular-nums">{minutes(row.medianMinutes)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{minutes(row.p90Minutes)}</td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {share(row.withinTargetShare)}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
