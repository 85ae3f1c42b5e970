import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calendarEventSchema, MAX_ACCOUNT_FILTER } from '#shared/contracts/calendar.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { simulatedWorld } from '#server/test/meta-simulator.ts';
import {
  connectAll,
  saveWithTargets,
  type Connected,
} from '../publishing/publishing.test-helpers.ts';
import * as calendar from './calendar.service.ts';
import { platformPosts } from '../posts/index.ts';

// The calendar's account filter (decision 076): GET /api/calendar-events?accountIds=… answers the
// events with a delivery (platform_posts row) to any of the given connections. Accounts are
// connected through the simulator's OAuth flow and drafts are saved with their accounts through
// the composer's API (POST /api/posts), all through the real app and database.

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;
let mine: Record<'bakery' | 'catering' | 'instagram' | 'studio', Connected>;
let theirs: Record<'bakery' | 'instagram', Connected>;

const eventList = z.array(calendarEventSchema);
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

/** The accounts of the business's own simulated world (docs/decisions/057). */
function byAccount(user: SignedInUser, accounts: Connected[]) {
  const world = simulatedWorld(t, user.userId);
  const find = (platform: string, externalId: string) =>
    accounts.find((a) => a.platform === platform && a.external_id === externalId)!;
  return {
    bakery: find('facebook', world.pageId),
    catering: find('facebook', world.secondPageId),
    instagram: find('instagram', world.igAccountId),
    studio: find('instagram', world.igLoginAccountId),
  };
}

async function draftWithTargets(user: SignedInUser, title: string, hours: number, to: Connected[]) {
  const created = await user.client.request('/api/posts', {
    json: {
      post: {
        title,
        content: `${title} #bakery`,
        platforms: [...new Set(to.map((a) => a.platform))],
        scheduled_for: inHours(hours),
      },
      targets: to.map((a) => ({ connection_id: a.id, format: 'post', media_ids: [] })),
      intent: 'draft',
    },
  });
  expect(created.status, created.text).toBe(201);
  return calendarEventSchema.parse(created.json.data).id;
}

async function setTargets(user: SignedInUser, eventId: string, to: Connected[]) {
  const targets = to.map((a) => ({ connection_id: a.id, format: 'post', media_ids: [] }));
  const res = await saveWithTargets(user, eventId, targets);
  expect(res.status, res.text).toBe(200);
}

async function list(user: SignedInUser, query: string) {
  const res = await user.client.request(`/api/calendar-events${query}`);
  expect(res.status, res.text).toBe(200);
  return eventList.parse(res.json.data);
}

const ids = async (user: SignedInUser, query: string) => (await list(user, query)).map((e) => e.id);

let pageOnly: string;
let instagramOnly: string;
let both: string;
let noTargets: string;
let theirEvent: string;

beforeAll(async () => {
  t = await getTestApp();
  [owner, other] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
  mine = byAccount(owner, await connectAll(t, owner));
  const theirAccounts = byAccount(other, await connectAll(t, other));
  theirs = { bakery: theirAccounts.bakery, instagram: theirAccounts.instagram };

  pageOnly = await draftWithTargets(owner, 'Page only', 1, [mine.bakery]);
  instagramOnly = await draftWithTargets(owner, 'Instagram only', 2, [mine.instagram]);
  both = await draftWithTargets(owner, 'Both', 3, [mine.bakery, mine.instagram]);
  noTargets = await draftWithTargets(owner, 'A note to self', 4, []);
  theirEvent = await draftWithTargets(other, 'Their post', 1, [theirs.bakery, theirs.instagram]);
});

describe('GET /api/calendar-events?accountIds=', () => {
  it('answers the events with a delivery to any of the accounts, soonest first', async () => {
    // The unfiltered list first: its cached answer must not be served for a filtered one.
    expect(await ids(owner, '')).toEqual([pageOnly, instagramOnly, both, noTargets]);
    expect(await ids(owner, `?accountIds=${mine.bakery.id}`)).toEqual([pageOnly, both]);
    expect(await ids(owner, `?accountIds=${mine.instagram.id}`)).toEqual([instagramOnly, both]);
    expect(await ids(owner, `?accountIds=${mine.bakery.id},${mine.instagram.id}`)).toEqual([
      pageOnly,
      instagramOnly,
      both,
    ]);
    // Repeated keys, upper case and repeats mean the same.
    expect(
      await ids(
        owner,
        `?accountIds=${mine.instagram.id}&accountIds=${mine.bakery.id.toUpperCase()}&accountIds=${mine.bakery.id}`,
      ),
    ).toEqual([pageOnly, instagramOnly, both]);
    // An account with nothing planned, and an id that names no account, match nothing.
    expect(await ids(owner, `?accountIds=${mine.catering.id}`)).toEqual([]);
    expect(await ids(owner, `?accountIds=${crypto.randomUUID()}`)).toEqual([]);
    // An empty list is no filter.
    expect(await ids(owner, '?accountIds=')).toEqual([pageOnly, instagramOnly, both, noTargets]);
  });

  it('combines with the other filters and with paging', async () => {
    const account = `accountIds=${mine.bakery.id},${mine.instagram.id}`;
    expect(await ids(owner, `?${account}&platforms=facebook`)).toEqual([pageOnly, both]);
    expect(await ids(owner, `?${account}&status=scheduled`)).toEqual([]);
    expect(await ids(owner, `?${account}&status=draft&type=post`)).toEqual([
      pageOnly,
      instagramOnly,
      both,
    ]);
    expect(await ids(owner, `?${account}&limit=1&offset=1`)).toEqual([instagramOnly]);
    const events = await list(owner, '');
    const start = encodeURIComponent(events[1]!.scheduled_for!);
    const end = encodeURIComponent(events[3]!.scheduled_for!);
    expect(await ids(owner, `?${account}&startDate=${start}&endDate=${end}`)).toEqual([
      instagramOnly,
      both,
    ]);
  });

  it('follows a change of targets straight away (the cached list is dropped)', async () => {
    const query = `?accountIds=${mine.studio.id}`;
    expect(await ids(owner, query)).toEqual([]);
    await setTargets(owner, noTargets, [mine.studio]);
    expect(await ids(owner, query)).toEqual([noTargets]);
    await setTargets(owner, noTargets, []);
    expect(await ids(owner, query)).toEqual([]);
  });

  it('never answers with another business’s events, whichever account ids are sent', async () => {
    // The other business's own accounts find its own event …
    expect(await ids(other, `?accountIds=${theirs.bakery.id}`)).toEqual([theirEvent]);
    // … and never the owner's, through the owner's accounts or its own.
    for (const accountIds of [
      `${mine.bakery.id},${mine.instagram.id}`,
      `${theirs.bakery.id},${mine.bakery.id}`,
    ]) {
      const listed = await list(other, `?accountIds=${accountIds}`);
      expect(listed.every((e) => e.user_id === other.userId)).toBe(true);
      expect(listed.map((e) => e.id)).not.toContain(pageOnly);
    }
    // The owner sending the other business's account ids sees nothing of it: the same empty
    // answer as an id that names no account.
    expect(await ids(owner, `?accountIds=${theirs.bakery.id},${theirs.instagram.id}`)).toEqual([]);
  });

  it('does not match a delivery row of another business that names one of its accounts', async () => {
    // A row of the other business pointing at the owner's account (the composer refuses this;
    // written directly here) must not bring the other business's event into the owner's list,
    // nor the owner's events into the other's.
    await t.runtime.deps.database.unsafeDb.insert(platformPosts).values({
      userId: other.userId,
      calendarEventId: theirEvent,
      connectionId: mine.studio.id,
      platform: 'instagram',
      status: 'draft',
    });
    t.runtime.deps.cache.invalidateTenant(owner.userId);
    t.runtime.deps.cache.invalidateTenant(other.userId);
    expect(await ids(owner, `?accountIds=${mine.studio.id}`)).toEqual([]);
    expect(await ids(other, `?accountIds=${mine.studio.id}`)).toEqual([theirEvent]);
  });

  it('refuses ids that are not uuids, and more than ten accounts', async () => {
    const cases: [string, Record<string, string>][] = [
      ['?accountIds=page-1', { 'accountIds.0': 'Not a valid account id' }],
      [
        `?accountIds=${mine.bakery.id},1;drop table platform_posts`,
        { 'accountIds.1': 'Not a valid account id' },
      ],
      [
        `?accountIds=${Array.from({ length: MAX_ACCOUNT_FILTER + 1 }, () => crypto.randomUUID()).join(',')}`,
        { accountIds: 'Choose at most 10 accounts' },
      ],
    ];
    for (const [query, fieldErrors] of cases) {
      const res = await owner.client.request(`/api/calendar-events${query}`);
      expect(res.status).toBe(400);
      expect(res.json.success).toBe(false);
      expect(res.json.error).toBe('Please check your input and try again.');
      expect(res.json.metadata.errorCode).toBe('VALIDATION_ERROR');
      expect(res.json.metadata.fieldErrors).toEqual(fieldErrors);
    }
    // Ten is allowed.
    const ten = Array.from({ length: MAX_ACCOUNT_FILTER - 1 }, () => crypto.randomUUID());
    expect(await ids(owner, `?accountIds=${[mine.bakery.id, ...ten].join(',')}`)).toEqual([
      pageOnly,
      both,
    ]);
  });

  it('checks the ids in the use case too, for callers that do not come through the route', async () => {
    const ctx: ServiceContext = {
      deps: t.runtime.deps,
      actor: {
        userId: owner.userId,
        tenantId: owner.userId,
        tenantRole: 'owner',
        isAdmin: false,
      },
    };
    await expect(
      calendar.listEvents(ctx, owner.userId, { accountIds: ["x'}"] }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      record: { details: { fieldErrors: { 'accountIds.0': 'Not a valid account id' } } },
    });
    await expect(
      calendar.listEvents(ctx, owner.userId, {
        accountIds: Array.from({ length: 11 }, () => crypto.randomUUID()),
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    const found = await calendar.listEvents(ctx, owner.userId, {
      accountIds: [mine.instagram.id],
    });
    expect(found.map((e) => e.id)).toEqual([instagramOnly, both]);
  });
});
