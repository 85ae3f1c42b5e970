import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TimelineEntry } from '#shared/contracts/crm.contract.ts';
import { ok } from '../../../test/mock-api.ts';
import { USER_ID } from '../../../test/auth-state.ts';
import {
  ANN_ID,
  audienceApi,
  bodiesTo,
  contact,
  contactDetail,
  renderAudience,
} from '../pages/audience.test-helpers.tsx';
import { crmHandlers, note, STAFF_ID } from './crm.test-helpers.ts';

// The CRM add-on on a contact's page: notes added, edited by their author and deleted, checked
// before they are sent; the owner picker; the timeline with "Load more"; and without the add-on
// an offer in their place, with stage and tags shown as they are.

const url = `/api/audience/contacts/${ANN_ID}`;
const notesUrl = `${url}/notes`;
const path = `/dashboard/audience/contacts/${ANN_ID}`;

describe('notes on a contact', () => {
  it('adds a note, checked before it is sent', async () => {
    const { calls } = audienceApi({
      [`GET ${url}`]: ok(contactDetail()),
      ...crmHandlers(ANN_ID, {
        [`POST ${notesUrl}`]: ({ body }) => ok(note({ body: (body as { body: string }).body })),
      }),
    });
    renderAudience(path, { addons: ['crm'] });
    const box = await screen.findByRole('textbox', { name: 'New note' });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Write the note')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(5_001) } });
    expect(screen.getByText('At most 5,000 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(bodiesTo(calls, 'POST', notesUrl)).toEqual([]);
    fireEvent.change(box, { target: { value: '  Prefers rye  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(bodiesTo(calls, 'POST', notesUrl)).toEqual([{ body: 'Prefers rye' }]),
    );
    // The notes and the timeline are read again.
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === notesUrl)).toHaveLength(2),
    );
    expect(calls.filter((c) => c.path === `${url}/timeline`).length).toBeGreaterThan(1);
  });

  it('lets the author edit and delete; others’ notes show no such buttons', async () => {
    const mine = note();
    const theirs = note({
      id: '5a1b2c3d-0000-4000-8000-00000000f002',
      body: 'Called about an order',
      author: { id: STAFF_ID, name: 'Sam Staff' },
      canEdit: false,
      canDelete: false,
    });
    const { calls } = audienceApi({
      [`GET ${url}`]: ok(contactDetail()),
      ...crmHandlers(ANN_ID, {
        [`GET ${notesUrl}`]: ok([mine, theirs]),
        [`PATCH ${notesUrl}/${mine.id}`]: ({ body }) => ok({ ...mine, ...(body as object) }),
        [`DELETE ${notesUrl}/${mine.id}`]: ok({ id: mine.id }),
      }),
    });
    renderAudience(path, { addons: ['crm'] });
    const list = await screen.findByRole('list', { name: 'Notes' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('Olive Owner');
    expect(within(second!).queryByRole('button')).toBeNull();
    expect(second!.textContent).toContain('Sam Staff');
    fireEvent.click(within(first!).getByRole('button', { name: 'Edit note' }));
    const edit = within(first!).getByRole('textbox', { name: 'Edit the note' });
    fireEvent.change(edit, { target: { value: 'Wants a birthday cake in June' } });
    fireEvent.click(within(first!).getByRole('button', { name: 'Save note' }));
    await waitFor(() =>
      expect(bodiesTo(calls, 'PATCH', `${notesUrl}/${mine.id}`)).toEqual([
        { body: 'Wants a birthday cake in June' },
      ]),
    );
    fireEvent.click(await within(first!).findByRole('button', { name: 'Delete note' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete note' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
        `${notesUrl}/${mine.id}`,
      ]),
    );
  });

  it('hides the note box from a viewer', async () => {
    audienceApi({
      [`GET ${url}`]: ok(contactDetail()),
      ...crmHandlers(ANN_ID, {
        'GET /api/staff/me': ok({
          user_id: USER_ID,
          tenant_id: USER_ID,
          tenant_role: 'viewer',
          is_admin: false,
          memberships: [],
        }),
        [`GET ${notesUrl}`]: ok([note({ canEdit: false, canDelete: false })]),
      }),
    });
    renderAudience(path, { addons: ['crm'] });
    await screen.findByRole('list', { name: 'Notes' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'New note' })).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveProperty('disabled', true);
  });
});

describe('owner and timeline', () => {
  it('sets the owner from the members', async () => {
    const { calls } = audienceApi({
      [`GET ${url}`]: ok(contactDetail()),
      ...crmHandlers(ANN_ID, {
        [`POST ${url}/owner`]: ok(
          contact({ ownerId: STAFF_ID, updatedAt: '2026-11-28T09:00:00.000Z' }),
        ),
      }),
    });
    renderAudience(path, { addons: ['crm'] });
    const picker = await screen.findByRole('combobox', { name: 'Owner' });
    await screen.findByRole('option', { name: 'Sam Staff (Staff)' });
    fireEvent.change(picker, { target: { value: STAFF_ID } });
    await waitFor(() =>
      expect(bodiesTo(calls, 'POST', `${url}/owner`)).toEqual([{ ownerId: STAFF_ID }]),
    );
  });

  it('shows each kind of entry, newest first, and loads more', async () => {
    const entries: TimelineEntry[] = [
      {
        kind: 'stage',
        id: '5a1b2c3d-0000-4000-8000-000000001001',
        at: '2026-11-22T10:00:00.000Z',
        actor: { id: USER_ID, name: 'Olive Owner' },
        from: 'new',
        to: 'customer',
      },
      {
        kind: 'email',
        id: '5a1b2c3d-0000-4000-8000-000000001002',
        at: '2026-11-21T12:00:00.000Z',
        actor: null,
        campaignName: 'Winter menu',
        status: 'sent',
      },
      { kind: 'note', id: note().id, at: note().createdAt, note: note() },
    ];
    const older: TimelineEntry = {
      kind: 'interaction',
      id: '5a1b2c3d-0000-4000-8000-000000001003',
      at: '2026-11-10T10:00:00.000Z',
      itemKind: 'comment',
      platform: 'instagram',
      preview: 'Love the sourdough',
      threadId: '5a1b2c3d-0000-4000-8000-00000000d001',
    };
    const { fetchMock } = audienceApi({
      [`GET ${url}`]: ok(contactDetail()),
      ...crmHandlers(ANN_ID, {
        [`GET ${url}/timeline`]: () => {
          const last = String(fetchMock.mock.calls.at(-1)?.[0]);
          return last.includes('before=')
            ? ok({ items: [older], nextBefore: null })
            : ok({ items: entries, nextBefore: `${note().createdAt}~${note().id}` });
        },
      }),
    });
    renderAudience(path, { addons: ['crm'] });
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    const texts = within(timeline)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(texts[0]).toContain('Olive Owner moved them from New to Customer');
    expect(texts[1]).toContain('E-mail “Winter menu”: sent');
    expect(texts[2]).toContain('Olive Owner added a note');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const link = await within(timeline).findByRole('link', { name: /Love the sourdough/ });
    expect(link.getAttribute('href')).toBe(
      '/dashboard/social-monitor?thread=5a1b2c3d-0000-4000-8000-00000000d001',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('without the CRM add-on', () => {
  it('offers the add-on in place of the panels and shows stage and tags as they are', async () => {
    const { calls } = audienceApi({
      [`GET ${url}`]: ok(contactDetail()),
      [`PATCH ${url}`]: ({ body }) => ok(contactDetail({ ...(body as object) })),
    });
    renderAudience(path);
    expect(await screen.findByText('Notes, owners and a timeline come with CRM')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add CRM' }).getAttribute('href')).toBe(
      '/dashboard/subscription',
    );
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('textbox', { name: 'Tags' })).toBeNull();
    expect(screen.getByText(/^vip · Changing tags and stage/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Location/ }), {
      target: { value: 'Porto' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save contact' }));
    await waitFor(() =>
      expect(bodiesTo(calls, 'PATCH', url)).toEqual([
        { email: null, phone: null, location: 'Porto' },
      ]),
    );
    expect(calls.some((c) => c.path.includes('/notes') || c.path.includes('/timeline'))).toBe(
      false,
    );
  });
});
