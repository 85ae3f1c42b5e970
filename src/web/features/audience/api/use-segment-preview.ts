import { useCallback, useEffect, useRef, useState } from 'react';
import type { SegmentNode } from '#shared/contracts/audience.contract.ts';
import { audienceApi, type SegmentPreview } from './audience-api.ts';

// The builder's live count and sample (POST …/segments/preview): asked ~300 ms after the tree
// stops changing; a newer tree cancels the request still under way, so an older answer never
// replaces a newer one. A tree that is not valid (null) is not sent.

export const PREVIEW_DEBOUNCE_MS = 300;

export interface PreviewState {
  data: SegmentPreview | null;
  loading: boolean;
  error: unknown;
  /** Asks again for the same tree (after a failure). */
  retry(): void;
}

export function useSegmentPreview(tree: SegmentNode | null): PreviewState {
  const [state, setState] = useState<Omit<PreviewState, 'retry'>>({
    data: null,
    loading: false,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const body = tree ? JSON.stringify(tree) : null;
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    if (body === null) return;
    const timer = setTimeout(() => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState((s) => ({ ...s, loading: true, error: null }));
      audienceApi.preview(JSON.parse(body) as SegmentNode, controller.signal).then(
        (data) => {
          if (!controller.signal.aborted) setState({ data, loading: false, error: null });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setState((s) => ({ ...s, loading: false, error }));
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [body, attempt]);

  useEffect(() => () => running.current?.abort(), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
