import type { Dispatch } from 'react';
import { toast } from 'sonner';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import type { Post, PostType } from '#shared/contracts/posts.contract.ts';
import { ERROR_CATALOGUE } from '#shared/errors/index.ts';
import { accountLabel } from '#shared/account-label.ts';
import { fieldErrorsOf } from '../../../../lib/api-client.ts';
import { formatDateTime } from '../../../../lib/date-format.ts';
import { userMessageOf } from '../../../../lib/errors.ts';
import { useAddToQueue } from '../../api/use-queue.ts';
import { blockingProblems, type ComposerProblem } from '../../lib/composer-checks.ts';
import type { SaveIntent } from '../../lib/composer-model.ts';
import { problemsFromFieldErrors } from '../../lib/composer-refusals.ts';
import { targetsInput, titleFor } from '../../lib/composer-request.ts';
import type { ComposerAction, ComposerState } from './use-composer-state.ts';

const SCHEDULE_FAILED = ERROR_CATALOGUE.CONTENT_SCHEDULE_ERROR.userMessage;

interface QueueOptions {
  state: ComposerState;
  dispatch: Dispatch<ComposerAction>;
  connections: readonly Connection[];
  type: PostType;
  timeZone: string;
  check(intent: SaveIntent): ComposerProblem[];
  forgetDraft(): void;
  focusChecks(): void;
  onSaved(post: Post, intent: SaveIntent): void;
}

/**
 * "Add to queue" (docs/decisions/077): the post goes to each chosen account's queue, one post per
 * account, each in its account's next free posting time; the date and time typed do not count.
 * Checked first as a post going out (every account's rules and quota, as Publish now checks
 * them: no time is needed), then one request, refused as Schedule is and shown the same way.
 */
export function useComposerQueue(options: QueueOptions) {
  const add = useAddToQueue();

  async function queue() {
    const { state, dispatch, connections, timeZone } = options;
    const { eventId, values } = state;
    if (blockingProblems(options.check('publish'), 'publish').length > 0) {
      dispatch({ type: 'blocked', intent: 'schedule' });
      options.focusChecks();
      return;
    }
    dispatch({ type: 'unblocked', confirmPublish: false });
    dispatch({ type: 'save-started' });
    try {
      const { queued } = await add.mutateAsync({
        ...(eventId ? { post_id: eventId } : {}),
        post: {
          title: titleFor(values),
          content: values.content.trim() ? values.content : null,
          type: options.type,
        },
        targets: targetsInput(values),
      });
      options.forgetDraft();
      dispatch({ type: 'saved', values });
      const where = queued.map((q) => {
        const c = connections.find((x) => x.id === q.connection_id);
        const at = formatDateTime(new Date(q.slot_at), timeZone);
        return `${c ? accountLabel(c) : 'Account'}: ${q.paused ? 'queue paused' : at}`;
      });
      toast.success(
        queued.length === 1 ? 'Added to the queue' : `Added to ${queued.length} queues`,
        {
          description: where.join(' · '),
        },
      );
      options.onSaved(queued[0]!.post, 'schedule');
    } catch (error) {
      const accounts = values.targets.map((t) => {
        const c = connections.find((x) => x.id === t.connectionId);
        return { connectionId: t.connectionId, account: c ? accountLabel(c) : null };
      });
      const problems = problemsFromFieldErrors(fieldErrorsOf(error), accounts, values.mediaIds);
      dispatch({
        type: 'save-refused',
        problems,
        intent: 'schedule',
        formError: problems.length > 0 ? null : userMessageOf(error),
      });
      if (problems.length > 0) options.focusChecks();
      toast.error(SCHEDULE_FAILED, {
        description:
          problems.length > 0 ? 'The reasons are listed in the composer.' : userMessageOf(error),
      });
    }
  }

  return { queueing: add.isPending, queue };
}
