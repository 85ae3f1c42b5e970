import type { Ref } from 'react';
import { CheckCircle2, CircleAlert, ServerCrash } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { FIELD_LABELS, type ComposerProblem } from '../lib/composer-model.ts';

interface ChecksListProps {
  /** Live checks of the post as it stands. */
  problems: ComposerProblem[];
  /** The server's reasons from the last attempt, until something changes. */
  refused: ComposerProblem[];
  /** Shown when an action was stopped: what it was ("Schedule", "Publish now"). */
  blockedAction: string | null;
  targetCount: number;
  ref?: Ref<HTMLDivElement>;
}

function ProblemItem({ problem, server }: { problem: ComposerProblem; server: boolean }) {
  return (
    <li
      className="flex gap-2 text-sm"
      data-rule={problem.rule}
      data-field={problem.field}
      data-account={problem.account ?? ''}
    >
      {server ? (
        <ServerCrash aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
      ) : (
        <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
      )}
      <span className="min-w-0">
        {problem.account ? (
          <span className="font-semibold text-foreground">{problem.account} · </span>
        ) : null}
        <span className="font-medium text-foreground">{FIELD_LABELS[problem.field]}:</span>{' '}
        <span className="text-foreground/90">{problem.message}</span>
      </span>
    </li>
  );
}

/**
 * What stops the post from going out, under the accounts: each problem names the account, the
 * field and the rule. Focused when an action is stopped, so the reasons are read out.
 */
export function ChecksList({
  problems,
  refused,
  blockedAction,
  targetCount,
  ref,
}: ChecksListProps) {
  const total = problems.length + refused.length;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-label="Checks"
      className={cn(
        'grid gap-2 rounded-lg border p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring',
        total > 0 ? 'border-destructive/40 bg-destructive/5' : 'border-success/30 bg-success/5',
      )}
    >
      {total === 0 ? (
        <p className="flex items-center gap-2 text-sm text-foreground">
          <CheckCircle2 aria-hidden className="size-4 text-success" />
          {targetCount === 0
            ? 'Choose at least one account to schedule or publish.'
            : `Ready for ${targetCount === 1 ? 'its account' : targetCount === 2 ? 'both accounts' : `all ${targetCount} accounts`}: every platform rule is met.`}
        </p>
      ) : (
        <>
          <p
            className="text-sm font-semibold text-foreground"
            role={blockedAction ? 'alert' : undefined}
          >
            {blockedAction
              ? `${blockedAction} is stopped: fix ${total === 1 ? 'this problem' : `these ${total} problems`} first.`
              : `${total} ${total === 1 ? 'problem' : 'problems'} to fix before publishing`}
          </p>
          <ul className="grid gap-1.5" aria-label="Problems">
            {refused.map((p, i) => (
              <ProblemItem key={`server-${i}`} problem={p} server />
            ))}
            {problems.map((p, i) => (
              <ProblemItem key={`${p.connectionId}-${p.rule}-${i}`} problem={p} server={false} />
            ))}
          </ul>
          {problems.every((p) => !p.blocksDraft) ? (
            <p className="text-xs text-muted-foreground">
              You can still save it as a draft and finish it later.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
