import { z } from 'zod';
import type { Generation, Variant } from '#shared/contracts/ai-content.contract.ts';
import { fetchGeneration, fetchRecentGenerations } from '../api/ai-content-api.ts';

// Generated variants are never lost on a reload (docs/decisions/064). The server stores every
// variant as it is written; this browser remembers which ones were on screen (the generation
// and index of each card, never their text), one entry per person and business, and the page
// opens them again. With nothing remembered (another browser, storage blocked) it opens the
// newest generation that has variants.

const PREFIX = 'socigen.ai-content.v1';

export type ResultsStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface ResultRef {
  generation_id: string;
  index: number;
}

const storedSchema = z.object({
  refs: z.array(z.object({ generation_id: z.uuid(), index: z.int().min(0) })).max(10),
});

export function resultsKey(userId: string, tenantId: string): string {
  return `${PREFIX}:${userId}:${tenantId}:results`;
}

/** The browser's storage, or null where it cannot be used (private modes, blocked storage). */
export function browserStorage(): ResultsStorage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function readResults(storage: ResultsStorage | null, key: string): ResultRef[] {
  if (!storage) return [];
  try {
    const raw = storage.getItem(key);
    if (raw === null) return [];
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.refs : [];
  } catch {
    return [];
  }
}

export function writeResults(storage: ResultsStorage | null, key: string, refs: ResultRef[]) {
  if (!storage) return;
  try {
    storage.setItem(key, JSON.stringify({ refs: refs.slice(0, 10) }));
  } catch {
    // Storage full or blocked: the newest generation is opened instead.
  }
}

export interface OpenedResults {
  /** The generation the cards came from (the first card's, when regenerated ones are mixed in). */
  generation: Generation;
  items: Array<{ generationId: string; variant: Variant }>;
}

/** Every variant of one generation, as cards. */
export function resultsOf(generation: Generation): OpenedResults {
  return {
    generation,
    items: generation.variants.map((variant) => ({ generationId: generation.id, variant })),
  };
}

/**
 * The cards to show when the page opens: those this browser had on screen, else the newest
 * generation with variants; null when there are none (a new business) or they cannot be read.
 */
export async function restoreResults(
  storage: ResultsStorage | null,
  key: string,
  signal: AbortSignal,
): Promise<OpenedResults | null> {
  const refs = readResults(storage, key);
  if (refs.length > 0) {
    const ids = [...new Set(refs.map((r) => r.generation_id))];
    const generations = await Promise.all(
      ids.map((id) => fetchGeneration(id, signal).catch(() => null)),
    );
    const items = refs.flatMap((ref) => {
      const generation = generations.find((g) => g?.id === ref.generation_id);
      const variant = generation?.variants.find((v) => v.index === ref.index);
      return variant ? [{ generationId: ref.generation_id, variant }] : [];
    });
    const first = generations.find((g) => g?.id === items[0]?.generationId);
    if (first && items.length > 0) return { generation: first, items };
  }
  const recent = await fetchRecentGenerations(5, signal);
  const newest = recent.items.find((g) => g.variants.length > 0);
  return newest ? resultsOf(newest) : null;
}
