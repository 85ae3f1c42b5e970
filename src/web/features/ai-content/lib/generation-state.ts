import type {
  Allowance,
  ProviderInfo,
  StreamError,
  StreamEvent,
  Variant,
} from '#shared/contracts/ai-content.contract.ts';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';

// The results panel's state: one slot per variant card. A whole generation fills every slot; a
// "regenerate" streams one new variant into one slot. Pure, so the streaming logic is tested
// without a browser.

export interface Slot {
  /** The generation and index the card's text came from (what "save" refers to). */
  generationId: string | null;
  index: number;
  status: 'waiting' | 'writing' | 'ready' | 'failed';
  /** The text as it is being written. */
  streamed: string;
  variant: Variant | null;
  /** The user's edits. */
  caption: string;
  hashtags: string[];
  event: CalendarEvent | null;
  error: StreamError | null;
}

export interface GenerationState {
  running: boolean;
  provider: ProviderInfo | null;
  slots: Slot[];
  /** A failure of the whole request (before or during the stream), shown above the cards. */
  error: StreamError | null;
  allowance: Allowance | null;
}

export const initialState: GenerationState = {
  running: false,
  provider: null,
  slots: [],
  error: null,
  allowance: null,
};

export type Action =
  | { type: 'begin'; target: number | 'all' }
  | { type: 'event'; target: number | 'all'; event: StreamEvent }
  | { type: 'fail'; target: number | 'all'; error: StreamError }
  | { type: 'finish' }
  | { type: 'edit'; slot: number; caption: string }
  | { type: 'toggle-tag'; slot: number; tag: string }
  | { type: 'saved'; slot: number; event: CalendarEvent }
  /** Cards of variants already written: reopened after a reload, or from the history. */
  | { type: 'open'; items: Array<{ generationId: string; variant: Variant }> };

function emptySlot(index: number): Slot {
  return {
    generationId: null,
    index,
    status: 'waiting',
    streamed: '',
    variant: null,
    caption: '',
    hashtags: [],
    event: null,
    error: null,
  };
}

function updateSlot(state: GenerationState, slot: number, change: (s: Slot) => Slot) {
  return { ...state, slots: state.slots.map((s, i) => (i === slot ? change(s) : s)) };
}

/** The slot an event's variant index lands in. */
function slotOf(target: number | 'all', index: number): number {
  return target === 'all' ? index : target;
}

export function reducer(state: GenerationState, action: Action): GenerationState {
  switch (action.type) {
    case 'begin':
      if (action.target === 'all') return { ...state, running: true, error: null, slots: [] };
      return updateSlot({ ...state, running: true, error: null }, action.target, (s) => ({
        ...emptySlot(s.index),
      }));
    case 'fail':
      if (action.target === 'all') {
        return {
          ...state,
          running: false,
          error: action.error,
          slots: state.slots.filter((s) => s.status === 'ready'),
        };
      }
      return updateSlot({ ...state, running: false }, action.target, (s) => ({
        ...s,
        status: 'failed',
        error: action.error,
      }));
    case 'finish':
      return {
        ...state,
        running: false,
        // Slots the stream never reached (it stopped after an error) are dropped.
        slots: state.slots.filter((s) => s.status !== 'waiting'),
      };
    case 'edit':
      return updateSlot(state, action.slot, (s) => ({ ...s, caption: action.caption }));
    case 'toggle-tag':
      return updateSlot(state, action.slot, (s) => ({
        ...s,
        hashtags: s.hashtags.includes(action.tag)
          ? s.hashtags.filter((t) => t !== action.tag)
          : [...s.hashtags, action.tag],
      }));
    case 'saved':
      return updateSlot(state, action.slot, (s) => ({ ...s, event: action.event }));
    case 'event':
      return applyEvent(state, action.target, action.event);
    case 'open':
      return {
        ...state,
        running: false,
        error: null,
        slots: action.items.map(({ generationId, variant }) => ({
          ...emptySlot(variant.index),
          generationId,
          status: 'ready',
          variant,
          caption: variant.caption,
          hashtags: variant.hashtags,
        })),
      };
  }
}

function applyEvent(
  state: GenerationState,
  target: number | 'all',
  event: StreamEvent,
): GenerationState {
  switch (event.type) {
    case 'start': {
      const next = { ...state, provider: event.provider, allowance: event.allowance };
      if (target === 'all') {
        return {
          ...next,
          slots: Array.from({ length: event.variants }, (_, i) => ({
            ...emptySlot(i),
            generationId: event.generation_id,
          })),
        };
      }
      return updateSlot(next, target, (s) => ({ ...s, generationId: event.generation_id }));
    }
    case 'delta':
      return updateSlot(state, slotOf(target, event.index), (s) => ({
        ...s,
        status: 'writing',
        streamed: s.streamed + event.text,
      }));
    case 'variant':
      return updateSlot(state, slotOf(target, event.variant.index), (s) => ({
        ...s,
        index: event.variant.index,
        status: 'ready',
        variant: event.variant,
        caption: event.variant.caption,
        hashtags: event.variant.hashtags,
        error: null,
      }));
    case 'error':
      if (event.index === null) return { ...state, error: event.error };
      return updateSlot(state, slotOf(target, event.index), (s) => ({
        ...s,
        status: 'failed',
        error: event.error,
      }));
    case 'done':
      return { ...state, allowance: event.allowance };
  }
}
