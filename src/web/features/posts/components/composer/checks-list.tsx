import type { Ref } from 'react';
import { CheckCircle2, CircleAlert, Info, ServerCrash } from 'lucide-react';
import { cn } from '../../../../lib/cn.ts';
import {
  FIELD_LABELS,
  type ComposerNotice,
  type ComposerProblem,
} from '../../lib/composer-checks.ts';

interface ChecksListProps {
  /** Live checks of the post as it stands. */
  problems: ComposerProblem[];
  /** The server's reasons from the last attempt, until something changes. */
  refused: ComposerProblem[];
  /** Accepted but not published as typed (a story's text): said, never stopping anything. */
  notices?: ComposerNotice[];
  /** Shown when an action was stopped: what it was ("Schedule", "Publish now"). */
  blockedAction: string | null;
  targetCount: number;
  ref?: Ref<HTMLDivElement>;
}

/** A live check, the server's refusal, or a notice that stops nothing. */
const KINDS = {
  problem: {
    icon: CircleAlert,
    iconClassName: 'text-destructive',
    textClassName: 'text-foreground/90',
  },
  refused: {
    icon: ServerCrash,
    iconClassName: 'text-destructive',
    textClassName: 'text-foreground/90',
  },
  notice: {
    icon: Info,
    iconClassName: 'text-muted-foreground',
    textClassName: 'text-muted-foreground',
  },
};

/** One line: the account, the field, and what is wrong or left out. */
export function CheckItem({ item, kind }: { item: ComposerNotice; kind: keyof typeof KINDS }) {
  const { icon: Icon, iconClassName, textClassName } = KINDS[kind];
  return (
    <li
      className="flex gap-2 text-sm"
      data-rule={item.rule}
      data-field={item.field}
      data-account={item.account ?? ''}
    >
      <Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', iconClassName)} />
      <span className="min-w-0">
        {item.account ? (
          <span className="font-semibold text-foreground">{item.account} · </span>
        ) : null}
        <span className="font-medium text-foreground">{FIELD_LABELS[item.field]}:</span>{' '}
        <span className={textClassName}>{item.message}</span>
      </span>
    </li>
  );
}

/**
 * What stops the post from going out, under the accounts: each problem names the account, the
 * field and the rule. Focused when an action is stopped, so the reasons are read out. Without an
 * account nothing can go out: that is said as a problem too, never as a check passed. Notices
 * (what a story leaves out) follow, apart from the problems.
 */
export function ChecksList({
  problems,
  refused,
  notices = [],
  blockedAction,
  targetCount,
  ref,
}: ChecksListProps) {
  const total = problems.length + refused.length;
  const noAccount = total === 0 && targetCount === 0;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-label="Checks"
      className={cn(
        'grid gap-2 rounded-lg border p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring',
        total > 0 || noAccount
          ? 'border-destructive/40 bg-destructive/5'
          : 'border-success/30 bg-success/5',
      )}
    >
      {noAccount ? (
        <div className="grid gap-1" data-rule="targets_required">
          <p className="flex items-center gap-2 text-sm font-medium text-foreground">
            <CircleAlert aria-hidden className="size-4 shrink-0 text-destructive" />
            Choose at least one account to publish to
          </p>
          <p className="text-xs text-muted-foreground">
            You can still save it as a draft and choose them later.
          </p>
        </div>
      ) : total === 0 ? (
        <p className="flex items-center gap-2 text-sm text-foreground">
          <CheckCircle2 aria-hidden className="size-4 text-success" />
          {`Ready for ${targetCount === 1 ? 'its account' : targetCount === 2 ? 'both accounts' : `all ${targetCount} accounts`}: every platform rule is met.`}
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
              <CheckItem key={`server-${i}`} item={p} kind="refused" />
            ))}
            {problems.map((p, i) => (
              <CheckItem key={`${p.connectionId}-${p.rule}-${i}`} item={p} kind="problem" />
            ))}
          </ul>
          {problems.every((p) => !p.blocksDraft) ? (
            <p className="text-xs text-muted-foreground">
              You can still save it as a draft and finish it later.
            </p>
          ) : null}
        </>
      )}
      {notices.length > 0 ? (
        <ul className="grid gap-1.5 border-t border-border/60 pt-2" aria-label="Notes">
          {notices.map((n, i) => (
            <CheckItem key={`${n.connectionId}-${n.rule}-${i}`} item={n} kind="notice" />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
