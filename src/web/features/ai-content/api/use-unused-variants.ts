import type { Platform } from '#shared/contracts/account.contract.ts';
import type { HistoryPage } from '#shared/contracts/ai-content.contract.ts';
import type { PostFormat } from '#shared/platform-limits.ts';
import { useQuery } from '@tanstack/react-query';
import { useUserId } from '../../auth/index.ts';
import { aiContentKeys, fetchRecentGenerations } from './ai-content-api.ts';

// The AI content variants not used yet (never saved as a post), newest generation first: ideas
// the calendar's tray offers to plan (docs/decisions/078). Read from the history of generations
// (GET /api/ai-content/generations), under the key the AI content page's history uses.

/** How many of the newest generations are looked through. */
export const RECENT_GENERATIONS = 20;

export interface UnusedVariant {
  generationId: string;
  index: number;
  caption: string;
  hashtags: string[];
  platform: Platform;
  format: PostFormat;
  prompt: string;
  createdAt: string;
}

export function unusedVariants(page: HistoryPage | undefined): UnusedVariant[] {
  if (!page) return [];
  return page.items.flatMap((generation) =>
    generation.variants
      .filter((v) => v.event_id === null && v.caption.trim() !== '')
      .map((v) => ({
        generationId: generation.id,
        index: v.index,
        caption: v.caption,
        hashtags: v.hashtags,
        platform: generation.options.platform,
        format: generation.options.format,
        prompt: generation.prompt,
        createdAt: generation.created_at,
      })),
  );
}

/** The history's first page, as the AI content page keeps it (same key), while `enabled`. */
export function useUnusedVariants(enabled = true) {
  const userId = useUserId() ?? 'anonymous';
  const { data, isPending, isError, error, isFetching, refetch } = useQuery({
    queryKey: aiContentKeys.history(userId, '', RECENT_GENERATIONS),
    queryFn: ({ signal }) => fetchRecentGenerations(RECENT_GENERATIONS, signal),
    enabled,
    // A plan without AI content, or a failure: the tray lists the drafts alone.
    meta: { handlesErrors: true },
  });
  return { variants: unusedVariants(data), isPending, isError, error, isFetching, refetch };
}
