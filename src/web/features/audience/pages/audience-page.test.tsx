import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok } from '../../../test/mock-api.ts';
import {
  audienceApi,
  BEN_ID,
  contact,
  demographicSet,
  FACEBOOK,
  page,
  queriesOf,
  renderAudience,
  SEGMENT_ID,
} from './audience.test-helpers.tsx';

// The audience page: the contacts table, its search, segment filter, pages, CSV export and
// refresh; the segments tab; the demographics overview's states.

const location = () => screen.getByTestId('location').textContent;

describe('the contacts list', () => {
  it('shows each contact with picture, handle, platforms, figures and tags', async () => {
    audienceApi({
      'GET /api/audience/contacts': page([
        contact(),
        contact({
          id: BEN_ID,
          name: 'Ben Cruz',
          handle: null,
          platforms: ['facebook', 'instagram'],
          tags: [],
          sentiment: null,
          lastInteractionAt: null,
        }),
      ]),
    });
    renderAudience('/dashboard/audience');
    const table = await screen.findByRole('table', { name: 'Contacts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const ann = within(rows[0]!);
    expect(ann.getByRole('link', { name: 'Ann Lee' }).getAttribute('href')).toBe(
      '/dashboard/audience/contacts/5a1b2c3d-0000-4000-8000-00000000a001',
    );
    expect(ann.getByText('@annlee')).toBeTruthy();
    expect(ann.getByRole('img', { name: 'Instagram' })).toBeTruthy();
    expect(ann.getByText('4')).toBeTruthy();
    expect(ann.getByText('2')).toBeTruthy();
    expect(ann.getByText('Positive (+0.6)')).toBeTruthy();
    expect(ann.getByText('vip')).toBeTruthy();
    const ben = within(rows[1]!);
    expect(ben.getByRole('img', { name: 'Facebook' })).toBeTruthy();
    expect(ben.getByText('Never')).toBeTruthy();
    expect(ben.getByText('Not judged')).toBeTruthy();
  });

  it('sends the search, the segment and the page, and exports what is shown', async () => {
    const { fetchMock } = audienceApi({
      'GET /api/audience/contacts': ok({ items: [contact()], page: 1, pageSize: 50, total: 120 }),
    });
    renderAudience('/dashboard/audience');
    await screen.findByRole('table', { name: 'Contacts' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search contacts' }), {
      target: { value: 'ann' },
    });
    await waitFor(() => expect(location()).toBe('/dashboard/audience?q=ann'));
    await waitFor(() =>
      expect(queriesOf(fetchMock, '/api/audience/contacts')).toContainEqual({
        q: 'ann',
        page: '1',
      }),
    );
    const select = screen.getByRole('combobox', { name: 'Segment' });
    await within(select).findByRole('option', { name: 'Happy regulars (12)' });
    fireEvent.change(select, { target: { value: SEGMENT_ID } });
    await waitFor(() =>
      expect(queriesOf(fetchMock, '/api/audience/contacts')).toContainEqual({
        q: 'ann',
        segmentId: SEGMENT_ID,
        page: '1',
      }),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/audience/contacts.csv?q=ann&segmentId=${SEGMENT_ID}`,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(queriesOf(fetchMock, '/api/audience/contacts')).toContainEqual({
        q: 'ann',
        segmentId: SEGMENT_ID,
        page: '2',
      }),
    );
    expect(screen.getByText('Page 2 of 3 · 120 contacts')).toBeTruthy();
  });

  it('opens on a saved segment named in the address', async () => {
    const { fetchMock } = audienceApi();
    renderAudience(`/dashboard/audience?segment=${SEGMENT_ID}`);
    await screen.findByRole('table', { name: 'Contacts' });
    expect(queriesOf(fetchMock, '/api/audience/contacts')).toContainEqual({
      segmentId: SEGMENT_ID,
      page: '1',
    });
  });

  it('refreshes the contacts from the inbox and reads the list again', async () => {
    let refreshed = false;
    const { calls } = audienceApi({
      'POST /api/audience/contacts/refresh': () => {
        refreshed = true;
        return ok({ created: 1, updated: 0 });
      },
      'GET /api/audience/contacts': () =>
        page(refreshed ? [contact(), contact({ id: BEN_ID, name: 'Ben Cruz' })] : []),
    });
    renderAudience('/dashboard/audience');
    expect(await screen.findByText('No contacts yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh from the inbox' }));
    expect(await screen.findByRole('link', { name: 'Ben Cruz' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/audience/contacts/refresh')).toHaveLength(1);
  });

  it('lists the saved segments with their counts on the Segments tab', async () => {
    audienceApi();
    renderAudience('/dashboard/audience');
    fireEvent.click(await screen.findByRole('tab', { name: 'Segments' }));
    const list = await screen.findByRole('list', { name: 'Segments' });
    expect(within(list).getByRole('link', { name: 'Happy regulars' }).getAttribute('href')).toBe(
      `/dashboard/audience/segments/${SEGMENT_ID}`,
    );
    expect(within(list).getByText('12 contacts')).toBeTruthy();
    expect(location()).toBe('/dashboard/audience?tab=segments');
    expect(screen.getAllByRole('link', { name: 'New segment' })[0]!.getAttribute('href')).toBe(
      '/dashboard/audience/segments/new',
    );
  });
});

describe('the demographics overview', () => {
  it('puts the followers’ top countries beside the contacts by platform and stage', async () => {
    audienceApi({
      'GET /api/audience/contacts': ok({
        items: [
          contact(),
          contact({ id: BEN_ID, platforms: ['facebook', 'instagram'], stage: 'customer' }),
        ],
        page: 1,
        pageSize: 50,
        total: 80,
      }),
    });
    renderAudience('/dashboard/audience');
    const panel = await screen.findByRole('region', { name: 'Demographics' });
    expect(await within(panel).findByText('PT 60%, ES 30%, FR 10%')).toBeTruthy();
    expect(await within(panel).findByText('Rosa Bakery')).toBeTruthy();
    expect(await within(panel).findByText('80 contacts in all. Of the latest 2:')).toBeTruthy();
    const counts = (label: string) =>
      within(panel).getByText(label).nextElementSibling?.textContent;
    expect(counts('Instagram')).toBe('2');
    expect(counts('Facebook')).toBe('1');
    expect(counts('Customer')).toBe('1');
    expect(counts('New')).toBe('1');
  });

  it('says when the platform has no figures below 100 followers', async () => {
    audienceApi({
      'GET /api/analytics/demographics': ok({
        account: 'all',
        sets: [
          demographicSet({
            accountId: FACEBOOK.id,
            values: [],
            unavailableReason: 'Not available below 100 followers',
          }),
        ],
      }),
    });
    renderAudience('/dashboard/audience');
    const panel = await screen.findByRole('region', { name: 'Demographics' });
    expect(await within(panel).findByText('Not available below 100 followers')).toBeTruthy();
    expect(await within(panel).findByText('1 contact in all.')).toBeTruthy();
  });

  it('says when no figures were fetched yet', async () => {
    audienceApi({
      'GET /api/analytics/demographics': ok({ account: 'all', sets: [] }),
      'GET /api/audience/contacts': page([]),
    });
    renderAudience('/dashboard/audience');
    const panel = await screen.findByRole('region', { name: 'Demographics' });
    expect(await within(panel).findByText(/No follower figures yet/)).toBeTruthy();
    expect(await within(panel).findByText('No contacts yet.')).toBeTruthy();
  });
});
