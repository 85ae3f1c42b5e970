import { describe, expect, it } from 'vitest';
import type { StreamEvent, Variant } from '#shared/contracts/ai-content.contract.ts';
import { initialState, reducer, type Action, type GenerationState } from './generation-state.ts';

const allowance = {
  used: 2,
  limit: 100,
  remaining: 98,
  period: '2026-11',
  resets_at: '2026-12-01T00:00:00.000Z',
};

function variant(index: number, caption: string): Variant {
  return {
    index,
    caption,
    hashtags: ['#a'],
    suggested_hashtags: [],
    adjustments: [],
    best_times: { source: 'default', time_zone: 'UTC', note: '', slots: [] },
    event_id: null,
  };
}

function play(state: GenerationState, target: number | 'all', events: StreamEvent[]) {
  return events.reduce(
    (s, event) => reducer(s, { type: 'event', target, event } satisfies Action),
    state,
  );
}

const start = (id: string, n: number): StreamEvent => ({
  type: 'start',
  generation_id: id,
  provider: { kind: 'offline', label: 'Offline generator' },
  variants: n,
  allowance,
});

describe('generation state', () => {
  it('fills one slot per variant as text arrives', () => {
    let s = reducer(initialState, { type: 'begin', target: 'all' });
    s = play(s, 'all', [
      start('g1', 2),
      { type: 'delta', index: 0, text: 'Hel' },
      { type: 'delta', index: 0, text: 'lo' },
    ]);
    expect(s.slots.map((x) => x.status)).toEqual(['writing', 'waiting']);
    expect(s.slots[0]!.streamed).toBe('Hello');
    s = play(s, 'all', [{ type: 'variant', variant: variant(0, 'Hello') }]);
    expect(s.slots[0]).toMatchObject({ status: 'ready', caption: 'Hello', generationId: 'g1' });
  });

  it('drops the slots a stopped stream never reached, and keeps the failed one', () => {
    let s = reducer(initialState, { type: 'begin', target: 'all' });
    s = play(s, 'all', [
      start('g1', 3),
      { type: 'variant', variant: variant(0, 'One') },
      {
        type: 'error',
        index: 1,
        error: {
          code: 'RATE_LIMIT_EXCEEDED',
          message: 'Too many',
          retryable: true,
          correlationId: 'x',
        },
      },
    ]);
    s = reducer(s, { type: 'finish' });
    expect(s.running).toBe(false);
    expect(s.slots.map((x) => x.status)).toEqual(['ready', 'failed']);
  });

  it('regenerates one slot from a new generation, leaving the others and their edits', () => {
    let s = reducer(initialState, { type: 'begin', target: 'all' });
    s = play(s, 'all', [
      start('g1', 2),
      { type: 'variant', variant: variant(0, 'One') },
      { type: 'variant', variant: variant(1, 'Two') },
    ]);
    s = reducer(s, { type: 'finish' });
    s = reducer(s, { type: 'edit', slot: 0, caption: 'One, edited' });
    s = reducer(s, { type: 'begin', target: 1 });
    expect(s.slots[1]!.status).toBe('waiting');
    s = play(s, 1, [start('g2', 1), { type: 'variant', variant: variant(0, 'Two again') }]);
    expect(s.slots.map((x) => [x.generationId, x.index, x.caption])).toEqual([
      ['g1', 0, 'One, edited'],
      ['g2', 0, 'Two again'],
    ]);
  });

  it('toggles hashtags and remembers the saved event', () => {
    let s = reducer(initialState, { type: 'begin', target: 'all' });
    s = play(s, 'all', [start('g1', 1), { type: 'variant', variant: variant(0, 'One') }]);
    s = reducer(s, { type: 'toggle-tag', slot: 0, tag: '#a' });
    expect(s.slots[0]!.hashtags).toEqual([]);
    s = reducer(s, { type: 'toggle-tag', slot: 0, tag: '#b' });
    expect(s.slots[0]!.hashtags).toEqual(['#b']);
  });

  it('opens variants already written as ready cards, replacing what was shown', () => {
    let s = reducer(initialState, { type: 'begin', target: 'all' });
    s = play(s, 'all', [start('g1', 1), { type: 'variant', variant: variant(0, 'One') }]);
    s = reducer(s, {
      type: 'open',
      items: [
        { generationId: 'g0', variant: variant(2, 'Older') },
        { generationId: 'g2', variant: variant(0, 'Regenerated') },
      ],
    });
    expect(s.running).toBe(false);
    expect(s.slots.map((x) => [x.generationId, x.index, x.status, x.caption])).toEqual([
      ['g0', 2, 'ready', 'Older'],
      ['g2', 0, 'ready', 'Regenerated'],
    ]);
  });

  it('keeps only finished variants when the whole request fails', () => {
    let s = reducer(initialState, { type: 'begin', target: 'all' });
    s = play(s, 'all', [start('g1', 2), { type: 'delta', index: 0, text: 'Hal' }]);
    s = reducer(s, {
      type: 'fail',
      target: 'all',
      error: { code: 'NETWORK_ERROR', message: 'Network', retryable: true, correlationId: 'y' },
    });
    expect(s.slots).toEqual([]);
    expect(s.error?.code).toBe('NETWORK_ERROR');
  });
});
