import { useQuery } from '@tanstack/react-query';
import { Activity, AlertTriangle, Cpu, Gauge } from 'lucide-react';
import type { SystemHealth } from '#shared/contracts/admin.contract.ts';
import { formatBytes } from '#shared/file-size.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { useAuth } from '../../auth/index.ts';
import { adminApi, adminKeys } from '../api/admin-api.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium', dateStyle: 'short' });

function Stat({
  icon: Icon,
  label,
  value,
  limit,
  over,
}: {
  icon: typeof Activity;
  label: string;
  value: string;
  limit: string;
  over: boolean;
}) {
  return (
    <Card>
      <CardContent className="flex items-start gap-3 pt-6">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Icon aria-hidden className="size-5" />
        </div>
        <div className="grid gap-0.5">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className={over ? 'text-2xl font-bold text-destructive' : 'text-2xl font-bold'}>
            {value}
          </p>
          <p className="text-xs text-muted-foreground">{limit}</p>
        </div>
      </CardContent>
    </Card>
  );
}

function HealthView({ health }: { health: SystemHealth }) {
  const { window: w, memory, thresholds } = health.monitor;
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Stat
          icon={Activity}
          label="Calls in the last minute"
          value={String(w.calls)}
          limit={`Alerts need at least ${thresholds.minCalls}`}
          over={false}
        />
        <Stat
          icon={AlertTriangle}
          label="Error rate"
          value={`${(w.errorRate * 100).toFixed(1)}%`}
          limit={`Alert above ${thresholds.errorRate * 100}%`}
          over={w.calls >= thresholds.minCalls && w.errorRate > thresholds.errorRate}
        />
        <Stat
          icon={Gauge}
          label="Average response"
          value={`${w.averageMs} ms`}
          limit={`p95 ${w.p95Ms} ms · alert above ${thresholds.responseTimeMs} ms`}
          over={w.calls >= thresholds.minCalls && w.averageMs > thresholds.responseTimeMs}
        />
        <Stat
          icon={Cpu}
          label="Memory (heap)"
          value={`${memory.percent}%`}
          limit={`${formatBytes(memory.heapUsedBytes)} of ${formatBytes(memory.heapLimitBytes)} · alert above ${thresholds.memoryPercent}%`}
          over={memory.percent > thresholds.memoryPercent}
        />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Alerts</CardTitle>
          <CardDescription>
            The last {thresholds.maxAlerts} alerts of this server process; the same alert is not
            repeated within {thresholds.suppressMs / 60_000} minutes.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {health.monitor.alerts.length === 0 ? (
            <p className="text-sm text-muted-foreground">No alerts since the server started.</p>
          ) : (
            <ul className="grid gap-2" aria-label="Alerts">
              {health.monitor.alerts.map((alert) => (
                <li
                  key={`${alert.kind}-${alert.at}`}
                  className="flex flex-wrap items-center gap-2 text-sm"
                >
                  <Badge variant="destructive">{alert.kind.replace('_', ' ')}</Badge>
                  <span>{alert.message}</span>
                  <span className="text-muted-foreground">
                    {timeFormat.format(new Date(alert.at))}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <div className="grid gap-6 xl:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Job queues</CardTitle>
            <CardDescription>
              Jobs per queue and state ({health.database} database).
            </CardDescription>
          </CardHeader>
          {/* Tables that scroll sideways take focus, so the keyboard can scroll them too; `relative`
              keeps their screen-reader-only captions inside (an absolute element outside would
              widen the page). */}
          <CardContent
            className="relative overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label="Job queues"
          >
            {health.queues.length === 0 ? (
              <p className="text-sm text-muted-foreground">No jobs yet.</p>
            ) : (
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Job queues</caption>
                <thead className="text-xs text-muted-foreground uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-3">
                      Queue
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Queued
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Active
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Retrying
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Failed
                    </th>
                    <th scope="col" className="py-2 text-right">
                      Done
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {health.queues.map((queue) => (
                    <tr key={queue.name} className="border-t border-border">
                      <td className="py-2 pr-3 font-mono text-xs">{queue.name}</td>
                      <td className="py-2 pr-3 text-right">{queue.queued}</td>
                      <td className="py-2 pr-3 text-right">{queue.active}</td>
                      <td className="py-2 pr-3 text-right">{queue.retrying}</td>
                      <td
                        className={
                          queue.failed > 0
                            ? 'py-2 pr-3 text-right font-semibold text-destructive'
                            : 'py-2 pr-3 text-right'
                        }
                      >
                        {queue.failed}
                      </td>
                      <td className="py-2 text-right">{queue.completed}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Failed jobs</CardTitle>
            <CardDescription>The latest jobs that gave up after their retries.</CardDescription>
          </CardHeader>
          <CardContent>
            {health.failedJobs.length === 0 ? (
              <p className="text-sm text-muted-foreground">No failed jobs.</p>
            ) : (
              <ul className="grid gap-3" aria-label="Failed jobs">
                {health.failedJobs.map((job) => (
                  <li key={job.id} className="grid gap-0.5 text-sm">
                    <span className="font-mono text-xs">{job.name}</span>
                    <span className="text-destructive">{job.error ?? 'No error recorded'}</span>
                    <span className="text-xs text-muted-foreground">
                      {job.failedAt ? timeFormat.format(new Date(job.failedAt)) : '—'} ·{' '}
                      {job.retries} retries
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Recent calls</CardTitle>
          <CardDescription>
            The newest of the last {thresholds.maxCalls} API calls this process keeps (
            {health.monitor.totalCalls} since{' '}
            {timeFormat.format(new Date(health.monitor.startedAt))}
            ).
          </CardDescription>
        </CardHeader>
        <CardContent
          className="relative overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label="Recent calls"
        >
          <table className="w-full min-w-[520px] text-left text-sm">
            <caption className="sr-only">Recent calls</caption>
            <thead className="text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Time
                </th>
                <th scope="col" className="py-2 pr-3">
                  Call
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Status
                </th>
                <th scope="col" className="py-2 text-right">
                  Duration
                </th>
              </tr>
            </thead>
            <tbody>
              {health.monitor.recentCalls.map((call, index) => (
                <tr key={`${call.at}-${index}`} className="border-t border-border">
                  <td className="py-1.5 pr-3 whitespace-nowrap text-muted-foreground">
                    {timeFormat.format(new Date(call.at))}
                  </td>
                  <td className="py-1.5 pr-3 font-mono text-xs">
                    {call.method} {call.route}
                  </td>
                  <td
                    className={
                      call.status >= 500
                        ? 'py-1.5 pr-3 text-right text-destructive'
                        : 'py-1.5 pr-3 text-right'
                    }
                  >
                    {call.status}
                  </td>
                  <td className="py-1.5 text-right">{call.durationMs} ms</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </div>
  );
}

export function SystemPanel() {
  const user = useAuth().user!;
  const health = useQuery({
    queryKey: adminKeys.system(user.id),
    queryFn: ({ signal }) => adminApi.system(signal),
    refetchInterval: 15_000,
  });
  if (health.isPending) return <Skeleton className="h-96" />;
  if (health.isError) {
    return (
      <Alert variant="destructive">
        <p>{userMessageOf(health.error)}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => health.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <HealthView health={health.data} />;
}
