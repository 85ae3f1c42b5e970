import { History, Undo2 } from 'lucide-react';
import type { ModerationAction } from '#shared/contracts/inbox.contract.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../../components/ui/card.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { QueryContent } from '../../../../components/ui/query-status.tsx';
import { useModerationActions, useUndoModeration } from '../../api/use-inbox-config.ts';
import { formatWhen, useBusinessTimeZone } from '../../lib/format.ts';
import { refusalText } from '../../lib/refusal.ts';

const STATUS: Record<
  ModerationAction['status'],
  { label: string; variant: 'success' | 'destructive' | 'outline' }
> = {
  applied: { label: 'Applied', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  undone: { label: 'Undone', variant: 'outline' },
};

/** What the rules did, newest first, each undone in one click. */
export function ModerationAudit({ canUndo }: { canUndo: boolean }) {
  const query = useModerationActions();
  const undo = useUndoModeration();
  const timeZone = useBusinessTimeZone();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Automatic actions</CardTitle>
        <CardDescription>Comments the rules hid or flagged, and why.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {undo.isError ? (
          <Alert variant="destructive" title="That could not be undone">
            {refusalText(undo.error)}
          </Alert>
        ) : null}
        <QueryContent
          query={query}
          loading={{ label: 'Loading automatic actions', rows: 3, rowClassName: 'h-14 w-full' }}
          errorTitle="Automatic actions could not be loaded"
          empty={<EmptyState icon={History} title="No automatic actions yet" />}
        >
          {(actions) => (
            <ul className="divide-y divide-border rounded-lg border border-border">
              {actions.map((action) => (
                <li key={action.id} className="flex flex-wrap items-start gap-3 p-4">
                  <div className="grid min-w-0 flex-1 gap-1">
                    <p className="line-clamp-2 text-sm break-words">“{action.itemText}”</p>
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                      <span>
                        {action.action === 'hide' ? 'Hidden' : 'Flagged'} by “{action.ruleName}” ·
                        matched “{action.matched}”
                      </span>
                      <span>{formatWhen(action.createdAt, timeZone)}</span>
                      <Badge variant={STATUS[action.status].variant}>
                        {STATUS[action.status].label}
                      </Badge>
                    </p>
                  </div>
                  {canUndo && action.status === 'applied' ? (
                    <Button
                      variant="outline"
                      size="sm"
                      loading={undo.isPending && undo.variables === action.id}
                      onClick={() => undo.mutate(action.id)}
                    >
                      <Undo2 aria-hidden className="size-3.5" /> Undo
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </QueryContent>
      </CardContent>
    </Card>
  );
}
