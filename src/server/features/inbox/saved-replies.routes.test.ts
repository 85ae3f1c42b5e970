import { beforeAll, describe, expect, it } from 'vitest';
import type { SavedReply } from '#shared/contracts/inbox.contract.ts';
import { firstNameOf, renderSavedReply } from '#shared/saved-replies.ts';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { addMember } from '#server/test/team.ts';
import { expectOk, inboxOwner, type InboxOwner } from './inbox.test-helpers.ts';

// Saved replies (docs/decisions/091): owner and manager write them, every member reads them,
// and {first_name} and {business_name} are filled in as the browser and the server both do.

let t: TestApp;
let a: InboxOwner;

beforeAll(async () => {
  t = await getTestApp();
  a = await inboxOwner(t, 'Crumb & Co');
});

describe('rendering', () => {
  it('fills in the first name and the business name', () => {
    const business = { business_name: 'Crumb & Co' };
    expect(
      renderSavedReply('Hi {first_name}, thanks from {business_name}! {unknown}', {
        participantName: 'Zoë Quist',
        business,
      }),
    ).toBe('Hi Zoë, thanks from Crumb & Co! {unknown}');
    expect(renderSavedReply('Hi {first_name}', { participantHandle: '@zq', business })).toBe(
      'Hi zq',
    );
    expect(renderSavedReply('{business_name}', { business: { company_name: ' Co ' } })).toBe('Co');
    expect(renderSavedReply('{business_name}', { business: {} })).toBe('Unknown Business');
    expect(firstNameOf(null, null)).toBe('there');
  });
});

describe('saved replies', () => {
  it('are written by owner and manager and read by everyone', async () => {
    const manager = await addMember(t, a.user, 'manager');
    const staff = await addMember(t, a.user, 'staff');
    const viewer = await addMember(t, a.user, 'viewer');
    const made: SavedReply = await expectOk(
      await manager.client.request('/api/inbox/saved-replies', {
        json: { title: 'Thanks', body: 'Thanks {first_name}!' },
      }),
      201,
    );
    expect(made).toMatchObject({ title: 'Thanks', body: 'Thanks {first_name}!' });
    for (const member of [staff, viewer]) {
      const seen: SavedReply[] = await expectOk(
        await member.client.request('/api/inbox/saved-replies'),
      );
      expect(seen.map((r) => r.id)).toEqual([made.id]);
      expectError(
        await member.client.request('/api/inbox/saved-replies', {
          json: { title: 'Mine', body: 'x' },
        }),
        403,
        'FORBIDDEN',
      );
      expectError(
        await member.client.request(`/api/inbox/saved-replies/${made.id}`, { method: 'DELETE' }),
        403,
        'FORBIDDEN',
      );
    }
    const dup = await a.user.client.request('/api/inbox/saved-replies', {
      json: { title: 'Thanks', body: 'again' },
    });
    expectError(dup, 400, 'VALIDATION_ERROR');
    expect(dup.json.metadata.fieldErrors.title).toMatch(/exists/);
    const changed: SavedReply = await expectOk(
      await a.user.client.request(`/api/inbox/saved-replies/${made.id}`, {
        method: 'PUT',
        json: { title: 'Thank you', body: 'Thank you {first_name} from {business_name}' },
      }),
    );
    expect(changed.title).toBe('Thank you');
    const other = await inboxOwner(t);
    expect(
      (
        (await expectOk(
          await other.user.client.request('/api/inbox/saved-replies'),
        )) as SavedReply[]
      ).length,
    ).toBe(0);
    expectError(
      await other.user.client.request(`/api/inbox/saved-replies/${made.id}`, {
        method: 'PUT',
        json: { title: 'Taken', body: 'over' },
      }),
      404,
      'NOT_FOUND',
    );
    await expectOk(
      await a.user.client.request(`/api/inbox/saved-replies/${made.id}`, { method: 'DELETE' }),
    );
    expect(
      ((await expectOk(await a.user.client.request('/api/inbox/saved-replies'))) as SavedReply[])
        .length,
    ).toBe(0);
  });
});
