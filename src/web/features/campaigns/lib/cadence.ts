import type { Cadence } from '#shared/contracts/campaign-plan.contract.ts';
import type { BusinessProfile } from '#shared/contracts/account.contract.ts';
import type { BestTime } from '#shared/contracts/ai-content.contract.ts';

// The cadence a new campaign starts from: the business's posting hours (docs/product/screens.md
// #campaigns), their days and the start of each, as the posting queue uses them.

const MOST_TIMES = 6;
/** Monday, Wednesday and Friday when the business has no posting hours. */
const FALLBACK_DAYS = [1, 3, 5];

export function defaultCadence(hours: BusinessProfile['posting_hours'] | undefined): Cadence {
  const list = hours ?? [];
  const days = [...new Set(list.map((h) => h.day))].sort((a, b) => a - b);
  const times = [...new Set(list.map((h) => h.start))].sort().slice(0, MOST_TIMES);
  const weekdays = days.length > 0 ? days : FALLBACK_DAYS;
  return { postsPerWeek: weekdays.length, weekdays, times };
}

/**
 * Once analytics has data (docs/decisions/092), its best times: their days and times, as many
 * posts a week as days.
 */
export function cadenceFromBestTimes(slots: readonly BestTime[]): Cadence | null {
  if (slots.length === 0) return null;
  const weekdays = [...new Set(slots.map((s) => s.day))].sort((a, b) => a - b);
  const times = [...new Set(slots.map((s) => s.time))].sort().slice(0, MOST_TIMES);
  return { postsPerWeek: weekdays.length, weekdays, times };
}
