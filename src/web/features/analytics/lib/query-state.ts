import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type {
  AnalyticsPreset,
  ExportTable,
  PostSort,
} from '#shared/contracts/analytics.contract.ts';
import { ANALYTICS_PRESETS, POST_SORTS } from './constants.ts';
import { analyticsPaths } from '../api/paths.ts';

// The page's state lives in its address (account, range, the top posts' order and page), so a
// reload or a shared link shows the same figures (docs/decisions/092).

export const DEFAULT_PRESET: AnalyticsPreset = '28';

/** What the overview, the top posts and the exports are asked for. */
export interface AnalyticsParams {
  account: string;
  range?: AnalyticsPreset;
  from?: string;
  to?: string;
}

export interface PostsParams extends AnalyticsParams {
  sort: PostSort;
  dir: 'asc' | 'desc';
  page: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function pick<T extends string>(list: readonly T[], value: string | null): T | undefined {
  return list.find((v) => v === value);
}

/** The query of the address: a custom range when both dates are there, else a preset. */
export function paramsFrom(search: URLSearchParams): PostsParams {
  const account = search.get('account') || 'all';
  const from = search.get('from');
  const to = search.get('to');
  const base: AnalyticsParams =
    from && to && DATE.test(from) && DATE.test(to)
      ? { account, from, to }
      : { account, range: pick(ANALYTICS_PRESETS, search.get('range')) ?? DEFAULT_PRESET };
  const page = Number(search.get('page'));
  return {
    ...base,
    sort: pick(POST_SORTS, search.get('sort')) ?? 'interactions',
    dir: search.get('dir') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The range part only: what the overview and the range-bound exports take. */
export function rangeParams({ account, range, from, to }: AnalyticsParams): AnalyticsParams {
  return range ? { account, range } : { account, from: from!, to: to! };
}

/** The address of a CSV export for the page's current query (a plain download link). */
export function exportHref(table: ExportTable, params: PostsParams): string {
  const query = new URLSearchParams();
  const range = rangeParams(params);
  query.set('account', range.account);
  if (range.range) query.set('range', range.range);
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  if (table === 'posts') {
    query.set('sort', params.sort);
    query.set('dir', params.dir);
  }
  // Demographics and best times are per account, whatever the range.
  if (table === 'demographics' || table === 'best-times') {
    return `${analyticsPaths.export(table)}?account=${encodeURIComponent(range.account)}`;
  }
  return `${analyticsPaths.export(table)}?${query.toString()}`;
}

export function useAnalyticsState() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => paramsFrom(search), [search]);

  const update = useCallback(
    (changes: Record<string, string | null>) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );

  return {
    params,
    setAccount: (account: string) =>
      update({ account: account === 'all' ? null : account, page: null }),
    setPreset: (range: AnalyticsPreset) => update({ range, from: null, to: null, page: null }),
    setCustom: (from: string, to: string) => update({ range: null, from, to, page: null }),
    setSort: (sort: PostSort, dir: 'asc' | 'desc') => update({ sort, dir, page: null }),
    setPage: (page: number) => update({ page: page > 1 ? String(page) : null }),
  };
}

export type AnalyticsState = ReturnType<typeof useAnalyticsState>;
