import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../../app/query-client.ts';
import { AuthContext } from '../../auth/index.ts';
import { USER_ID, authValue, businessProfile } from '../../../test/auth-state.ts';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import SettingsPage from './settings-page.tsx';
import { suggestedTimeZone } from '../components/business-profile-form.tsx';
import { filterTimeZones, timeZoneOptions } from '../components/time-zone-combobox.tsx';

function renderSettings(
  role: 'owner' | 'staff',
  patch = ok(businessProfile()),
  stored = businessProfile({ business_name: 'Rosa Bakery', updated_at: '2026-01-02T00:00:00Z' }),
) {
  const api = mockApi({
    'GET /api/business-profile': ok(stored),
    'PATCH /api/business-profile': patch,
    'GET /api/account/notifications': ok({ emailOnFailedPost: true, dailyInboxDigest: false }),
    'PUT /api/account/notifications': ok({ emailOnFailedPost: true, dailyInboxDigest: true }),
    'GET /api/staff/me': ok({
      user_id: USER_ID,
      tenant_id: USER_ID,
      tenant_role: role,
      is_admin: false,
      memberships: [],
    }),
  });
  const router = createMemoryRouter([{ path: '/', Component: SettingsPage }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={authValue()}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return api;
}

describe('SettingsPage', () => {
  it('validates on the client, then saves the business profile with the server', async () => {
    const { calls } = renderSettings('owner');
    const name = await screen.findByLabelText('Business name');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText(/Website/), { target: { value: 'not a site' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save business profile' }));
    expect(await screen.findByText('Business name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid website address')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(name, { target: { value: 'Rosa’s Bakery' } });
    fireEvent.change(screen.getByLabelText(/Website/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Instagram' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add posting window' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save business profile' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toMatchObject({
      business_name: 'Rosa’s Bakery',
      website: '',
      default_platforms: ['instagram'],
      posting_hours: [{ day: 1, start: '09:00', end: '12:00' }],
    });
  });

  it("shows the server's field errors under the fields", async () => {
    renderSettings(
      'owner',
      fail(400, 'VALIDATION_ERROR', 'Please check your input and try again.', {
        fieldErrors: { time_zone: 'Please choose a valid time zone' },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Save business profile' }));
    expect(await screen.findByText('Please choose a valid time zone')).toBeTruthy();
  });

  it('shows the profile read-only to a role that cannot change it', async () => {
    renderSettings('staff');
    expect(
      await screen.findByText('Only the business owner can change the business profile.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save business profile' })).toBeNull();
    expect(screen.getByLabelText('Business name').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Upload logo' })).toBeNull();
    // Notifications are the person's own.
    expect((await screen.findByLabelText('Daily inbox digest')).matches(':disabled')).toBe(false);
  });
});

/** This browser says it is in `zone`, as Intl reports the browser's own zone. */
function browserIn(zone: string) {
  const original = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...original.call(this), timeZone: zone };
  });
}

describe('time zone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is a combobox that filters as one types and is worked with the keyboard', async () => {
    const { calls } = renderSettings('owner');
    const field = await screen.findByRole('combobox', { name: 'Time zone' });
    expect((field as HTMLInputElement).value).toBe('UTC');
    fireEvent.change(field, { target: { value: 'lisb' } });
    expect(field.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Time zones' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('Europe / Lisbon')]);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect((field as HTMLInputElement).value).toBe('Europe / Lisbon');

    fireEvent.change(field, { target: { value: 'nowhere at all' } });
    expect(screen.getByText(/No time zone matches/)).toBeTruthy();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect((field as HTMLInputElement).value).toBe('Europe / Lisbon');

    fireEvent.click(screen.getByRole('button', { name: 'Save business profile' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({
      time_zone: 'Europe/Lisbon',
    });
  });

  it('starts from the browser’s zone when the business never chose one, and says so', async () => {
    browserIn('America/New_York');
    const { calls } = renderSettings('owner', ok(businessProfile()), businessProfile());
    const field = await screen.findByRole('combobox', { name: 'Time zone' });
    expect((field as HTMLInputElement).value).toBe('America / New York');
    expect(
      screen.getByText('Taken from this browser. Posts are planned in UTC until you save.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save business profile' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({
      time_zone: 'America/New_York',
    });
  });

  it('keeps a zone someone chose, UTC included, and suggests nothing to those who cannot save', async () => {
    browserIn('America/New_York');
    renderSettings('owner');
    const field = await screen.findByRole('combobox', { name: 'Time zone' });
    expect((field as HTMLInputElement).value).toBe('UTC');
    expect(screen.queryByText(/Taken from this browser/)).toBeNull();
    cleanup();
    renderSettings('staff', ok(businessProfile()), businessProfile());
    const readOnly = await screen.findByRole('combobox', { name: 'Time zone' });
    expect((readOnly as HTMLInputElement).value).toBe('UTC');
    expect(readOnly.matches(':disabled')).toBe(true);
  });

  it('suggests only for the untouched default, and only a zone it knows', () => {
    const untouched = businessProfile();
    expect(suggestedTimeZone(untouched, 'Europe/Lisbon')).toBe('Europe/Lisbon');
    expect(suggestedTimeZone(untouched, 'UTC')).toBeNull();
    expect(suggestedTimeZone(untouched, null)).toBeNull();
    expect(suggestedTimeZone(untouched, 'Mars/Olympus')).toBeNull();
    expect(
      suggestedTimeZone({ ...untouched, updated_at: '2026-01-02T00:00:00Z' }, 'Europe/Lisbon'),
    ).toBeNull();
    expect(
      suggestedTimeZone({ ...untouched, time_zone: 'Asia/Tokyo' }, 'Europe/Lisbon'),
    ).toBeNull();
  });

  it('finds zones by any of their words or by offset', () => {
    const options = timeZoneOptions(
      ['America/New_York', 'Europe/Lisbon', 'Asia/Tokyo'],
      new Date('2026-01-15T12:00:00Z'),
    );
    expect(filterTimeZones(options, 'york new').map((o) => o.zone)).toEqual(['America/New_York']);
    expect(filterTimeZones(options, 'GMT+9').map((o) => o.zone)).toEqual(['Asia/Tokyo']);
    expect(filterTimeZones(options, '  ').length).toBe(3);
  });
});
