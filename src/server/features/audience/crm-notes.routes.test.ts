import { beforeAll, describe, expect, it } from 'vitest';
import type { Note } from '#shared/contracts/crm.contract.ts';
import { getTestApp, type SignedInUser, type TestApp } from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { addMember } from '#server/test/team.ts';
import { expectOk } from '../inbox/inbox.test-helpers.ts';
import { crmBusiness, giveCrm, type CrmBusiness } from './crm.test-helpers.ts';

// Notes on a contact through the app (docs/decisions/099-crm.md): added, listed newest first,
// changed by their author only, removed by their author, the owner or a manager; a viewer reads
// and is refused the rest; bad input is named by field; without the CRM add-on every route, and a
// change of stage or tags on the contact form, answers FEATURE_NOT_AVAILABLE.

let t: TestApp;

beforeAll(async () => {
  t = await getTestApp();
});

const notesOf = (b: CrmBusiness, id = b.pat.id) => `/api/audience/contacts/${id}/notes`;
const add = async (user: SignedInUser, b: CrmBusiness, body: string): Promise<Note> =>
  expectOk(await user.client.request(notesOf(b), { json: { body } }), 201);

describe('notes', () => {
  it('adds, lists newest first and changes a note of its author', async () => {
    const b = await crmBusiness(t);
    const user = b.owner.user;
    const first = await add(user, b, '  Wants a birthday cake in May  ');
    expect(first).toMatchObject({
      contactId: b.pat.id,
      body: 'Wants a birthday cake in May',
      author: { id: b.owner.tenantId },
      canEdit: true,
      canDelete: true,
    });
    const second = await add(user, b, 'Prefers rye');
    const listed: Note[] = await expectOk(await user.client.request(notesOf(b)));
    expect(listed.map((n) => n.id)).toEqual([second.id, first.id]);
    expect(await expectOk(await user.client.request(notesOf(b, b.quinn.id)))).toEqual([]);
    const changed: Note = await expectOk(
      await user.client.request(`${notesOf(b)}/${first.id}`, {
        method: 'PATCH',
        json: { body: 'Wants a birthday cake in June' },
      }),
    );
    expect(changed.body).toBe('Wants a birthday cake in June');
    expect(Date.parse(changed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.updatedAt));
  });

  it('lets only the author edit; the author, the owner or a manager delete', async () => {
    const b = await crmBusiness(t);
    const staff = await addMember(t, b.owner.user, 'staff');
    const manager = await addMember(t, b.owner.user, 'manager');
    const ownerNote = await add(b.owner.user, b, 'From the owner');
    const staffNote = await add(staff, b, 'From staff');
    const seenByStaff: Note[] = await expectOk(await staff.client.request(notesOf(b)));
    expect(seenByStaff.find((n) => n.id === ownerNote.id)).toMatchObject({
      canEdit: false,
      canDelete: false,
    });
    expectError(
      await staff.client.request(`${notesOf(b)}/${ownerNote.id}`, {
        method: 'PATCH',
        json: { body: 'Rewritten' },
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await staff.client.request(`${notesOf(b)}/${ownerNote.id}`, { method: 'DELETE' }),
      403,
      'FORBIDDEN',
    );
    // Not even the owner rewrites someone else's words.
    expectError(
      await b.owner.user.client.request(`${notesOf(b)}/${staffNote.id}`, {
        method: 'PATCH',
        json: { body: 'Rewritten' },
      }),
      403,
      'FORBIDDEN',
    );
    const managerNote = await add(manager, b, 'From the manager');
    expect(
      await expectOk(
        await manager.client.request(`${notesOf(b)}/${staffNote.id}`, { method: 'DELETE' }),
      ),
    ).toEqual({ id: staffNote.id });
    await expectOk(
      await b.owner.user.client.request(`${notesOf(b)}/${managerNote.id}`, { method: 'DELETE' }),
    );
    const left: Note[] = await expectOk(await b.owner.user.client.request(notesOf(b)));
    expect(left.map((n) => n.body)).toEqual(['From the owner']);
    expectError(
      await b.owner.user.client.request(`${notesOf(b)}/${staffNote.id}`, { method: 'DELETE' }),
      404,
      'NOT_FOUND',
    );
  });

  it('lets a viewer read and nothing else, whatever they send', async () => {
    const b = await crmBusiness(t);
    const note = await add(b.owner.user, b, 'Regular on Saturdays');
    const viewer = await addMember(t, b.owner.user, 'viewer');
    const seen: Note[] = await expectOk(await viewer.client.request(notesOf(b)));
    expect(seen).toMatchObject([{ id: note.id, canEdit: false, canDelete: false }]);
    for (const json of [{ body: 'Hi' }, { body: '' }, { nonsense: true }]) {
      expectError(await viewer.client.request(notesOf(b), { json }), 403, 'FORBIDDEN');
    }
    expectError(
      await viewer.client.request(`${notesOf(b)}/${note.id}`, { method: 'DELETE' }),
      403,
      'FORBIDDEN',
    );
  });

  it('names the field of bad input, and finds no other business’s contact or note', async () => {
    const b = await crmBusiness(t);
    const other = await crmBusiness(t);
    const user = b.owner.user;
    const cases: Array<[unknown, string]> = [
      [{ body: '   ' }, 'body'],
      [{ body: 'x'.repeat(5_001) }, 'body'],
      [{ body: 42 }, 'body'],
      [{}, 'body'],
      [{ body: 'ok', pinned: true }, 'pinned'],
      ['just text', '_'],
    ];
    for (const [json, field] of cases) {
      const res = await user.client.request(notesOf(b), { json });
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(Object.keys(res.json.metadata.fieldErrors), JSON.stringify(json)).toContain(field);
    }
    await add(user, b, 'x'.repeat(5_000));
    const theirs = await add(other.owner.user, other, 'Private');
    expectError(await user.client.request(notesOf(other)), 404, 'NOT_FOUND');
    expectError(
      await user.client.request(notesOf(other), { json: { body: 'Sneaky' } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await user.client.request(`${notesOf(b)}/${theirs.id}`, { method: 'DELETE' }),
      404,
      'NOT_FOUND',
    );
    expectError(await user.client.request(`${notesOf(b)}/nope`), 404, 'NOT_FOUND');
    expectError(
      await user.client.request(`/api/audience/contacts/nope/notes`),
      400,
      'VALIDATION_ERROR',
    );
  });
});

describe('without the CRM add-on', () => {
  it('refuses every CRM route with FEATURE_NOT_AVAILABLE, even bad input', async () => {
    const b = await crmBusiness(t, { crm: false });
    const user = b.owner.user;
    const id = b.pat.id;
    const note = crypto.randomUUID();
    const calls: Array<[string, Parameters<typeof user.client.request>[1]]> = [
      [`/api/audience/contacts/${id}/notes`, undefined],
      [`/api/audience/contacts/${id}/notes`, { json: { body: 'Hello' } }],
      [`/api/audience/contacts/${id}/notes`, { json: { body: '' } }],
      [`/api/audience/contacts/${id}/notes/${note}`, { method: 'PATCH', json: { body: 'x' } }],
      [`/api/audience/contacts/${id}/notes/${note}`, { method: 'DELETE' }],
      [`/api/audience/contacts/${id}/timeline`, undefined],
      [`/api/audience/contacts/${id}/timeline?before=garbage`, undefined],
      [`/api/audience/contacts/${id}/stage`, { json: { stage: 'lead' } }],
      [`/api/audience/contacts/${id}/stage`, { json: { stage: 'friend' } }],
      [`/api/audience/contacts/${id}/owner`, { json: { ownerId: b.owner.tenantId } }],
      ['/api/audience/board', undefined],
      ['/api/audience/members', undefined],
    ];
    for (const [path, init] of calls) {
      expectError(await user.client.request(path, init), 403, 'FEATURE_NOT_AVAILABLE');
    }
  });

  it('refuses a change of stage or tags on the contact, and keeps the other fields open', async () => {
    const b = await crmBusiness(t, { crm: false });
    const patch = (json: unknown) =>
      b.owner.user.client.request(`/api/audience/contacts/${b.pat.id}`, { method: 'PATCH', json });
    expectError(await patch({ stage: 'lead' }), 403, 'FEATURE_NOT_AVAILABLE');
    expectError(await patch({ tags: ['vip'] }), 403, 'FEATURE_NOT_AVAILABLE');
    expectError(
      await patch({ email: 'pat@example.com', tags: ['vip'] }),
      403,
      'FEATURE_NOT_AVAILABLE',
    );
    // The form sends every field: a stage and tags as they are change nothing and pass.
    const saved = await expectOk(
      await patch({
        email: 'pat@example.com',
        phone: '+44 20 7946 0000',
        location: 'Leeds',
        stage: 'new',
        tags: [],
        consent: true,
        consentSource: 'Shop form',
      }),
    );
    expect(saved).toMatchObject({
      email: 'pat@example.com',
      stage: 'new',
      tags: [],
      consent: true,
    });
    // With the add-on both change.
    await giveCrm(t, b.owner.tenantId);
    expect(await expectOk(await patch({ stage: 'lead', tags: ['VIP'] }))).toMatchObject({
      stage: 'lead',
      tags: ['vip'],
    });
  });
});
