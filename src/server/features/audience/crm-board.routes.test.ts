import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Contact } from '#shared/contracts/audience.contract.ts';
import type {
  Board,
  CrmMemberOption,
  TimelineEntry,
  TimelinePage,
} from '#shared/contracts/crm.contract.ts';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { addMember } from '#server/test/team.ts';
import { expectOk, seedThread, uid } from '../inbox/inbox.test-helpers.ts';
import { audienceActivities } from './crm.tables.ts';
import { crmBusiness, type CrmBusiness } from './crm.test-helpers.ts';

// The board, a contact's stage and owner, and its timeline through the app
// (docs/decisions/099-crm.md): counts per stage, a move recorded once on the timeline, an owner
// who must be a member of the business, and a timeline that merges the person's comments and
// messages with notes and activity, newest first, a page at a time without repeats or gaps.

let t: TestApp;

beforeAll(async () => {
  t = await getTestApp();
});

const board = async (b: CrmBusiness): Promise<Board> =>
  expectOk(await b.owner.user.client.request('/api/audience/board'));
const column = (value: Board, stage: string) => value.columns.find((c) => c.stage === stage)!;
const move = (b: CrmBusiness, id: string, json: unknown) =>
  b.owner.user.client.request(`/api/audience/contacts/${id}/stage`, { json });
const timeline = async (b: CrmBusiness, id: string, before?: string): Promise<TimelinePage> =>
  expectOk(
    await b.owner.user.client.request(
      `/api/audience/contacts/${id}/timeline${before ? `?before=${encodeURIComponent(before)}` : ''}`,
    ),
  );
const activitiesOf = (contactId: string) =>
  t.runtime.deps.database.unsafeDb
    .select()
    .from(audienceActivities)
    .where(and(eq(audienceActivities.contactId, contactId)));

describe('the board', () => {
  it('counts contacts per stage and moves one, recording the move once', async () => {
    const b = await crmBusiness(t);
    const before = await board(b);
    expect(before.columns.map((c) => c.stage)).toEqual([
      'new',
      'lead',
      'customer',
      'regular',
      'lost',
    ]);
    expect(column(before, 'new')).toMatchObject({ total: 2 });
    // Most recent interaction first: Pat (10 minutes ago) before Quinn (30).
    expect(column(before, 'new').contacts.map((c) => c.name)).toEqual(['Pat Doe', 'quinn_q']);
    expect(column(before, 'new').contacts[0]).toMatchObject({
      id: b.pat.id,
      handle: 'pat.doe',
      stage: 'new',
      owner: null,
    });
    const moved: Contact = await expectOk(await move(b, b.pat.id, { stage: 'customer' }));
    expect(moved).toMatchObject({ id: b.pat.id, stage: 'customer' });
    await expectOk(await move(b, b.pat.id, { stage: 'customer' }));
    const after = await board(b);
    expect(column(after, 'new').total).toBe(1);
    expect(column(after, 'customer')).toMatchObject({ total: 1, contacts: [{ id: b.pat.id }] });
    const rows = await activitiesOf(b.pat.id);
    expect(rows).toMatchObject([
      { kind: 'stage', actorId: b.owner.tenantId, data: { from: 'new', to: 'customer' } },
    ]);
  });

  it('names the field of a bad move and finds no other business’s contact', async () => {
    const b = await crmBusiness(t);
    const other = await crmBusiness(t);
    for (const [json, field] of [
      [{ stage: 'friend' }, 'stage'],
      [{}, 'stage'],
      [{ stage: 'lead', extra: 1 }, 'extra'],
    ] as const) {
      const res = await move(b, b.pat.id, json);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(Object.keys(res.json.metadata.fieldErrors)).toContain(field);
    }
    expectError(await move(b, other.pat.id, { stage: 'lead' }), 404, 'NOT_FOUND');
    expect(column(await board(other), 'new').total).toBe(2);
    const viewer = await addMember(t, b.owner.user, 'viewer');
    expect((await viewer.client.request('/api/audience/board')).status).toBe(200);
    expectError(
      await viewer.client.request(`/api/audience/contacts/${b.pat.id}/stage`, {
        json: { stage: 'lead' },
      }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('the owner of a contact', () => {
  it('is the business owner or a member; anyone else is refused', async () => {
    const b = await crmBusiness(t);
    const other = await crmBusiness(t);
    const staff = await addMember(t, b.owner.user, 'staff');
    const setOwner = (ownerId: unknown) =>
      b.owner.user.client.request(`/api/audience/contacts/${b.pat.id}/owner`, {
        json: { ownerId },
      });
    const members: CrmMemberOption[] = await expectOk(
      await b.owner.user.client.request('/api/audience/members'),
    );
    expect(members.map((m) => [m.id, m.role])).toEqual([
      [b.owner.tenantId, 'owner'],
      [staff.userId, 'staff'],
    ]);
    expect(members[1]!.name).toBe(staff.email);
    expect(await expectOk(await setOwner(staff.userId))).toMatchObject({ ownerId: staff.userId });
    for (const stranger of [other.owner.tenantId, crypto.randomUUID()]) {
      const res = await setOwner(stranger);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.json.metadata.fieldErrors.ownerId).toBe('Choose a member of the business');
    }
    expectError(await setOwner('me'), 400, 'VALIDATION_ERROR');
    const card = column(await board(b), 'new').contacts.find((c) => c.id === b.pat.id)!;
    expect(card.owner).toEqual({ id: staff.userId, name: staff.email });
    expect(await expectOk(await setOwner(null))).toMatchObject({ ownerId: null });
    const rows = await activitiesOf(b.pat.id);
    expect(rows.map((r) => r.data)).toEqual(
      expect.arrayContaining([
        { from: null, to: staff.userId },
        { from: staff.userId, to: null },
      ]),
    );
    expect(rows).toHaveLength(2);
  });
});

describe('the timeline', () => {
  it('merges interactions, notes and activity, newest first', async () => {
    const b = await crmBusiness(t);
    const client = b.owner.user.client;
    await expectOk(
      await client.request(`/api/audience/contacts/${b.pat.id}/notes`, {
        json: { body: 'Asked about a wedding cake' },
      }),
      201,
    );
    await expectOk(await move(b, b.pat.id, { stage: 'lead' }));
    await expectOk(
      await client.request(`/api/audience/contacts/${b.pat.id}`, {
        method: 'PATCH',
        json: { tags: ['wedding'] },
      }),
    );
    await expectOk(
      await client.request(`/api/audience/contacts/${b.pat.id}/owner`, {
        json: { ownerId: b.owner.tenantId },
      }),
    );
    await expectOk(
      await client.request(`/api/audience/contacts/${b.pat.id}/merge`, {
        json: { otherId: b.quinn.id },
      }),
    );
    const page = await timeline(b, b.pat.id);
    const kinds = page.items.map((e) => e.kind);
    // What members did just now, newest first, then the person's own words, newest first.
    expect(kinds).toEqual([
      'merge',
      'owner',
      'tags',
      'stage',
      'note',
      'interaction',
      'interaction',
      'interaction',
      'interaction',
    ]);
    expect(page.nextBefore).toBeNull();
    const by = <K extends TimelineEntry['kind']>(kind: K) =>
      page.items.find((e) => e.kind === kind) as Extract<TimelineEntry, { kind: K }>;
    expect(by('merge')).toMatchObject({ otherName: 'quinn_q', actor: { id: b.owner.tenantId } });
    expect(by('owner')).toMatchObject({ from: null, to: { id: b.owner.tenantId } });
    expect(by('tags')).toMatchObject({ added: ['wedding'], removed: [] });
    expect(by('stage')).toMatchObject({ from: 'new', to: 'lead' });
    expect(by('note').note).toMatchObject({ body: 'Asked about a wedding cake', canEdit: true });
    const said = page.items.filter((e) => e.kind === 'interaction');
    // Only what the person wrote (no replies of the business); Quinn's comment came with the merge.
    expect(said.map((e) => e.preview)).toEqual([
      'Can I order a cake?',
      'Nice',
      'Open on Sunday?',
      'Lovely bread',
    ]);
    expect(said[0]).toMatchObject({ itemKind: 'message', platform: 'instagram' });
    expect(said[1]).toMatchObject({ itemKind: 'comment', platform: 'facebook' });
    const times = page.items.map((e) => Date.parse(e.at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it('pages by position, newest first, without repeating or skipping an entry', async () => {
    const b = await crmBusiness(t);
    const pat = { id: uid('many'), name: 'Many Words', handle: 'many' };
    // 70 comments, two to each minute, and 5 notes.
    await seedThread(t, b.owner.tenantId, b.owner.ig, {
      participant: pat,
      items: Array.from({ length: 70 }, (_, n) => ({
        direction: 'in' as const,
        text: `Comment ${n}`,
        minutesAgo: 500 + Math.floor(n / 2),
      })),
    });
    await expectOk(
      await b.owner.user.client.request('/api/audience/contacts/refresh', { method: 'POST' }),
    );
    const list: { items: Contact[] } = await expectOk(
      await b.owner.user.client.request('/api/audience/contacts?q=Many'),
    );
    const id = list.items[0]!.id;
    for (let n = 0; n < 5; n += 1) {
      await expectOk(
        await b.owner.user.client.request(`/api/audience/contacts/${id}/notes`, {
          json: { body: `Note ${n}` },
        }),
        201,
      );
    }
    const seen: TimelineEntry[] = [];
    let before: string | undefined;
    let pages = 0;
    do {
      const page = await timeline(b, id, before);
      seen.push(...page.items);
      before = page.nextBefore ?? undefined;
      pages += 1;
    } while (before && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(75);
    expect(new Set(seen.map((e) => e.id)).size).toBe(75);
    expect(seen.slice(0, 5).every((e) => e.kind === 'note')).toBe(true);
    const bad = await b.owner.user.client.request(
      `/api/audience/contacts/${id}/timeline?before=yesterday`,
    );
    expectError(bad, 400, 'VALIDATION_ERROR');
    expect(bad.json.metadata.fieldErrors.before).toBeTruthy();
  });
});
