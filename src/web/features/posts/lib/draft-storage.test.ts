import { describe, expect, it } from 'vitest';
import { newComposerValues } from './composer-model.ts';
import {
  createDraftKeeper,
  draftKey,
  readDraft,
  removeDraft,
  writeDraft,
  type DraftStorage,
} from './draft-storage.ts';

function memoryStorage(): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const USER = '00000000-0000-4000-8000-000000000001';
const EVENT = '00000000-0000-4000-8000-0000000000e1';
const values = {
  ...newComposerValues({ year: 2030, month: 3, day: 29 }, 9),
  title: 'Spring menu',
  content: 'Fresh bread #bakery',
  targets: [{ connectionId: 'c1', format: 'carousel' as const }],
  mediaIds: ['m2', 'm1'],
};

describe('draft storage', () => {
  it('keeps one entry per person and post, and reads back exactly what was kept', () => {
    const storage = memoryStorage();
    expect(draftKey(USER, null)).toBe(`socigen.composer.v1:${USER}:new`);
    expect(draftKey(USER, EVENT)).not.toBe(draftKey(USER, null));
    const at = new Date('2030-01-01T12:00:00Z');
    expect(writeDraft(storage, draftKey(USER, EVENT), values, at)).toBe(true);
    expect(readDraft(storage, draftKey(USER, EVENT))).toEqual({
      savedAt: '2030-01-01T12:00:00.000Z',
      values,
    });
    expect(readDraft(storage, draftKey(USER, null))).toBeNull();
    removeDraft(storage, draftKey(USER, EVENT));
    expect(storage.map.size).toBe(0);
  });

  it('ignores entries it cannot read, and survives storage that refuses', () => {
    const storage = memoryStorage();
    storage.setItem('bad-json', '{');
    storage.setItem('bad-shape', JSON.stringify({ savedAt: 'x', values: { title: 1 } }));
    expect(readDraft(storage, 'bad-json')).toBeNull();
    expect(readDraft(storage, 'bad-shape')).toBeNull();
    const full: DraftStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(writeDraft(full, 'k', values)).toBe(false);
    expect(readDraft(full, 'k')).toBeNull();
    expect(() => removeDraft(full, 'k')).not.toThrow();
    expect(writeDraft(null, 'k', values)).toBe(false);
  });

  it('remembers whether the browser took the last write, so the composer says the truth', () => {
    let full = false;
    const storage = memoryStorage();
    const flaky: DraftStorage = {
      ...storage,
      setItem: (k, v) => {
        if (full) throw new Error('QuotaExceededError');
        storage.setItem(k, v);
      },
    };
    const keeper = createDraftKeeper(flaky);
    expect(keeper.refused.get()).toEqual({ refused: false });
    const story = { ...values, targets: [{ connectionId: 'c1', format: 'story' as const }] };
    keeper.keep('k', story);
    expect(readDraft(flaky, 'k')?.values).toEqual(story);
    full = true;
    keeper.keep('k', { ...story, title: 'Longer' });
    expect(keeper.refused.get()).toEqual({ refused: true });
    full = false;
    keeper.keep('k', story);
    expect(keeper.refused.get()).toEqual({ refused: false });
    // No storage at all (blocked): nothing is kept, from the start.
    expect(createDraftKeeper(null).refused.get()).toEqual({ refused: true });
  });
});
