import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../../app/query-client.ts';
import { AuthContext } from '../../auth/auth-context.ts';
import { USER_ID, authValue, businessProfile } from '../../../test/auth-state.ts';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import SettingsPage from './settings-page.tsx';

function renderSettings(role: 'owner' | 'staff', patch = ok(businessProfile())) {
  const api = mockApi({
    'GET /api/business-profile': ok(businessProfile({ business_name: 'Rosa Bakery' })),
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
