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
import { useWebhookLog } from './admin-billing-api.ts';
import { formatTime } from './billing-format.ts';

/** The latest Stripe webhook events, with what each did, and the deliveries that failed. */
export function WebhookPanel() {
  const log = useWebhookLog();
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1.5">
            <CardTitle>Webhook events</CardTitle>
            <CardDescription>
              The latest 50 events from Stripe, and failed deliveries.
            </CardDescription>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => log.refetch()}
            disabled={log.isFetching}
          >
            Refresh
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-6">
        {log.isPending ? (
          <Skeleton className="h-32" />
        ) : log.isError ? (
          <Alert variant="destructive">{userMessageOf(log.error)}</Alert>
        ) : (
          <>
            <section className="grid gap-2" aria-label="Failures">
              <h3 className="text-sm font-semibold">Failures</h3>
              {log.data.failures.length === 0 ? (
                <p className="text-sm text-muted-foreground">No failures.</p>
              ) : (
                <ul className="grid gap-2">
                  {log.data.failures.map((failure) => (
                    <li
                      key={failure.id}
                      className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
                    >
                      <p className="font-medium text-destructive">{failure.reason}</p>
                      <p className="text-xs break-all text-muted-foreground">
                        {[failure.type, failure.eventId, formatTime(failure.at)]
                          .filter(Boolean)
                          .join(' · ')}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="grid gap-2" aria-label="Events">
              <h3 className="text-sm font-semibold">Events</h3>
              {log.data.events.length === 0 ? (
                <p className="text-sm text-muted-foreground">No events yet.</p>
              ) : (
                <div className="relative overflow-x-auto rounded-xl border border-border">
                  <table className="w-full min-w-[640px] text-left text-sm">
                    <caption className="sr-only">Webhook events</caption>
                    <thead className="border-b border-border bg-muted/50 text-xs text-muted-foreground uppercase">
                      <tr>
                        <th scope="col" className="px-4 py-2 font-semibold">
                          Event
                        </th>
                        <th scope="col" className="py-2 pr-4 font-semibold">
                          Outcome
                        </th>
                        <th scope="col" className="py-2 pr-4 text-right font-semibold">
                          Stripe calls
                        </th>
                        <th scope="col" className="py-2 pr-4 font-semibold">
                          Received
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {log.data.events.map((event) => (
                        <tr
                          key={event.id}
                          className="border-b border-border align-top last:border-0"
                        >
                          <td className="px-4 py-2">
                            <p className="font-medium">{event.type}</p>
                            <p className="font-mono text-xs break-all text-muted-foreground">
                              {event.id}
                            </p>
                          </td>
                          <td className="py-2 pr-4">
                            <Badge variant={event.outcome === 'applied' ? 'success' : 'secondary'}>
                              {event.outcome}
                            </Badge>
                            {event.detail ? (
                              <p className="mt-1 text-xs text-muted-foreground">{event.detail}</p>
                            ) : null}
                          </td>
                          <td className="py-2 pr-4 text-right tabular-nums">{event.stripeCalls}</td>
                          <td className="py-2 pr-4 whitespace-nowrap">
                            {formatTime(event.receivedAt)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}
