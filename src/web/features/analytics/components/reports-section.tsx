import { useState } from 'react';
import { Mail, Plus, Send, Trash2 } from 'lucide-react';
import type { AnalyticsAccount, AnalyticsReport } from '#shared/contracts/analytics.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryContent } from '../../../components/ui/query-status.tsx';
import { useActorCan } from '../../staff/index.ts';
import { useDeleteReport, useSendReport, useUpdateReport } from '../api/use-analytics-actions.ts';
import { useReports } from '../api/use-analytics-queries.ts';
import { accountName, formatAt, refusalText } from '../lib/format.ts';
import { ReportFormDialog } from './report-form.tsx';

// Scheduled reports: the figures by e-mail every week or month. Owners and managers change them
// ('manage:analytics'); the server refuses anyone else, and its message is shown.

export function ReportsSection({
  accounts,
  timeZone,
}: {
  accounts: readonly AnalyticsAccount[];
  timeZone: string;
}) {
  const query = useReports();
  const [creating, setCreating] = useState(false);
  const { known, can } = useActorCan();
  const canManage = known && can('manage:analytics');
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 className="text-lg font-semibold">Scheduled reports</h2>
          <p className="text-sm text-muted-foreground">
            {canManage
              ? 'Send a summary of these figures by e-mail every week or month.'
              : 'Owners and managers can add and change scheduled reports.'}
          </p>
        </div>
        {canManage ? (
          <Button variant="outline" size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" /> New report
          </Button>
        ) : null}
      </div>
      <QueryContent
        query={query}
        loading={{ label: 'Loading scheduled reports', rows: 2, rowClassName: 'h-16 w-full' }}
        errorTitle="The scheduled reports could not be loaded"
        empty={
          <EmptyState
            icon={Mail}
            title="No scheduled reports"
            description="A report e-mails the cards and top posts of the last week or month to the addresses you choose."
          />
        }
      >
        {(reports) => (
          <ul className="grid gap-2">
            {reports.map((report) => (
              <ReportRow
                key={report.id}
                report={report}
                accounts={accounts}
                timeZone={timeZone}
                canManage={canManage}
              />
            ))}
          </ul>
        )}
      </QueryContent>
      <ReportFormDialog open={creating} accounts={accounts} onOpenChange={setCreating} />
    </Card>
  );
}

function ReportRow({
  report,
  accounts,
  timeZone,
  canManage,
}: {
  report: AnalyticsReport;
  accounts: readonly AnalyticsAccount[];
  timeZone: string;
  canManage: boolean;
}) {
  const update = useUpdateReport();
  const remove = useDeleteReport();
  const send = useSendReport();
  const [confirming, setConfirming] = useState(false);
  const account = accounts.find((a) => a.id === report.account);
  const title = `${report.cadence === 'weekly' ? 'Weekly' : 'Monthly'} report · ${account ? accountName(account) : 'All accounts'}`;
  const failed = [update, remove, send].find((m) => m.isError)?.error;
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3" aria-label={title}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {title}
            <Badge variant={report.enabled ? 'success' : 'secondary'}>
              {report.enabled ? 'On' : 'Paused'}
            </Badge>
          </p>
          <p className="truncate text-sm text-muted-foreground">
            To {report.recipients.join(', ')}
          </p>
          <p className="text-xs text-muted-foreground">
            {report.enabled ? `Next ${formatAt(report.nextSendAt, timeZone)}` : 'Not sending'}
            {report.lastSentAt ? ` · last sent ${formatAt(report.lastSentAt, timeZone)}` : ''}
          </p>
          {report.lastError ? (
            <p className="text-xs text-destructive">Last send failed: {report.lastError}</p>
          ) : null}
        </div>
        {canManage ? (
          <div className="flex flex-wrap gap-1.5">
            <Button
              variant="outline"
              size="sm"
              loading={update.isPending}
              onClick={() => update.mutate({ id: report.id, input: { enabled: !report.enabled } })}
            >
              {report.enabled ? 'Pause' : 'Turn on'}
            </Button>
            <Button
              variant="outline"
              size="sm"
              loading={send.isPending}
              onClick={() => send.mutate(report.id)}
            >
              <Send aria-hidden className="size-3.5" /> Send now
            </Button>
            {confirming ? (
              <>
                <Button
                  variant="destructive"
                  size="sm"
                  loading={remove.isPending}
                  onClick={() => remove.mutate(report.id)}
                >
                  Delete report
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                  Keep
                </Button>
              </>
            ) : (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete ${title}`}
                onClick={() => setConfirming(true)}
              >
                <Trash2 aria-hidden className="size-3.5" />
              </Button>
            )}
          </div>
        ) : null}
      </div>
      {send.isSuccess ? (
        <p role="status" className="text-xs text-success">
          Sending now.
        </p>
      ) : null}
      {failed ? <Alert variant="destructive">{refusalText(failed)}</Alert> : null}
    </li>
  );
}
