import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIENCE_LIMITS,
  segmentPreviewSchema,
  segmentSchema,
  type SegmentNode,
} from '#shared/contracts/audience.contract.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { addMember } from '#server/test/team.ts';
import { audienceContacts } from './audience.tables.ts';

// The segments API (docs/decisions/097-audience.md): saved segments with live counts, the
// builder's preview (count and a sample, most recent interaction first), another business's
// segment never reached, a viewer reading and previewing but not saving, and every malformed
// tree refused with the place and reason — never an error of the server, never SQL from input.

const API = '/api/audience/segments';
const DAY = 86_400_000;

let t: TestApp;
let owner: SignedInUser;
let viewer: SignedInUser;
let other: SignedInUser;

const ago = (days: number) => new Date(Date.now() - days * DAY);

async function seedContacts(businessId: string) {
  await t.runtime.deps.database.unsafeDb.insert(audienceContacts).values([
    {
      userId: businessId,
      name: 'Ana',
      platforms: ['instagram'],
      tags: ['vip'],
      location: 'Berlin',
      commentCount: 6,
      sentiment: 0.8,
      lastInteractionAt: ago(1),
      email: 'ana@example.com',
    },
    {
      userId: businessId,
      name: 'Ben',
      platforms: ['instagram', 'facebook'],
      tags: ['regular'],
      location: '100% Town',
      commentCount: 1,
      messageCount: 1,
      sentiment: -0.2,
      lastInteractionAt: ago(3),
    },
    {
      userId: businessId,
      name: 'Cleo',
      platforms: ['facebook'],
      location: "O'Brien Street",
      messageCount: 9,
      lastInteractionAt: ago(40),
      email: '',
    },
    { userId: businessId, name: 'Dan', platforms: ['facebook'], location: null },
  ]);
}

beforeAll(async () => {
  t = await getTestApp();
  [owner, other] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
  viewer = await addMember(t, owner, 'viewer');
  await Promise.all([seedContacts(owner.userId), seedContacts(other.userId)]);
});

const instagram: SegmentNode = { field: 'platform', operator: 'is', value: 'instagram' };

function preview(user: SignedInUser, rule: unknown) {
  return user.client.request(`${API}/preview`, { json: { rule } });
}

async function previewOf(rule: SegmentNode) {
  const res = await preview(owner, rule);
  expect(res.status, res.text).toBe(200);
  return segmentPreviewSchema.parse(res.json.data);
}

describe('saved segments', () => {
  it('are saved, listed and read with live counts, changed and deleted', async () => {
    const made = await owner.client.request(API, {
      json: { name: '  Instagram fans ', rule: { op: 'and', children: [instagram] } },
    });
    expect(made.status, made.text).toBe(201);
    const segment = segmentSchema.parse(made.json.data);
    expect(segment).toMatchObject({ name: 'Instagram fans', count: 2 });

    const list = await owner.client.request(API);
    expect(list.status).toBe(200);
    expect(list.json.data).toEqual([segment]);

    // Live: a new contact on Instagram is counted at the next read.
    await t.runtime.deps.database.unsafeDb
      .insert(audienceContacts)
      .values({ userId: owner.userId, name: 'Eve', platforms: ['instagram'] });
    const read = await owner.client.request(`${API}/${segment.id}`);
    expect(read.json.data).toMatchObject({ id: segment.id, count: 3 });

    const changed = await owner.client.request(`${API}/${segment.id}`, {
      method: 'PATCH',
      json: { rule: { op: 'not', children: [instagram] } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.data).toMatchObject({ name: 'Instagram fans', count: 2 });

    const renamed = await owner.client.request(`${API}/${segment.id}`, {
      method: 'PATCH',
      json: { name: 'Elsewhere' },
    });
    expect(renamed.json.data).toMatchObject({ name: 'Elsewhere', count: 2 });

    const deleted = await owner.client.request(`${API}/${segment.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expectError(await owner.client.request(`${API}/${segment.id}`), 404, 'NOT_FOUND');
    expect((await owner.client.request(API)).json.data).toEqual([]);
  });

  it('are listed newest first, each with its own count', async () => {
    const user = await createSignedInUser(t);
    await seedContacts(user.userId);
    const save = (name: string, rule: SegmentNode) =>
      user.client.request(API, { json: { name, rule } });
    await save('Everyone', { op: 'and', children: [] });
    await save('Nobody', { op: 'or', children: [] });
    await save('Facebook', { field: 'platform', operator: 'is', value: 'facebook' });
    await save('Berlin', { field: 'location', operator: 'is', value: 'BERLIN' });
    const list = await user.client.request(API);
    expect(list.status).toBe(200);
    const counts = (list.json.data as Array<{ name: string; count: number }>).map((s) => [
      s.name,
      s.count,
    ]);
    expect(counts).toEqual([
      ['Berlin', 1],
      ['Facebook', 3],
      ['Nobody', 0],
      ['Everyone', 4],
    ]);
  });

  it('of another business are never read, changed or deleted', async () => {
    const made = await other.client.request(API, { json: { name: 'Theirs', rule: instagram } });
    expect(made.status).toBe(201);
    const id = made.json.data.id as string;
    expectError(await owner.client.request(`${API}/${id}`), 404, 'NOT_FOUND');
    expectError(
      await owner.client.request(`${API}/${id}`, { method: 'PATCH', json: { name: 'Mine' } }),
      404,
      'NOT_FOUND',
    );
    expectError(await owner.client.request(`${API}/${id}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
    expect((await other.client.request(`${API}/${id}`)).json.data).toMatchObject({
      name: 'Theirs',
    });
    const notAnId = await owner.client.request(`${API}/not-an-id`);
    expectError(notAnId, 400, 'VALIDATION_ERROR');
    expect(notAnId.json.metadata.fieldErrors).toEqual({ id: 'Not a valid id' });
  });

  it('are read and previewed by a viewer, who cannot save, change or delete them', async () => {
    const made = await owner.client.request(API, { json: { name: 'Shared', rule: instagram } });
    const id = made.json.data.id as string;
    expect((await viewer.client.request(API)).status).toBe(200);
    expect((await viewer.client.request(`${API}/${id}`)).status).toBe(200);
    expect((await preview(viewer, instagram)).status).toBe(200);
    expectError(
      await viewer.client.request(API, { json: { name: 'Nope', rule: instagram } }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await viewer.client.request(`${API}/${id}`, { method: 'PATCH', json: { name: 'X' } }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await viewer.client.request(`${API}/${id}`, { method: 'DELETE' }),
      403,
      'FORBIDDEN',
    );
    await owner.client.request(`${API}/${id}`, { method: 'DELETE' });
  });
});

describe('the preview', () => {
  it('counts and samples the business’s own contacts, most recent interaction first', async () => {
    const everyone = await previewOf({ op: 'and', children: [] });
    expect(everyone.count).toBeGreaterThanOrEqual(4);
    expect(everyone.sample.length).toBeLessThanOrEqual(AUDIENCE_LIMITS.sample);
    expect(everyone.sample.slice(0, 3).map((c) => c.name)).toEqual(['Ana', 'Ben', 'Cleo']);

    expect((await previewOf({ op: 'or', children: [] })).count).toBe(0);
    const tree: SegmentNode = {
      op: 'and',
      children: [
        instagram,
        {
          op: 'or',
          children: [
            { field: 'interactionCount', operator: 'gte', value: 5 },
            { field: 'sentiment', operator: 'gte', value: 0.5 },
          ],
        },
        { op: 'not', children: [{ field: 'tags', operator: 'hasAny', value: ['VIP'] }] },
      ],
    };
    expect((await previewOf(tree)).count).toBe(0);
    const fans = await previewOf({ ...tree, children: tree.children.slice(0, 2) });
    expect(fans.sample.map((c) => c.name)).toEqual(['Ana']);
    expect(fans.count).toBe(1);

    const recent = await previewOf({ field: 'lastInteraction', operator: 'withinDays', value: 7 });
    expect(recent.sample.map((c) => c.name)).toEqual(['Ana', 'Ben']);
    const withEmail = await previewOf({ field: 'hasEmail', operator: 'is', value: true });
    expect(withEmail.sample.map((c) => c.name)).toEqual(['Ana']);
  });

  it('takes string values as values: quotes and LIKE wildcards match only themselves', async () => {
    const contains = (value: string) =>
      previewOf({ field: 'location', operator: 'contains', value });
    expect((await contains("%' or 1=1 --")).count).toBe(0);
    expect((await contains("' or '1'='1")).count).toBe(0);
    expect((await contains('%')).sample.map((c) => c.name)).toEqual(['Ben']);
    expect((await contains('_')).count).toBe(0);
    expect((await contains("o'brien")).sample.map((c) => c.name)).toEqual(['Cleo']);
    const is = await previewOf({ field: 'location', operator: 'is', value: "berlin' --" });
    expect(is.count).toBe(0);
  });
});

describe('a malformed tree', () => {
  const deep = (levels: number): unknown =>
    levels === 0 ? instagram : { op: 'and', children: [deep(levels - 1)] };
  const cases: Array<[string, unknown, string, RegExp]> = [
    [
      'an unknown field',
      { field: 'password', operator: 'is', value: 'x' },
      'rule.field',
      /Unknown field/,
    ],
    [
      'an operator the field does not take',
      { op: 'and', children: [{ field: 'platform', operator: 'gte', value: 'instagram' }] },
      'rule.children.0.operator',
      /platform takes is, isNot/,
    ],
    [
      'NOT with two children',
      { op: 'not', children: [instagram, instagram] },
      'rule.children',
      /NOT takes exactly one/,
    ],
    ['too deep', deep(AUDIENCE_LIMITS.maxDepth + 1), 'rule', /at most 4 deep/],
    [
      'too many nodes',
      { op: 'or', children: Array.from({ length: AUDIENCE_LIMITS.maxNodes }, () => instagram) },
      'rule',
      /At most 50 rules and groups/,
    ],
    [
      'a value of the wrong type',
      { field: 'interactionCount', operator: 'gte', value: '5' },
      'rule.value',
      /expected number, received string/,
    ],
    [
      'an extra key',
      { field: 'consent', operator: 'is', value: true, sql: 'true' },
      'rule.sql',
      /Unknown field/,
    ],
    ['not a node', 'platform = instagram', 'rule', /rule or a group/],
  ];

  it.each(cases)('is refused with its place and reason: %s', async (_, rule, field, message) => {
    for (const res of [
      await preview(owner, rule),
      await owner.client.request(API, { json: { name: 'Bad', rule } }),
    ]) {
      expectError(res, 400, 'VALIDATION_ERROR');
      const errors = res.json.metadata.fieldErrors as Record<string, string> | undefined;
      expect(errors?.[field], JSON.stringify(res.json)).toMatch(message);
    }
  });

  it('nested thousands deep is refused without walking it', async () => {
    const levels = 5000;
    const body = `{"rule":${'{"op":"and","children":['.repeat(levels)}${JSON.stringify(instagram)}${']}'.repeat(levels)}}`;
    const res = await owner.client.request(`${API}/preview`, {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status, res.text).toBeLessThan(500);
    expectError(res, 400, 'VALIDATION_ERROR');
  });

  it('and a missing name, a missing rule or an unknown key are refused by name', async () => {
    const res = await owner.client.request(API, { json: { rule: instagram, colour: 'red' } });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(JSON.stringify(res.json)).toContain('Name the segment');
    expect(JSON.stringify(res.json)).toContain('colour');
    expectError(await owner.client.request(API, { json: { name: 'X' } }), 400, 'VALIDATION_ERROR');
    expectError(await preview(owner, undefined), 400, 'VALIDATION_ERROR');
    expectError(
      await owner.client.request(`${API}/preview`, {
        body: '{"rule":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'VALIDATION_ERROR',
    );
  });
});
