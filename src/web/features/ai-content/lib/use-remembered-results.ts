import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useUserId } from '../../auth/index.ts';
import { aiContentKeys } from '../api/ai-content-api.ts';
import type { Slot } from './generation-state.ts';
import {
  browserStorage,
  restoreResults,
  writeResults,
  type OpenedResults,
} from './results-storage.ts';

/**
 * The cards on screen are remembered by this browser, per person and business, and opened again
 * when the page is (docs/decisions/064): read once per key when the page opens (not retried, not
 * kept), and written whenever the ready cards change.
 */
export function useRememberedResults(
  storageKey: string | null,
  slots: readonly Slot[],
  onRestore: (opened: OpenedResults) => void,
): { restoring: boolean } {
  const userId = useUserId() ?? 'anonymous';
  const query = useQuery({
    queryKey: aiContentKeys.remembered(userId, storageKey ?? ''),
    queryFn: ({ signal }) => restoreResults(browserStorage(), storageKey!, signal),
    enabled: storageKey !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    // Nothing to open: the history still lists every generation.
    meta: { handlesErrors: true },
  });
  const restoring = storageKey !== null && query.isPending;

  const handled = useRef<OpenedResults | null>(null);
  const { data } = query;
  useEffect(() => {
    if (!data || handled.current === data) return;
    handled.current = data;
    onRestore(data);
  }, [data, onRestore]);

  useEffect(() => {
    if (!storageKey || restoring) return;
    const refs = slots
      .filter((s) => s.status === 'ready' && s.generationId)
      .map((s) => ({ generation_id: s.generationId!, index: s.index }));
    if (refs.length > 0) writeResults(browserStorage(), storageKey, refs);
  }, [slots, storageKey, restoring]);

  return { restoring };
}
