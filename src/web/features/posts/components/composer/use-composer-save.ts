import type { Dispatch } from 'react';
import { toast } from 'sonner';
import type { Platform } from '#shared/contracts/account.contract.ts';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import { accountLabel } from '#shared/account-label.ts';
import { formatDateTime } from '../../../../lib/date-format.ts';
import { userMessageOf } from '../../../../lib/errors.ts';
import { useSavePost } from '../../api/use-save-post.ts';
import { blockingProblems, type ComposerProblem } from '../../lib/composer-checks.ts';
import type { SaveIntent } from '../../lib/composer-model.ts';
import type { ComposerAction, ComposerState } from './use-composer-state.ts';

interface SaveOptions {
  state: ComposerState;
  dispatch: Dispatch<ComposerAction>;
  connections: readonly Connection[];
  platforms: Platform[];
  timeZone: string;
  check(intent: SaveIntent): ComposerProblem[];
  /** Drops the kept draft after a save (and that of the new post it was, when `alsoNew`). */
  forgetDraft(alsoNew?: boolean): void;
  forgetNewDraft(): void;
  focusTitle(): void;
  focusChecks(): void;
  onSaved(event: CalendarEvent, intent: SaveIntent): void;
  onCreated(eventId: string): void;
}

/**
 * Save draft, Schedule and Publish now: the checks first (what stops the action takes the
 * focus), then the save sequence (docs/decisions/085), then a toast saying what was saved.
 */
export function useComposerSave(options: SaveOptions) {
  const save = useSavePost();
  const busy: SaveIntent | null = save.isPending ? (save.variables?.intent ?? null) : null;

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
    const wasNew = eventId === null;
    const accounts = values.targets.map((t) => {
      const c = connections.find((x) => x.id === t.connectionId);
      return { connectionId: t.connectionId, account: c ? accountLabel(c) : null };
    });
    const outcome = await save.mutateAsync({
      eventId,
      values,
      platforms: options.platforms,
      accounts,
      intent,
      timeZone,
    });
    if (outcome.ok) {
      options.forgetDraft(wasNew);
      dispatch({ type: 'saved', values });
      const event = outcome.event;
      toast.success(
        intent === 'draft'
          ? 'Draft saved'
          : intent === 'schedule'
            ? `Scheduled for ${formatDateTime(new Date(event.scheduled_for!), timeZone)}`
            : 'Publishing now',
        intent === 'publish'
          ? { description: 'Its status on the calendar changes as each account confirms.' }
          : {},
      );
      options.onSaved(event, intent);
      return;
    }
    const created = outcome.eventId && outcome.eventId !== eventId ? outcome.eventId : null;
    // Saved once: from now on this is that post, here, in the address and in the kept draft.
    if (created) options.forgetNewDraft();
    dispatch({
      type: 'save-refused',
      eventId: created,
      savedValues: outcome.savedAsDraft ? values : null,
      problems: outcome.problems,
      intent,
      formError: outcome.problems.length > 0 ? null : userMessageOf(outcome.error),
    });
    if (created) options.onCreated(created);
    if (outcome.problems.length > 0) options.focusChecks();
    toast.error(outcome.message, {
      description: outcome.savedAsDraft
        ? `Your changes are saved as a draft; it is not ${intent === 'publish' ? 'published' : 'scheduled'}.`
        : outcome.problems.length > 0
          ? 'The reasons are listed in the composer.'
          : userMessageOf(outcome.error),
    });
  }

  return { busy, attempt, run };
}
