import {
  QUEUE_EMPTY_SLOTS_SHOWN,
  QUEUE_HORIZON_DAYS,
  QUEUE_LEAD_MINUTES,
  type AccountQueue,
  type QueueEntry,
  type SlotSource,
} from '#shared/contracts/queue.contract.ts';
import type { Post } from '#shared/contracts/posts.contract.ts';
import { accountLabel } from '#shared/account-label.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { listConnections, type ConnectionRow } from '../platforms/platforms.repository.ts';
import { findBusinessProfile } from '../settings/settings.repository.ts';
import {
  listBusy,
  listMembers,
  listQueueRows,
  listSlots,
  type BusyPost,
  type Member,
  type QueueRow,
} from './queue.repository.ts';
import {
  defaultSlots,
  minuteKey,
  placeInOrder,
  slotsFrom,
  toWire,
  type WeeklySlot,
} from './slots.ts';
import { knownTimeZone } from './wall-clock.ts';

// An account's queue as one operation reads it (docs/decisions/077): its posting times (its own
// or the defaults of the business's posting hours), whether it is paused, its queued posts in
// order, and its other posts that hold a time or count toward its quota. Also the view of it
// that GET /api/queue answers.

const MINUTE = 60_000;
const DAY = 86_400_000;
const MAX_TIMELINE = 300;

export interface Business {
  timeZone: string;
  postingHours: ReadonlyArray<{ day: number; start: string }>;
  defaultPlatforms: readonly string[];
}

export interface AccountState {
  connection: ConnectionRow;
  /** null: its queue was never used; its times are the defaults. */
  row: QueueRow | null;
  source: SlotSource;
  slots: WeeklySlot[];
  paused: boolean;
  /** Its queued posts, in order: scheduled ones, or while paused its drafts. */
  members: Member[];
  /** Its other posts from a day before now to the horizon. */
  busy: BusyPost[];
}

export async function readBusiness(tx: Tx, tenantId: string): Promise<Business> {
  const profile = await findBusinessProfile(tx, tenantId);
  return {
    timeZone: knownTimeZone(profile?.time_zone),
    postingHours: profile?.posting_hours ?? [],
    defaultPlatforms: profile?.default_platforms ?? [],
  };
}

/** The earliest a post may go now. */
export const earliestAt = (now: Date) => new Date(now.getTime() + QUEUE_LEAD_MINUTES * MINUTE);
export const horizonOf = (now: Date) => new Date(now.getTime() + QUEUE_HORIZON_DAYS * DAY);

/** Every connected account's queue (or the one named), in the order the business lists them. */
export async function readAccountStates(
  tx: Tx,
  tenantId: string,
  business: Business,
  now: Date,
  only?: string,
): Promise<AccountState[]> {
  const connections = (await listConnections(tx, tenantId)).filter(
    (c) => c.status === 'connected' && (only === undefined || c.id === only),
  );
  if (connections.length === 0) return [];
  const rows = await listQueueRows(tx, tenantId);
  const slotRows = await listSlots(tx, tenantId);
  const members = await listMembers(tx, tenantId, only);
  const defaults = defaultSlots(business.postingHours);
  const preferred = (c: ConnectionRow) => (business.defaultPlatforms.includes(c.platform) ? 0 : 1);
  const states: AccountState[] = [];
  for (const connection of [...connections].sort((a, b) => preferred(a) - preferred(b))) {
    const row = rows.find((r) => r.connectionId === connection.id) ?? null;
    const paused = row?.pausedAt != null;
    const mine = members.filter(
      (m) => m.connectionId === connection.id && m.status === (paused ? 'draft' : 'scheduled'),
    );
    const ids = new Set(mine.map((m) => m.eventId));
    const busy = (await listBusy(tx, tenantId, connection.id, now, horizonOf(now))).filter(
      (b) => !ids.has(b.eventId),
    );
    states.push({
      connection,
      row,
      source: row ? 'account' : defaults.source,
      slots: row
        ? slotRows
            .filter((s) => s.connectionId === connection.id)
            .map(({ weekday, minuteOfDay }) => ({ weekday, minuteOfDay }))
        : defaults.slots,
      paused,
      members: mine,
      busy,
    });
  }
  return states;
}

/** What an operation relied on: any change of it meanwhile refuses the operation. */
export function fingerprint(state: Pick<AccountState, 'paused' | 'members' | 'slots'>): string {
  const members = state.members.map((m) => `${m.eventId}@${m.slotAt.getTime()}`).join(',');
  const slots = state.slots.map((s) => `${s.weekday}:${s.minuteOfDay}`).join(',');
  return `${state.paused}|${members}|${slots}`;
}

/** Queued posts going out within the lead time stay where they are (a paused queue's do not go). */
export function isPinned(state: Pick<AccountState, 'paused'>, member: Member, now: Date): boolean {
  return !state.paused && member.slotAt.getTime() <= earliestAt(now).getTime();
}

/** The times other posts of the account hold (minutes), without those given. */
export function occupancyOf(
  state: AccountState,
  quotaTotal: number | null,
  without: ReadonlySet<string> = new Set(),
) {
  const holding = state.busy.filter((b) => !without.has(b.eventId));
  const members = state.members.filter((m) => !without.has(m.eventId));
  const due = holding.filter((b) => b.status !== 'published');
  return {
    taken: new Set([
      ...due.map((b) => minuteKey(b.at)),
      ...members.map((m) => minuteKey(m.slotAt)),
    ]),
    quotaTimes: [...holding.map((b) => b.at.getTime()), ...members.map((m) => m.slotAt.getTime())],
    quotaTotal,
  };
}

/**
 * Where the next post goes: the first free posting time from the lead time on — in a paused
 * queue, after its last post, so it keeps its place at the end. The quota is left out here (it
 * is read from the platform only when a post is added).
 */
export function nextSlot(
  state: AccountState,
  timeZone: string,
  now: Date,
  quotaTotal: number | null = null,
  without: ReadonlySet<string> = new Set(),
): Date | null {
  const last = state.paused ? state.members.at(-1)?.slotAt : undefined;
  const from = new Date(Math.max(earliestAt(now).getTime(), (last?.getTime() ?? 0) + 1));
  const candidates = slotsFrom(state.slots, timeZone, from, horizonOf(now));
  return placeInOrder(1, candidates, occupancyOf(state, quotaTotal, without))?.[0] ?? null;
}

/** The time line of the view: posting times with what holds each, through the last post. */
function timelineOf(state: AccountState, timeZone: string, now: Date): QueueEntry[] {
  if (state.paused) return [];
  const members = new Map(state.members.map((m) => [minuteKey(m.slotAt), m]));
  const taken = new Map(
    state.busy.filter((b) => b.status !== 'published').map((b) => [minuteKey(b.at), b]),
  );
  const lastMember = state.members.at(-1)?.slotAt.getTime() ?? 0;
  const points = new Map<number, Date>(state.members.map((m) => [minuteKey(m.slotAt), m.slotAt]));
  const entries: QueueEntry[] = [];
  let trailing = 0;
  const flush = (upTo: number) => {
    for (const key of [...points.keys()].filter((k) => k <= upTo).sort((a, b) => a - b)) {
      const at = points.get(key)!;
      points.delete(key);
      const member = members.get(key);
      const other = taken.get(key);
      entries.push({
        at: at.toISOString(),
        kind: member ? 'queued' : other ? 'taken' : 'empty',
        post_id: member?.eventId ?? other?.eventId ?? null,
        title: member ? null : (other?.title ?? null),
      });
      trailing = at.getTime() > lastMember && !member && !other ? trailing + 1 : 0;
    }
  };
  for (const at of slotsFrom(state.slots, timeZone, earliestAt(now), horizonOf(now))) {
    points.set(minuteKey(at), points.get(minuteKey(at)) ?? at);
    flush(minuteKey(at));
    if (entries.length >= MAX_TIMELINE) break;
    if (at.getTime() > lastMember && trailing >= QUEUE_EMPTY_SLOTS_SHOWN) break;
  }
  flush(Number.MAX_SAFE_INTEGER);
  return entries.slice(0, MAX_TIMELINE);
}

export function toAccountQueue(
  state: AccountState,
  posts: ReadonlyMap<string, Post>,
  timeZone: string,
  now: Date,
): AccountQueue {
  const c = state.connection;
  return {
    connection_id: c.id,
    platform: c.platform,
    account_label: accountLabel(c),
    name: c.name,
    username: c.username,
    picture_url: c.pictureUrl,
    can_publish: c.status === 'connected' && c.health !== 'expired' && c.health !== 'revoked',
    paused: state.paused,
    paused_at: state.row?.pausedAt?.toISOString() ?? null,
    slots_source: state.source,
    slots: toWire(state.slots),
    posts: state.members.flatMap((m) => {
      const post = posts.get(m.eventId);
      return post
        ? [{ slot_at: m.slotAt.toISOString(), pinned: isPinned(state, m, now), post }]
        : [];
    }),
    timeline: timelineOf(state, timeZone, now),
    next_slot_at: nextSlot(state, timeZone, now)?.toISOString() ?? null,
  };
}
