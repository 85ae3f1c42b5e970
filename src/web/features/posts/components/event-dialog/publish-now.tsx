import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Send } from 'lucide-react';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import type { PublishingState } from '#shared/contracts/publishing.contract.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { LoadError } from '../../../../components/ui/query-status.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { fieldErrorsOf } from '../../../../lib/api-client.ts';
import { userMessageOf } from '../../../../lib/errors.ts';
import { useConnections } from '../../../platforms/index.ts';
import { usePostTargets } from '../../api/use-targets.ts';
import { usePublishNow } from '../../api/use-publish-now.ts';
import type { ComposerProblem } from '../../lib/composer-checks.ts';
import { pendingTargetRefs, problemsFromFieldErrors } from '../../lib/composer-refusals.ts';
import { CheckItem } from '../composer/checks-list.tsx';
import { accountLabel } from '#shared/account-label.ts';

/** The accounts still to publish to, named as the server names them in its refusals. */
function accountsOf(state: PublishingState, connections: readonly Connection[]) {
  return pendingTargetRefs(
    state,
    connections.map((c) => ({ connectionId: c.id, account: accountLabel(c) })),
  );
}

/**
 * "Publish now" from the calendar's quick view: names the accounts it goes to, asks once, and
 * shows the server's refusals account by account.
 */
export function PublishNowConfirm({
  event,
  onCancel,
  onPublished,
  onOpenComposer,
}: {
  event: CalendarEvent;
  onCancel(): void;
  onPublished(state: PublishingState): void;
  onOpenComposer(): void;
}) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const publish = usePublishNow();
  const [refusal, setRefusal] = useState<{ title: string; problems: ComposerProblem[] } | null>(
    null,
  );
  const targets = usePostTargets(event.id);
  const connections = useConnections();
  const accounts = targets.data ? accountsOf(targets.data, connections.data ?? []) : [];

  useEffect(() => {
    if (targets.data) confirmRef.current?.focus();
  }, [targets.data]);

  async function confirm() {
    setRefusal(null);
    try {
      const state = await publish.mutateAsync(event.id);
      toast.success(`Publishing “${event.title}” now`, {
        description: 'Its status on the calendar changes as each account confirms.',
      });
      onPublished(state);
    } catch (error) {
      const problems = problemsFromFieldErrors(fieldErrorsOf(error), accounts);
      // Shown in the panel, by account; a toast would say the same again.
      setRefusal({ title: userMessageOf(error), problems });
    }
  }

  return (
    <div
      role="alertdialog"
      aria-labelledby={`publish-now-${event.id}`}
      className="grid gap-3 rounded-lg border border-primary/40 bg-secondary/40 p-3"
    >
      <p id={`publish-now-${event.id}`} className="text-sm font-medium">
        Publish “{event.title}” now?
      </p>
      {targets.isPending ? (
        <Skeleton className="h-5 w-2/3" />
      ) : targets.isError ? (
        <LoadError
          title="The accounts of this post could not be loaded"
          error={targets.error}
          retrying={targets.isFetching}
          onRetry={() => void targets.refetch()}
        />
      ) : accounts.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          It has no accounts to go to yet. Open it in the composer to choose them.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          It goes out right away to{' '}
          <strong className="font-medium text-foreground">
            {accounts.map((a) => a.account ?? 'a removed account').join(', ')}
          </strong>
          . Once out, it can only be changed on the platform.
        </p>
      )}
      {refusal ? (
        <Alert variant="destructive" title={refusal.title}>
          {refusal.problems.length > 0 ? (
            <ul className="grid gap-1" aria-label="Why it was refused">
              {refusal.problems.map((p, i) => (
                <CheckItem key={i} item={p} kind="refused" />
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {refusal ? (
          <Button variant="outline" size="sm" onClick={onOpenComposer}>
            Fix in composer
          </Button>
        ) : null}
        <Button variant="outline" size="sm" onClick={onCancel}>
          Not now
        </Button>
        <Button
          ref={confirmRef}
          size="sm"
          loading={publish.isPending}
          disabled={!targets.data || accounts.length === 0}
          onClick={() => void confirm()}
        >
          <Send aria-hidden className="size-4" /> Publish now
        </Button>
      </div>
    </div>
  );
}
