import { useState } from 'react';
import { ShieldOff, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Pager } from '../../../../components/ui/pager.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { QueryContent } from '../../../../components/ui/query-status.tsx';
import { formatDateTime } from '../../../../lib/date-format.ts';
import { reportError } from '../../../../lib/errors.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useRemoveSuppression } from '../api/use-email-actions.ts';
import { useSuppressions } from '../api/use-email-queries.ts';
import { REASON_LABELS } from '../lib/format.ts';

// The business's suppression list: addresses never e-mailed again, each with why and since when.
// Only those added by hand can be taken off; an unsubscribe or a refused address stays.

export function SuppressionsList({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const query = useSuppressions(page);
  const remove = useRemoveSuppression();
  const [removing, setRemoving] = useState<string | null>(null);
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="grid gap-4">
      <QueryContent
        query={query}
        loading={{ label: 'Loading the suppression list', rows: 3, rowClassName: 'h-12 w-full' }}
        errorTitle="The suppression list could not be loaded"
        isEmpty={(list) => list.items.length === 0}
        empty={
          <EmptyState
            icon={ShieldOff}
            title="Nobody is on the list"
            description="People who unsubscribe, and addresses their mail server refuses, are added here and never e-mailed again."
          />
        }
      >
        {(list) => (
          <ul
            aria-label="Suppression list"
            className="divide-y divide-border rounded-xl border border-border bg-card"
          >
            {list.items.map((item) => (
              <li key={item.email} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3">
                <span className="min-w-0 grow font-medium break-all text-foreground">
                  {item.email}
                </span>
                <Badge variant={item.reason === 'manual' ? 'outline' : 'secondary'}>
                  {REASON_LABELS[item.reason]}
                </Badge>
                <span className="text-sm text-muted-foreground">
                  {formatDateTime(new Date(item.createdAt), timeZone)}
                </span>
                {item.reason === 'manual' ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${item.email}`}
                    onClick={() => setRemoving(item.email)}
                  >
                    <Trash2 aria-hidden className="size-4" />
                    Remove
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
      {data ? (
        <Pager page={page} pages={pages} onPage={setPage} total={data.total} noun="addresses" />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={`Take ${removing ?? ''} off the list?`}
        action="Remove"
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing, {
            onSuccess: () => {
              toast.success(`${removing} can be e-mailed again`);
              setRemoving(null);
            },
            onError: (error) => reportError(error),
          })
        }
      >
        <p>Campaign e-mails reach this address again when its contact has given consent.</p>
      </ConfirmDialog>
    </div>
  );
}
