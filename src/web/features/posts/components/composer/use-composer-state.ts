import { useEffect, useMemo, useReducer } from 'react';
import type { Post } from '#shared/contracts/posts.contract.ts';
import { useStore } from '../../../../lib/create-store.ts';
import type { ComposerProblem } from '../../lib/composer-checks.ts';
import {
  sameValues,
  valuesFromPost,
  type ComposerTarget,
  type ComposerValues,
  type SaveIntent,
} from '../../lib/composer-model.ts';
import {
  browserStorage,
  createDraftKeeper,
  draftKey,
  readDraft,
  removeDraft,
  type DraftStorage,
} from '../../lib/draft-storage.ts';

// The composer's state in one reducer: what is typed, what it was when loaded or last saved, and
// what is on screen around it (refusals, a confirmation, the media picker, the preview shown).

export interface ComposerState {
  /** The saved post's id; null for a new post (it closes once saved). */
  eventId: string | null;
  /** The values as loaded or last saved: unsaved changes are what differs from them. */
  base: ComposerValues;
  values: ComposerValues;
  /** When the kept draft shown was written; null once it is saved or discarded. */
  restoredAt: string | null;
  /** The action stopped by the checks: they then also list what only matters when trying. */
  blocked: SaveIntent | null;
  /** The server's reasons for refusing the last attempt. */
  refused: ComposerProblem[];
  formError: string | null;
  confirming: 'publish' | 'close' | null;
  picking: boolean;
  activePreview: string | null;
}

type Update = Partial<ComposerValues> | ((values: ComposerValues) => ComposerValues);

export type ComposerAction =
  /** A change the person made: the last refusal no longer applies. */
  | { type: 'edit'; update: Update }
  /** A change made for the person (an upload finished): refusals stay. */
  | { type: 'set-values'; update: Update }
  | { type: 'preview'; connectionId: string | null }
  | { type: 'discard-restored' }
  | { type: 'blocked'; intent: SaveIntent }
  | { type: 'unblocked'; confirmPublish: boolean }
  /** The accounts a new post starts with, once they are known (not a change of the person's). */
  | { type: 'preselect'; targets: ComposerTarget[] }
  | { type: 'save-started' }
  | { type: 'saved'; values: ComposerValues }
  /** Refused as a whole: nothing was saved, everything typed stays. */
  | {
      type: 'save-refused';
      problems: ComposerProblem[];
      intent: SaveIntent;
      formError: string | null;
    }
  | { type: 'confirm'; which: 'publish' | 'close' | null }
  | { type: 'picking'; open: boolean };

const apply = (values: ComposerValues, update: Update) =>
  typeof update === 'function' ? update(values) : { ...values, ...update };

export function composerReducer(state: ComposerState, action: ComposerAction): ComposerState {
  switch (action.type) {
    case 'edit':
      return {
        ...state,
        values: apply(state.values, action.update),
        refused: state.refused.length > 0 ? [] : state.refused,
        formError: null,
      };
    case 'set-values':
      return { ...state, values: apply(state.values, action.update) };
    case 'preview':
      return { ...state, activePreview: action.connectionId };
    case 'discard-restored':
      return { ...state, values: state.base, restoredAt: null, blocked: null };
    case 'blocked':
      return { ...state, formError: null, blocked: action.intent };
    case 'unblocked':
      return {
        ...state,
        formError: null,
        blocked: null,
        confirming: action.confirmPublish ? 'publish' : state.confirming,
      };
    case 'preselect':
      if (state.restoredAt || state.values.targets.length > 0 || state.base.targets.length > 0) {
        return state;
      }
      return {
        ...state,
        base: { ...state.base, targets: action.targets },
        values: { ...state.values, targets: action.targets },
      };
    case 'save-started':
      return {
        ...state,
        confirming: state.confirming === 'publish' ? null : state.confirming,
        refused: [],
      };
    case 'saved':
      return { ...state, base: action.values };
    case 'save-refused':
      return {
        ...state,
        refused: action.problems,
        blocked: action.problems.length > 0 ? action.intent : state.blocked,
        formError: action.problems.length > 0 ? state.formError : action.formError,
      };
    case 'confirm':
      return { ...state, confirming: action.which };
    case 'picking':
      return { ...state, picking: action.open };
  }
}

/**
 * The composer's state for a post (or a new one starting at `start`, with what was typed
 * elsewhere for it in `prefill`), with what this browser kept of an earlier visit restored, and
 * every unsaved change kept in this browser while it lets us (docs/decisions/085: nothing typed
 * is lost).
 */
export function useComposerState(options: {
  post: Post | null;
  start: ComposerValues;
  prefill?: Partial<ComposerValues> | null | undefined;
  /** A saved post planned at a date and time (docs/decisions/078): its start, unsaved. */
  planAt?: { date: string; time: string } | null | undefined;
  timeZone: string;
  userId: string;
}) {
  const { userId } = options;
  const storage: DraftStorage | null = useMemo(() => browserStorage(), []);
  const [state, dispatch] = useReducer(composerReducer, options, (o): ComposerState => {
    const base = o.post ? valuesFromPost(o.post, o.timeZone) : o.start;
    // What this browser kept of an earlier visit comes back, with a notice and a way to discard
    // it; what was typed elsewhere for a new post is its unsaved start.
    const planned = o.post && o.planAt ? { ...base, ...o.planAt } : null;
    const found =
      o.prefill || planned ? null : readDraft(storage, draftKey(userId, o.post?.id ?? null));
    const kept = found && !sameValues(found.values, base) ? found : null;
    return {
      eventId: o.post?.id ?? null,
      base,
      values: kept?.values ?? planned ?? (o.prefill ? { ...base, ...o.prefill } : base),
      restoredAt: kept?.savedAt ?? null,
      blocked: null,
      refused: [],
      formError: null,
      confirming: null,
      picking: false,
      activePreview: null,
    };
  });
  const key = draftKey(userId, state.eventId);

  const keeper = useMemo(() => createDraftKeeper(storage), [storage]);
  const storageRefused = useStore(keeper.refused, (s) => s.refused);
  const { values, base } = state;
  useEffect(() => {
    if (sameValues(values, base)) removeDraft(storage, key);
    else keeper.keep(key, values);
  }, [values, base, key, storage, keeper]);

  return {
    state,
    dispatch,
    dirty: !sameValues(values, base),
    storageRefused,
    /** Drops the kept draft of this post. */
    forgetDraft: () => removeDraft(storage, key),
  };
}
