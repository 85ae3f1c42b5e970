import { History } from 'lucide-react';
import type { Delivery } from '#shared/contracts/posts.contract.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { lockedNoticeTitle } from '../../lib/post-rules.ts';
import { PLATFORM_STYLES } from '../event-style.tsx';

/**
 * Above the editor: a restored draft (with Discard), why the post cannot be changed here, why it
 * was not published to an account, and the last save's error.
 */
export function ComposerNotices({
  restoredAt,
  onDiscardRestored,
  composable,
  locked,
  canEdit,
  failed,
  formError,
}: {
  restoredAt: string | null;
  onDiscardRestored(): void;
  /** A post (not a note or campaign). */
  composable: boolean;
  /** On its way out or out: the post's status then; null when it can still change. */
  locked: 'publishing' | 'published' | 'unconfirmed' | null;
  canEdit: boolean;
  /** Deliveries that failed, with the reason: fix the post and schedule it again. */
  failed: Delivery[];
  formError: string | null;
}) {
  return (
    <>
      {restoredAt ? (
        <Alert variant="info" title="Restored your unsaved changes">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>
              Kept on this device{' '}
              {new Date(restoredAt).toLocaleString(undefined, {
                dateStyle: 'medium',
                timeStyle: 'short',
              })}
              .
            </span>
            <Button variant="link" onClick={onDiscardRestored}>
              <History aria-hidden className="size-4" /> Discard
            </Button>
          </div>
        </Alert>
      ) : null}
      {!composable ? (
        <Alert variant="info" title="Notes and campaigns are edited on the calendar">
          Open it from the calendar to change it.
        </Alert>
      ) : locked ? (
        <Alert variant="info" title={lockedNoticeTitle(locked)}>
          It is shown as it was sent. Published posts are changed on the platform, so the calendar
          always matches what people see.
        </Alert>
      ) : !canEdit ? (
        <Alert variant="info" title="You can read this post">
          Your role does not include changing posts. The business’s owner or a manager can give you
          one that does.
        </Alert>
      ) : null}
      {failed.length > 0 ? (
        <Alert variant="destructive" title="This post was not published">
          <ul className="grid gap-1">
            {failed.map((d) => (
              <li key={d.id}>
                <span className="font-medium">
                  {d.account_name ?? PLATFORM_STYLES[d.platform].label}:
                </span>{' '}
                {d.last_error ?? 'No reason was recorded for this failure.'}
                {d.attempts > 1 ? ` (after ${d.attempts} attempts)` : ''}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
    </>
  );
}
