import type { Dispatch } from 'react';
import { toast } from 'sonner';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import type { Post, PostType } from '#shared/contracts/posts.contract.ts';
import { ERROR_CATALOGUE } from '#shared/errors/index.ts';
import { accountLabel } from '#shared/account-label.ts';
import { fieldErrorsOf } from '../../../../lib/api-client.ts';
import { formatDateTime } from '../../../../lib/date-format.ts';
import { userMessageOf } from '../../../../lib/errors.ts';
import { useSavePost } from '../../api/use-save-post.ts';
import { publishingToastId } from '../../api/live-cache.ts';
import { blockingProblems, type ComposerProblem } from '../../lib/composer-checks.ts';
import type { SaveIntent } from '../../lib/composer-model.ts';
import { problemsFromFieldErrors } from '../../lib/composer-refusals.ts';
import { saveBody } from '../../lib/composer-request.ts';
import type { ComposerAction, ComposerState } from './use-composer-state.ts';

const SCHEDULE_FAILED = ERROR_CATALOGUE.CONTENT_SCHEDULE_ERROR.userMessage;
const DRAFT_FAILED = ERROR_CATALOGUE.CONTENT_DRAFT_SAVE_ERROR.userMessage;

interface SaveOptions {
  state: ComposerState;
  dispatch: Dispatch<ComposerAction>;
  connections: readonly Connection[];
  /** post, or ai_generated for a post AI content wrote (it stays marked so). */
  type: PostType;
  timeZone: string;
  check(intent: SaveIntent): ComposerProblem[];
  /** Drops the kept draft after a save. */
  forgetDraft(): void;
  focusTitle(): void;
  focusChecks(): void;
  onSaved(post: Post, intent: SaveIntent): void;
}

/**
 * Save draft, Schedule and Publish now: the checks first (what stops the action takes the
 * focus), then one request (docs/decisions/087), then a toast saying what was saved. A refusal
 * changes nothing on the server and nothing typed here: the server's reasons are shown beside the
 * accounts and fields they are about.
 */
export function useComposerSave(options: SaveOptions) {
  const save = useSavePost();
  const busy: SaveIntent | null = save.isPending
    ? ((save.variables?.body.intent as SaveIntent | undefined) ?? null)
    : null;

  function attempt(intent: SaveIntent) {
    const blocking = blockingProblems(options.check(intent), intent);
    if (blocking.length > 0) {
      options.dispatch({ type: 'blocked', intent });
      if (blocking.some((p) => p.field === 'title') && intent === 'draft') options.focusTitle();
      else options.focusChecks();
      return;
    }
    options.dispatch({ type: 'unblocked', confirmPublish: intent === 'publish' });
    if (intent === 'publish') return;
    void run(intent);
  }

  async function run(intent: SaveIntent) {
    const { state, dispatch, connections, timeZone } = options;
    const { eventId, values } = state;
    dispatch({ type: 'save-started' });
    try {
      const post = await save.mutateAsync({
        id: eventId,
        body: saveBody(values, intent, { type: options.type, timeZone }),
      });
      options.forgetDraft();
      dispatch({ type: 'saved', values });
      toast.success(
        intent === 'draft'
          ? 'Draft saved'
          : intent === 'schedule'
            ? `Scheduled for ${formatDateTime(new Date(post.scheduled_for!), timeZone)}`
            : 'Publishing now',
        intent === 'publish'
          ? {
              id: publishingToastId(post.id),
              description: 'Its status on the calendar changes as each account confirms.',
            }
          : {},
      );
      options.onSaved(post, intent);
    } catch (error) {
      // Accounts are named as the server names them, in the order they were sent.
      const accounts = values.targets.map((t) => {
        const c = connections.find((x) => x.id === t.connectionId);
        return { connectionId: t.connectionId, account: c ? accountLabel(c) : null };
      });
      const problems = problemsFromFieldErrors(fieldErrorsOf(error), accounts, values.mediaIds);
      dispatch({
        type: 'save-refused',
        problems,
        intent,
        formError: problems.length > 0 ? null : userMessageOf(error),
      });
      if (problems.length > 0) options.focusChecks();
      toast.error(intent === 'draft' ? DRAFT_FAILED : SCHEDULE_FAILED, {
        description:
          problems.length > 0 ? 'The reasons are listed in the composer.' : userMessageOf(error),
      });
    }
  }

  return { busy, attempt, run };
}
