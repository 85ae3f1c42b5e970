import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import {
  formatTimeKey,
  parseTimeKey,
  zonedToUtc,
  type PlainDate,
} from '../../../lib/zoned-time.ts';
import { useSaveVariant, useUnusedVariants } from '../../ai-content/index.ts';
import { withComposer } from '../../posts/index.ts';
import { useIdeaDrafts } from '../api/use-planning.ts';
import { DEFAULT_CREATE_HOUR } from './calendar-model.ts';
import { findIdea, ideasOf, type Idea } from './ideas-model.ts';

// The ideas tray's data and its one action (docs/decisions/078): plan an idea at a date and
// time. The composer does every check and the scheduling: a draft opens there at that date and
// time; an AI content variant is first saved as its draft at that time, as AI content's own
// "Schedule" does (docs/decisions/087), so the variant keeps its link to the post.

export function useIdeas(userId: string | null, enabled: boolean) {
  const drafts = useIdeaDrafts(userId, enabled);
  const variants = useUnusedVariants(enabled);
  const ideas = useMemo(
    () => ideasOf(drafts.data ?? [], variants.variants),
    [drafts.data, variants.variants],
  );
  return {
    ideas,
    isPending: drafts.isPending,
    error: drafts.error ?? null,
    retrying: drafts.isFetching,
    retry: () => void drafts.refetch(),
    /** Variants could not be read: the drafts are still listed. */
    variantsFailed: variants.isError,
  };
}

export interface PlanAt {
  date: PlainDate;
  /** "HH:MM" in the business time zone. */
  time: string;
}

export function usePlanIdea(timeZone: string, ideas: readonly Idea[]) {
  const [, setParams] = useSearchParams();
  const save = useSaveVariant();
  const { mutateAsync } = save;

  const plan = useCallback(
    async (idea: Idea, at: PlanAt): Promise<boolean> => {
      if (idea.kind === 'draft') {
        setParams((current) => withComposer(current, { eventId: idea.id, ...at }));
        return true;
      }
      const time = parseTimeKey(at.time) ?? { hour: DEFAULT_CREATE_HOUR, minute: 0 };
      const instant = zonedToUtc({ ...at.date, ...time }, timeZone);
      try {
        const saved = await mutateAsync({
          generationId: idea.variant.generationId,
          index: idea.variant.index,
          body: {
            caption: idea.variant.caption,
            hashtags: idea.variant.hashtags,
            status: 'draft',
            scheduled_for: instant.toISOString(),
          },
        });
        setParams((current) => withComposer(current, { eventId: saved.event.id }));
        return true;
      } catch (error) {
        const field = Object.values(fieldErrorsOf(error))[0];
        toast.error(field ?? userMessageOf(error));
        return false;
      }
    },
    [setParams, mutateAsync, timeZone],
  );

  // The ideas as last read, for a drop handler that stays the same (the calendar's cells are
  // memoized on their actions).
  const latest = useRef(ideas);
  useLayoutEffect(() => {
    latest.current = ideas;
  }, [ideas]);

  /** An idea dropped on a day (at the calendar's usual hour) or on an hour of the week view. */
  const planDropped = useCallback(
    (key: string, day: PlainDate, hour?: number) => {
      const idea = findIdea(latest.current, key);
      if (idea) void plan(idea, { date: day, time: formatTimeKey(hour ?? DEFAULT_CREATE_HOUR, 0) });
    },
    [plan],
  );

  return { plan, planDropped, saving: save.isPending };
}

const TRAY_STORAGE_KEY = 'soci-gen:ideas-tray-open';

/** Open on wide screens unless the person closed it; a calendar of 1280 pixels keeps its room. */
function initialOpen(): boolean {
  try {
    const stored = window.localStorage.getItem(TRAY_STORAGE_KEY);
    if (stored !== null) return stored === 'true';
  } catch {
    // Storage can be disabled; the default then applies.
  }
  return typeof window !== 'undefined' && window.matchMedia?.('(min-width: 1440px)').matches;
}

/**
 * The ideas tray beside the month and week views: its ideas, planning one, and whether the
 * desktop panel is open (remembered in this browser).
 */
export function useIdeasTray(userId: string | null, timeZone: string, enabled: boolean) {
  const data = useIdeas(userId, enabled);
  const planner = usePlanIdea(timeZone, data.ideas);
  const [open, setOpenState] = useState(initialOpen);
  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    try {
      window.localStorage.setItem(TRAY_STORAGE_KEY, String(next));
    } catch {
      // Not remembering the choice is acceptable.
    }
  }, []);
  return { enabled, ...data, ...planner, open, setOpen };
}

export type IdeasTrayState = ReturnType<typeof useIdeasTray>;
