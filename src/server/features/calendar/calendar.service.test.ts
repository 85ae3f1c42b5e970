import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_EVENT_PAGE_SIZE,
  DEFAULT_UPCOMING_LIMIT,
  type CalendarEvent,
} from '#shared/contracts/calendar.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { Actor } from '#shared/permissions.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { createSignedInUser, getTestApp, type TestApp } from '#server/test/app.ts';
import { subscription } from '../subscription/subscription.tables.ts';
import { calendarEvents } from '../posts/index.ts';
import { giveAccount } from '../posts/posts.test-helpers.ts';
import * as repo from './calendar.repository.ts';
import * as calendar from './calendar.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const HOUR = 3_600_000;

function ctxFor(userId: string, actor: Partial<Actor> = {}): ServiceContext {
  return {
    deps: t.runtime.deps,
    actor: { userId, tenantId: userId, tenantRole: 'owner', isAdmin: false, ...actor },
  };
}

async function newTenant(): Promise<string> {
  return (await createSignedInUser(t)).userId;
}

type EventSeed = Partial<typeof calendarEvents.$inferInsert>;

/** Rows written in the tenant's own scope, skipping the use case's rules (past dates, plans). */
async function insertEvents(userId: string, rows: EventSeed[]): Promise<string[]> {
  const inserted = await withTenant(t.runtime.deps.database, { userId, tenantId: userId }, (tx) =>
    tx
      .insert(calendarEvents)
      .values(rows.map((row, i) => ({ title: `Event ${i}`, ...row, userId })))
      .returning({ id: calendarEvents.id }),
  );
  return inserted.map((row) => row.id);
}

async function setPlan(
  userId: string,
  plan: 'free' | 'trial' | 'premium',
  status: 'active' | 'inactive' = 'active',
) {
  await t.runtime.deps.database.unsafeDb
    .update(subscription)
    .set({ plan, status })
    .where(eq(subscription.userId, userId));
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const ids = (events: CalendarEvent[]) => events.map((e) => e.id);

describe('user id validation (docs/product/validation.md#user-id)', () => {
  const ops: Array<[string, (ctx: ServiceContext, userId: string) => Promise<unknown>]> = [
    ['listEvents', (ctx, u) => calendar.listEvents(ctx, u)],
    ['listUpcomingEvents', (ctx, u) => calendar.listUpcomingEvents(ctx, u)],
    ['listAiContent', (ctx, u) => calendar.listAiContent(ctx, u)],
    ['getEvent', (ctx, u) => calendar.getEvent(ctx, u, crypto.randomUUID())],
    ['createEvent', (ctx, u) => calendar.createEvent(ctx, { user_id: u, title: 'Hello' })],
    ['updateEvent', (ctx, u) => calendar.updateEvent(ctx, u, crypto.randomUUID(), { title: 'x' })],
    ['deleteEvent', (ctx, u) => calendar.deleteEvent(ctx, u, crypto.randomUUID())],
    [
      'scheduleEvent',
      (ctx, u) => calendar.scheduleEvent(ctx, u, crypto.randomUUID(), new Date(Date.now() + HOUR)),
    ],
  ];
  let owner: string;
  beforeAll(async () => {
    owner = await newTenant();
  });

  it.each(ops)('%s refuses an empty user id with "Invalid user ID provided"', async (_name, op) => {
    for (const bad of ['', '   ', undefined as unknown as string]) {
      const error = await rejection(op(ctxFor(owner), bad));
      expect(error.record).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Invalid user ID provided',
        userMessage: 'Invalid user ID provided',
      });
    }
  });

  it.each(ops)(
    "%s refuses another business account's id to a non-administrator",
    async (_name, op) => {
      const error = await rejection(op(ctxFor(owner), crypto.randomUUID()));
      expect(error.code).toBe('FORBIDDEN');
    },
  );
});

describe('list filters and ordering (docs/product/services.md#calendar-events)', () => {
  let owner: string;
  let e: Record<'post1' | 'post2' | 'ai3' | 'ai4' | 'note5' | 'past6', string>;
  const T0 = new Date(Date.now() + 24 * HOUR);
  T0.setUTCMinutes(0, 0, 0);
  const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

  beforeAll(async () => {
    owner = await newTenant();
    const [post1, post2, ai3, ai4, note5, past6] = await insertEvents(owner, [
      { type: 'post', status: 'draft', platforms: ['facebook'], scheduledFor: at(1) },
      { type: 'post', status: 'scheduled', platforms: ['instagram'], scheduledFor: at(2) },
      {
        type: 'ai_generated',
        status: 'draft',
        platforms: ['facebook', 'instagram'],
        scheduledFor: at(3),
      },
      { type: 'ai_generated', status: 'scheduled', platforms: [], scheduledFor: at(4) },
      { type: 'note', status: 'cancelled', platforms: ['instagram'], scheduledFor: null },
      { type: 'campaign', status: 'published', platforms: ['facebook'], scheduledFor: at(-48) },
    ]);
    e = { post1: post1!, post2: post2!, ai3: ai3!, ai4: ai4!, note5: note5!, past6: past6! };
  });

  const list = (filters: calendar.ListEventsFilters = {}) =>
    calendar.listEvents(ctxFor(owner), owner, filters);

  it('orders by scheduled_for ascending, undated last', async () => {
    expect(ids(await list())).toEqual([e.past6, e.post1, e.post2, e.ai3, e.ai4, e.note5]);
  });

  it('filters by type', async () => {
    expect(ids(await list({ type: 'ai_generated' }))).toEqual([e.ai3, e.ai4]);
    expect(ids(await list({ type: 'note' }))).toEqual([e.note5]);
  });

  it('filters by status', async () => {
    expect(ids(await list({ status: 'scheduled' }))).toEqual([e.post2, e.ai4]);
  });

  it('filters by platforms overlapping any of those asked for', async () => {
    expect(ids(await list({ platforms: ['facebook'] }))).toEqual([e.past6, e.post1, e.ai3]);
    expect(ids(await list({ platforms: ['instagram'] }))).toEqual([e.post2, e.ai3, e.note5]);
    expect(ids(await list({ platforms: ['instagram', 'facebook'] }))).toEqual([
      e.past6,
      e.post1,
      e.post2,
      e.ai3,
      e.note5,
    ]);
    // An empty list is no filter, not "matches nothing".
    expect(await list({ platforms: [] })).toHaveLength(6);
  });

  it('filters by a date range with both bounds included', async () => {
    expect(
      ids(await list({ startDate: at(2).toISOString(), endDate: at(3).toISOString() })),
    ).toEqual([e.post2, e.ai3]);
    expect(ids(await list({ startDate: at(3).toISOString() }))).toEqual([e.ai3, e.ai4]);
    expect(ids(await list({ endDate: at(1) }))).toEqual([e.past6, e.post1]);
    // One millisecond inside the bounds leaves the boundary events out.
    const inside = await list({
      startDate: new Date(at(2).getTime() + 1).toISOString(),
      endDate: new Date(at(3).getTime() - 1).toISOString(),
    });
    expect(inside).toEqual([]);
  });

  it('combines filters', async () => {
    expect(
      ids(
        await list({
          type: 'ai_generated',
          platforms: ['instagram'],
          endDate: at(3).toISOString(),
        }),
      ),
    ).toEqual([e.ai3]);
    expect(ids(await list({ type: 'post', status: 'scheduled', platforms: ['facebook'] }))).toEqual(
      [],
    );
    expect(ids(await list({ status: 'draft', startDate: at(0).toISOString() }))).toEqual([
      e.post1,
      e.ai3,
    ]);
  });

  it('answers the contract shape with ISO dates', async () => {
    const [first] = await list({ type: 'campaign' });
    expect(first).toEqual({
      id: e.past6,
      user_id: owner,
      title: 'Event 5',
      content: null,
      platforms: ['facebook'],
      type: 'campaign',
      status: 'published',
      scheduled_for: at(-48).toISOString(),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('breaks ties on scheduled_for by id, so pages are stable', async () => {
    const other = await newTenant();
    const same = at(5);
    const inserted = await insertEvents(
      other,
      [0, 1, 2, 3].map(() => ({ scheduledFor: same })),
    );
    expect(ids(await calendar.listEvents(ctxFor(other), other))).toEqual([...inserted].sort());
  });

  it('AI content lists only ai_generated events, in the same order', async () => {
    expect(ids(await calendar.listAiContent(ctxFor(owner), owner))).toEqual([e.ai3, e.ai4]);
    expect(
      ids(await calendar.listAiContent(ctxFor(owner), owner, { limit: 1, offset: 1 })),
    ).toEqual([e.ai4]);
  });
});

describe('page sizes (docs/product/constants.md#page-sizes)', () => {
  let owner: string;
  let future: string[];
  beforeAll(async () => {
    owner = await newTenant();
    const now = Date.now();
    // 55 future events, inserted out of order, 12 of them AI content; and 3 in the past.
    const seeds: EventSeed[] = Array.from({ length: 55 }, (_, i) => ({
      title: `Future ${i}`,
      scheduledFor: new Date(now + (((i * 37) % 55) + 1) * HOUR),
      type: i < 12 ? ('ai_generated' as const) : ('post' as const),
    }));
    seeds.push(
      ...[1, 2, 3].map((i) => ({ title: `Past ${i}`, scheduledFor: new Date(now - i * HOUR) })),
    );
    await insertEvents(owner, seeds);
    const all = await withTenant(
      t.runtime.deps.database,
      { userId: owner, tenantId: owner },
      (tx) => tx.select().from(calendarEvents).where(eq(calendarEvents.userId, owner)),
    );
    future = all
      .filter((row) => row.scheduledFor!.getTime() > now)
      .sort((a, b) => a.scheduledFor!.getTime() - b.scheduledFor!.getTime())
      .map((row) => row.id);
  });

  it('lists 50 events by default, and offset pages on', async () => {
    expect(DEFAULT_EVENT_PAGE_SIZE).toBe(50);
    const first = await calendar.listEvents(ctxFor(owner), owner);
    expect(first).toHaveLength(50);
    const rest = await calendar.listEvents(ctxFor(owner), owner, { offset: 50 });
    expect(rest).toHaveLength(8);
    expect(new Set([...ids(first), ...ids(rest)]).size).toBe(58);
    const times = [...first, ...rest].map((ev) => Date.parse(ev.scheduled_for!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const slice = await calendar.listEvents(ctxFor(owner), owner, { limit: 5, offset: 10 });
    expect(ids(slice)).toEqual(ids(first).slice(10, 15));
  });

  it('lists 10 upcoming events by default: after now, soonest first', async () => {
    expect(DEFAULT_UPCOMING_LIMIT).toBe(10);
    const upcoming = await calendar.listUpcomingEvents(ctxFor(owner), owner);
    expect(ids(upcoming)).toEqual(future.slice(0, 10));
    expect(ids(await calendar.listUpcomingEvents(ctxFor(owner), owner, 12))).toEqual(
      future.slice(0, 12),
    );
  });

  it('pages AI content at 50 by default', async () => {
    const ai = await calendar.listAiContent(ctxFor(owner), owner);
    expect(ai).toHaveLength(12);
    expect(ai.every((ev) => ev.type === 'ai_generated')).toBe(true);
  });
});

describe('the list cache (docs/product/constants.md#service-cache)', () => {
  it('answers an identical list from memory and drops it on every write of the tenant', async () => {
    const owner = await newTenant();
    const other = await newTenant();
    const ctx = ctxFor(owner);
    const spy = vi.spyOn(repo, 'listEventsJsonStatement');
    const future = () => new Date(Date.now() + 2 * HOUR).toISOString();

    await calendar.listEvents(ctx, owner, { type: 'post' });
    // Same filters, spelled differently: one load.
    await calendar.listEvents(ctx, owner, { type: 'post', limit: 50, offset: 0 });
    expect(spy).toHaveBeenCalledTimes(1);
    await calendar.listEvents(ctx, owner, { type: 'note' });
    expect(spy).toHaveBeenCalledTimes(2);

    // Another tenant's write leaves this tenant's entries.
    await calendar.createEvent(ctxFor(other), { user_id: other, title: 'Elsewhere' });
    await calendar.listEvents(ctx, owner, { type: 'post' });
    expect(spy).toHaveBeenCalledTimes(2);

    const created = await calendar.createEvent(ctx, { user_id: owner, title: 'New' });
    const afterCreate = await calendar.listEvents(ctx, owner, { type: 'post' });
    expect(spy).toHaveBeenCalledTimes(3);
    expect(ids(afterCreate)).toEqual([created.id]);

    await calendar.updateEvent(ctx, owner, created.id, { title: 'Renamed' });
    expect((await calendar.listEvents(ctx, owner, { type: 'post' }))[0]?.title).toBe('Renamed');
    expect(spy).toHaveBeenCalledTimes(4);

    // Nothing is scheduled without an account to publish to (docs/decisions/087).
    await giveAccount(t, owner, created.id);
    await calendar.scheduleEvent(ctx, owner, created.id, future());
    expect((await calendar.listEvents(ctx, owner, { type: 'post' }))[0]?.status).toBe('scheduled');
    expect(spy).toHaveBeenCalledTimes(5);

    await calendar.deleteEvent(ctx, owner, created.id);
    expect(await calendar.listEvents(ctx, owner, { type: 'post' })).toEqual([]);
    expect(spy).toHaveBeenCalledTimes(6);
  });

  it('does not touch the database for a cached list', async () => {
    const owner = await newTenant();
    await calendar.listEvents(ctxFor(owner), owner);
    const database = t.runtime.deps.database;
    const transaction = vi.spyOn(database, 'scopedTransaction');
    const read = vi.spyOn(database, 'scopedStatement');
    await calendar.listEvents(ctxFor(owner), owner);
    expect(transaction).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
  });

  it('reads an uncached list in one scoped statement, under row-level security', async () => {
    const owner = await newTenant();
    const database = t.runtime.deps.database;
    const read = vi.spyOn(database, 'scopedStatement');
    await calendar.listEvents(ctxFor(owner), owner, { status: 'draft' });
    expect(read).toHaveBeenCalledTimes(1);
    expect(read.mock.calls[0]![0]).toMatchObject({ role: 'app_runtime', 'app.tenant_id': owner });
  });
});

describe('create, update, delete and schedule', () => {
  let owner: string;
  beforeAll(async () => {
    owner = await newTenant();
  });

  it('creates with created_at and updated_at set to now', async () => {
    const before = Date.now();
    const created = await calendar.createEvent(ctxFor(owner), {
      user_id: owner,
      title: '  Spring menu  ',
      content: 'Fresh bread',
      platforms: ['instagram'],
    });
    expect(created).toMatchObject({
      user_id: owner,
      title: 'Spring menu',
      content: 'Fresh bread',
      platforms: ['instagram'],
      type: 'post',
      status: 'draft',
      scheduled_for: null,
    });
    expect(created.created_at).toBe(created.updated_at);
    expect(Date.parse(created.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(await calendar.getEvent(ctxFor(owner), owner, created.id)).toEqual(created);
  });

  it('refuses a scheduled event without a future time, on the scheduled_for field', async () => {
    const past = await rejection(
      calendar.createEvent(ctxFor(owner), {
        user_id: owner,
        title: 'Late',
        status: 'scheduled',
        scheduled_for: new Date(Date.now() - HOUR).toISOString(),
      }),
    );
    expect(past.code).toBe('VALIDATION_ERROR');
    expect(past.record.details).toMatchObject({
      fieldErrors: { scheduled_for: 'Choose a time in the future' },
    });
    const missing = await rejection(
      calendar.createEvent(ctxFor(owner), { user_id: owner, title: 'When?', status: 'scheduled' }),
    );
    expect(missing.record.details).toMatchObject({
      fieldErrors: { scheduled_for: 'Choose when to publish' },
    });
  });

  it('validates the input itself, with field errors', async () => {
    const error = await rejection(
      calendar.createEvent(ctxFor(owner), { user_id: owner, title: '   ' }),
    );
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.record.details).toMatchObject({ fieldErrors: { title: 'Title is required' } });
  });

  it('updates by id and user_id, setting updated_at', async () => {
    const [id] = await insertEvents(owner, [
      {
        title: 'Old',
        createdAt: new Date(Date.now() - HOUR),
        updatedAt: new Date(Date.now() - HOUR),
      },
    ]);
    const updated = await calendar.updateEvent(ctxFor(owner), owner, id!, {
      title: 'New',
      platforms: ['facebook'],
    });
    expect(updated).toMatchObject({ id, title: 'New', platforms: ['facebook'] });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(updated.created_at));
  });

  it('lets the text of a past scheduled event change, but not its time into the past', async () => {
    const [id] = await insertEvents(owner, [
      { status: 'scheduled', scheduledFor: new Date(Date.now() - HOUR) },
    ]);
    await expect(
      calendar.updateEvent(ctxFor(owner), owner, id!, { content: 'Edited' }),
    ).resolves.toMatchObject({
      content: 'Edited',
    });
    const error = await rejection(
      calendar.updateEvent(ctxFor(owner), owner, id!, {
        scheduled_for: new Date(Date.now() - 2 * HOUR).toISOString(),
      }),
    );
    expect(error.record.details).toMatchObject({
      fieldErrors: { scheduled_for: 'Choose a time in the future' },
    });
  });

  it('schedules: scheduled_for set and status scheduled; the time must be in the future', async () => {
    const [id] = await insertEvents(owner, [{ status: 'draft' }]);
    await giveAccount(t, owner, id!);
    const when = new Date(Date.now() + 3 * HOUR);
    const scheduled = await calendar.scheduleEvent(ctxFor(owner), owner, id!, when);
    expect(scheduled).toMatchObject({ id, status: 'scheduled', scheduled_for: when.toISOString() });
    const error = await rejection(
      calendar.scheduleEvent(ctxFor(owner), owner, id!, new Date(Date.now() - 1000)),
    );
    expect(error.code).toBe('VALIDATION_ERROR');
  });

  it('deletes by id and user_id; a second delete finds nothing', async () => {
    const [id] = await insertEvents(owner, [{}]);
    await calendar.deleteEvent(ctxFor(owner), owner, id!);
    expect((await rejection(calendar.getEvent(ctxFor(owner), owner, id!))).code).toBe('NOT_FOUND');
    expect((await rejection(calendar.deleteEvent(ctxFor(owner), owner, id!))).code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('tenant isolation, permissions and plans', () => {
  let a: string;
  let b: string;
  let aEvent: string;
  beforeAll(async () => {
    [a, b] = await Promise.all([newTenant(), newTenant()]);
    [aEvent] = (await insertEvents(a, [
      { title: 'A only', scheduledFor: new Date(Date.now() + HOUR) },
    ])) as [string];
  });

  it("never shows one account's events to another: not found, never forbidden", async () => {
    const ctxB = ctxFor(b);
    for (const op of [
      () => calendar.getEvent(ctxB, b, aEvent),
      () => calendar.updateEvent(ctxB, b, aEvent, { title: 'Hijacked' }),
      () => calendar.scheduleEvent(ctxB, b, aEvent, new Date(Date.now() + HOUR)),
      () => calendar.deleteEvent(ctxB, b, aEvent),
    ]) {
      const error = await rejection(op());
      expect(error.code).toBe('NOT_FOUND');
      expect(error.record.userMessage).toBe('The requested resource could not be found.');
    }
    expect(ids(await calendar.listEvents(ctxB, b))).not.toContain(aEvent);
    expect(ids(await calendar.listUpcomingEvents(ctxB, b))).not.toContain(aEvent);
    expect((await calendar.getEvent(ctxFor(a), a, aEvent)).title).toBe('A only');
  });

  it("lets an administrator act on another account's calendar", async () => {
    const admin = ctxFor(b, { isAdmin: true });
    expect(ids(await calendar.listEvents(admin, a))).toEqual([aEvent]);
  });

  it('checks the permission before anything else', async () => {
    const viewer = ctxFor(a, { tenantRole: 'viewer' });
    expect(await calendar.listEvents(viewer, a)).toHaveLength(1);
    for (const op of [
      () => calendar.createEvent(viewer, { user_id: '', title: 'x' }),
      () => calendar.updateEvent(viewer, a, aEvent, { title: 'x' }),
      () => calendar.deleteEvent(viewer, a, aEvent),
      () => calendar.scheduleEvent(viewer, a, aEvent, new Date(Date.now() + HOUR)),
    ]) {
      expect((await rejection(op())).code).toBe('FORBIDDEN');
    }
  });

  it('refuses calendar writes on the free plan and on an inactive subscription, but still reads and deletes', async () => {
    const owner = await newTenant();
    const [id, another] = await insertEvents(owner, [{ title: 'Kept' }, { title: 'Gone' }]);
    const ctx = ctxFor(owner);
    for (const [plan, status] of [
      ['free', 'active'],
      ['trial', 'inactive'],
    ] as const) {
      await setPlan(owner, plan, status);
      for (const op of [
        () => calendar.createEvent(ctx, { user_id: owner, title: 'Nope' }),
        () => calendar.createEvent(ctx, { user_id: owner, title: 'Nope', type: 'ai_generated' }),
        () => calendar.updateEvent(ctx, owner, id!, { title: 'Nope' }),
        () => calendar.scheduleEvent(ctx, owner, id!, new Date(Date.now() + HOUR)),
      ]) {
        const error = await rejection(op());
        expect(error.code).toBe('FEATURE_NOT_AVAILABLE');
        expect(error.record.userMessage).toBe('This feature is currently not available.');
      }
    }
    expect(ids(await calendar.listEvents(ctx, owner))).toHaveLength(2);
    await calendar.deleteEvent(ctx, owner, another!);
    await setPlan(owner, 'premium');
    await expect(
      calendar.createEvent(ctx, { user_id: owner, title: 'Yes' }),
    ).resolves.toMatchObject({ title: 'Yes' });
  });
});
