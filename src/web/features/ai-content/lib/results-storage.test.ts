import { describe, expect, it } from 'vitest';
import { readResults, resultsKey, writeResults, type ResultsStorage } from './results-storage.ts';

// What this browser remembers of the cards on screen (docs/decisions/064): only which
// generation and variant each card showed, and nothing it cannot read back.

function memory(): ResultsStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

const ID = '00000000-0000-4000-8000-0000000000a1';

describe('remembered results', () => {
  it('keeps one entry per person and business, with references and no text', () => {
    const storage = memory();
    const key = resultsKey('user-1', 'business-1');
    writeResults(storage, key, [{ generation_id: ID, index: 2 }]);
    expect(readResults(storage, key)).toEqual([{ generation_id: ID, index: 2 }]);
    expect(readResults(storage, resultsKey('user-1', 'business-2'))).toEqual([]);
    expect([...storage.data.values()][0]).toBe(`{"refs":[{"generation_id":"${ID}","index":2}]}`);
  });

  it('reads nothing from a damaged entry, and survives storage that refuses', () => {
    const storage = memory();
    storage.data.set('k', '{not json');
    expect(readResults(storage, 'k')).toEqual([]);
    storage.data.set('k', JSON.stringify({ refs: [{ generation_id: 'x', index: -1 }] }));
    expect(readResults(storage, 'k')).toEqual([]);
    const refusing: ResultsStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(() => writeResults(refusing, 'k', [{ generation_id: ID, index: 0 }])).not.toThrow();
    expect(readResults(refusing, 'k')).toEqual([]);
    expect(readResults(null, 'k')).toEqual([]);
  });
});
