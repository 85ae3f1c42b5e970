// Instagram's rolling 24-hour publishing limit across a whole campaign
// (docs/product/meta-platform.md#instagram-publishing-quota): a publish is refused once the
// account's `quota_total` posts went out in the 24 hours before it. The check at save time reads
// what the account may still publish now; a campaign schedules weeks of posts at once, so every
// 24-hour window of its schedule is checked here against the account's limit, counting the posts
// already scheduled or published for the account. Pure: the caller reads the limit from the
// platform and the times from the business's deliveries.

export const QUOTA_WINDOW_MS = 86_400_000;

/** One Instagram account: its limit, what it already has, and what the campaign plans for it. */
export interface AccountSchedule {
  connectionId: string;
  /** Posts the platform allows in any 24 hours; null: not known (nothing is checked). */
  limit: number | null;
  /** When the account's other posts go or went out (ms since the epoch). */
  existing: readonly number[];
  /** The campaign's posts for the account. */
  planned: readonly { key: string; at: number }[];
}

/** A planned post that would publish past its account's limit. */
export interface QuotaOverflow {
  key: string;
  connectionId: string;
  limit: number;
  /** When it was planned (ms). */
  at: number;
  /** The 24-hour window that holds more than `limit` posts with it: [from, until). */
  from: number;
  until: number;
}

interface Point {
  at: number;
  /** null: a post already on the calendar, which the campaign cannot move. */
  key: string | null;
  dropped: boolean;
}

/**
 * Every planned post to move so that no 24-hour window of any account holds more than its limit.
 * The posts are taken in time order (the account's own first at the same instant); when a window
 * holds one post too many, the latest planned post in it overflows — the choice that frees the
 * most of the windows after it, so the fewest posts are named. A window that the account's own
 * posts fill without the campaign names nothing.
 */
export function quotaOverflows(accounts: readonly AccountSchedule[]): QuotaOverflow[] {
  const out: QuotaOverflow[] = [];
  for (const account of accounts) {
    const { limit } = account;
    if (limit === null || account.planned.length === 0) continue;
    const points: Point[] = [
      ...account.existing.map((at) => ({ at, key: null, dropped: false })),
      ...account.planned.map((p) => ({ at: p.at, key: p.key, dropped: false })),
    ].sort((a, b) => a.at - b.at || (a.key === null ? -1 : 0) - (b.key === null ? -1 : 0));
    let start = 0;
    for (let i = 0; i < points.length; i += 1) {
      const at = points[i]!.at;
      while (points[start]!.at <= at - QUOTA_WINDOW_MS) start += 1;
      let kept = points.slice(start, i + 1).filter((p) => !p.dropped);
      while (kept.length > limit) {
        const victim = kept.findLast((p) => p.key !== null);
        if (!victim) break;
        victim.dropped = true;
        const from = kept[0]!.at;
        out.push({
          key: victim.key!,
          connectionId: account.connectionId,
          limit,
          at: victim.at,
          from,
          until: from + QUOTA_WINDOW_MS,
        });
        kept = kept.filter((p) => p !== victim);
      }
    }
  }
  return out;
}

/** The window, for a message: "Mar 3, 09:00 – Mar 4, 09:00 UTC". */
export function describeWindow(from: number, until: number): string {
  const format = (ms: number) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(ms));
  return `${format(from)} – ${format(until)} UTC`;
}
