import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok } from '../../../test/mock-api.ts';
import {
  ANN_ID,
  audienceApi,
  BEN_ID,
  bodiesTo,
  contact,
  contactDetail,
  page,
  renderAudience,
} from './audience.test-helpers.tsx';
import { crmHandlers } from '../components/crm.test-helpers.ts';

// A contact's page: identities, conversations newest first linking to the social monitor, the
// details sent as edited, Merge, Split and Delete with what each sends.

const url = `/api/audience/contacts/${ANN_ID}`;
const location = () => screen.getByTestId('location').textContent;

describe('a contact’s page', () => {
  it('shows the identities and the conversations, newest first, opening in the social monitor', async () => {
    audienceApi({ [`GET ${url}`]: ok(contactDetail()) });
    renderAudience(`/dashboard/audience/contacts/${ANN_ID}`);
    const identities = await screen.findByRole('list', { name: 'Identities' });
    const items = within(identities).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Instagram@annlee');
    expect(items[1]!.textContent).toContain('FacebookAnn L.');
    const links = within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/dashboard/social-monitor?tab=messages&thread=5a1b2c3d-0000-4000-8000-00000000d002',
      '/dashboard/social-monitor?thread=5a1b2c3d-0000-4000-8000-00000000d001',
    ]);
    expect(links[0]!.textContent).toContain('Are you open on Sunday?');
  });

  it('sends the edited details, empty ones as null', async () => {
    const { calls } = audienceApi({
      [`GET ${url}`]: ok(contactDetail({ phone: '+351 900 000 000' })),
      [`PATCH ${url}`]: ({ body }) =>
        ok(contactDetail({ ...(body as object), updatedAt: '2026-11-28T10:00:00.000Z' })),
      // Tags and stage are the CRM add-on's (docs/decisions/099-crm.md).
      ...crmHandlers(ANN_ID),
    });
    renderAudience(`/dashboard/audience/contacts/${ANN_ID}`, { addons: ['crm'] });
    fireEvent.change(await screen.findByRole('textbox', { name: /E-mail/ }), {
      target: { value: ' ann@example.com ' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Phone/ }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Location/ }), {
      target: { value: 'Lisbon' },
    });
    const tags = screen.getByRole('textbox', { name: 'Tags' });
    fireEvent.change(tags, { target: { value: 'sourdough' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag vip' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Stage' }), {
      target: { value: 'customer' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Agreed to hear from the business' }));
    expect(screen.getByText(/Contact from the inbox/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save contact' }));
    // Consent given names where.
    expect(await screen.findByText('Say where the consent was given')).toBeTruthy();
    expect(bodiesTo(calls, 'PATCH', url)).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Where they agreed' }), {
      target: { value: 'Signed up in the shop' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save contact' }));
    await waitFor(() =>
      expect(bodiesTo(calls, 'PATCH', url)).toEqual([
        {
          email: 'ann@example.com',
          phone: null,
          location: 'Lisbon',
          tags: ['sourdough'],
          stage: 'customer',
          consent: true,
          consentSource: 'Signed up in the shop',
        },
      ]),
    );
  });

  it('shows the server’s refusal under the field it names', async () => {
    audienceApi({
      [`GET ${url}`]: ok(contactDetail()),
      [`PATCH ${url}`]: fail(400, 'VALIDATION_ERROR', 'Check the fields', {
        fieldErrors: { email: 'Enter an e-mail address' },
      }),
    });
    renderAudience(`/dashboard/audience/contacts/${ANN_ID}`);
    fireEvent.change(await screen.findByRole('textbox', { name: /E-mail/ }), {
      target: { value: 'nope' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save contact' }));
    expect(await screen.findByText('Enter an e-mail address')).toBeTruthy();
  });

  it('merges another contact found by search', async () => {
    const { calls, fetchMock } = audienceApi({
      [`GET ${url}`]: ok(contactDetail()),
      'GET /api/audience/contacts': page([
        contact(),
        contact({ id: BEN_ID, name: 'Ann on Facebook', platforms: ['facebook'] }),
      ]),
      [`POST ${url}/merge`]: ok(contactDetail()),
    });
    renderAudience(`/dashboard/audience/contacts/${ANN_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Merge with another contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge with another contact' });
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Find a contact' }), {
      target: { value: 'ann' },
    });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/audience/contacts?q=ann')),
      ).toBe(true),
    );
    // The contact itself is not offered.
    expect(within(dialog).queryByRole('button', { name: 'Merge Ann Lee' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge Ann on Facebook' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesTo(calls, 'POST', `${url}/merge`)).toEqual([{ otherId: BEN_ID }]);
  });

  it('splits an identity off', async () => {
    const { calls } = audienceApi({
      [`GET ${url}`]: ok(contactDetail()),
      [`POST ${url}/split`]: ok({ contact: contactDetail() }),
    });
    renderAudience(`/dashboard/audience/contacts/${ANN_ID}`);
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Split Ann L. (Facebook) into its own contact',
      }),
    );
    await waitFor(() =>
      expect(bodiesTo(calls, 'POST', `${url}/split`)).toEqual([
        { identityId: '5a1b2c3d-0000-4000-8000-00000000c002' },
      ]),
    );
  });

  it('offers no split for a single identity', async () => {
    audienceApi({
      [`GET ${url}`]: ok(contactDetail({ identities: contactDetail().identities.slice(0, 1) })),
    });
    renderAudience(`/dashboard/audience/contacts/${ANN_ID}`);
    await screen.findByRole('list', { name: 'Identities' });
    expect(screen.queryByRole('button', { name: /^Split/ })).toBeNull();
  });

  it('deletes after a confirmation that says what is removed', async () => {
    const { calls } = audienceApi({
      [`GET ${url}`]: ok(contactDetail()),
      [`DELETE ${url}`]: ok({ deleted: true }),
    });
    renderAudience(`/dashboard/audience/contacts/${ANN_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ann Lee?' });
    expect(dialog.textContent).toContain('e-mail, phone, location, tags, stage and consent');
    expect(dialog.textContent).toContain('is recorded');
    expect(bodiesTo(calls, 'DELETE', url)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete contact' }));
    await waitFor(() => expect(location()).toBe('/dashboard/audience'));
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === url)).toHaveLength(1);
  });
});
