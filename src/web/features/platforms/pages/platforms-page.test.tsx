import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import PlatformsPage from './platforms-page.tsx';
import ConnectPage from './connect-page.tsx';
import InstagramCallbackPage from './instagram-callback-page.tsx';

const STATUS = {
  mode: 'simulated',
  facebook_login: true,
  instagram_login: true,
  connected_accounts_limit: 10,
  warning_days: 7,
};

function connection(overrides: Partial<Connection> = {}): Connection {
  return {
    id: '6f0c1f7a-52c4-4a39-8d0b-3b2f7c2c9e01',
    platform: 'facebook',
    login: 'facebook',
    external_id: '723701000827665',
    name: 'Rosa Bakery',
    username: 'rosabakery',
    picture_url: null,
    linked_page_id: null,
    granted_scopes: ['pages_show_list', 'pages_manage_posts'],
    missing_permissions: [],
    status: 'connected',
    health: 'healthy',
    expires_in_days: 80,
    token_expires_at: '2027-02-19T00:00:00.000Z',
    fix: null,
    simulated: true,
    last_checked_at: null,
    connected_at: '2026-11-21T00:00:00.000Z',
    scheduled_posts: 2,
    ...overrides,
  };
}

function renderAt(path: string, handlers: Parameters<typeof mockApi>[0], role = 'owner') {
  const api = mockApi({
    'GET /api/staff/me': ok({ tenant_role: role, is_admin: false }),
    'GET /api/platforms/status': ok(STATUS),
    ...handlers,
  });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/platforms', Component: PlatformsPage },
      { path: '/dashboard/connect', Component: ConnectPage },
      { path: '/dashboard/instagram-callback', Component: InstagramCallbackPage },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, ...api };
}

describe('PlatformsPage', () => {
  it('shows each account with its health, the simulated label and the exact fix', async () => {
    renderAt('/dashboard/platforms', {
      'GET /api/platforms/connections': ok([
        connection(),
        connection({
          id: '6f0c1f7a-52c4-4a39-8d0b-3b2f7c2c9e02',
          platform: 'instagram',
          external_id: '17841405822304914',
          health: 'permission_missing',
          missing_permissions: ['instagram_content_publish'],
          fix: 'Reconnect and grant instagram_content_publish.',
        }),
      ]),
    });
    expect(await screen.findByText('Demo mode: simulated Facebook and Instagram')).toBeTruthy();
    expect(screen.getByLabelText('Status: Healthy')).toBeTruthy();
    expect(screen.getByLabelText('Status: Permission missing')).toBeTruthy();
    expect(screen.getAllByText('Simulated')).toHaveLength(2);
    expect(
      screen.getAllByText('Reconnect and grant instagram_content_publish.').length,
    ).toBeGreaterThan(0);
    expect(screen.getByText('1 account needs attention')).toBeTruthy();
    expect(screen.getByText('instagram_content_publish (missing)')).toBeTruthy();
  });

  it('asks what happens to scheduled posts before disconnecting', async () => {
    const { calls } = renderAt('/dashboard/platforms', {
      'GET /api/platforms/connections': ok([connection()]),
      'POST /api/platforms/connections/6f0c1f7a-52c4-4a39-8d0b-3b2f7c2c9e01/disconnect': ok({
        connection: connection({ status: 'disconnected' }),
        cancelled_posts: 2,
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Rosa Bakery' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2 scheduled Facebook posts')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Cancel them/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/disconnect'))?.body).toEqual({
        scheduled_posts: 'cancel',
      }),
    );
  });

  it('offers no connect or disconnect to someone who cannot manage platforms', async () => {
    renderAt(
      '/dashboard/platforms',
      { 'GET /api/platforms/connections': ok([connection()]) },
      'staff',
    );
    expect(await screen.findByText('View only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect Facebook' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disconnect Rosa Bakery' })).toBeNull();
  });
});

describe('OAuth callback pages', () => {
  it('sends code and state once, then lets the person pick the accounts', async () => {
    const { calls } = renderAt('/dashboard/connect?code=AQabc&state=s1', {
      'POST /api/platforms/oauth/callback': ok({
        attempt_id: '6f0c1f7a-52c4-4a39-8d0b-3b2f7c2c9eaa',
        login: 'facebook',
        granted_scopes: ['pages_show_list'],
        declined_scopes: [],
        simulated: true,
        candidates: [
          {
            platform: 'facebook',
            external_id: '1',
            name: 'Rosa Bakery',
            username: null,
            picture_url: null,
            linked_page_id: null,
            linked_page_name: null,
            missing_permissions: [],
            already_connected: false,
          },
          {
            platform: 'facebook',
            external_id: '2',
            name: 'Rosa Catering',
            username: null,
            picture_url: null,
            linked_page_id: null,
            linked_page_name: null,
            missing_permissions: [],
            already_connected: false,
          },
        ],
      }),
      'POST /api/platforms/oauth/6f0c1f7a-52c4-4a39-8d0b-3b2f7c2c9eaa/connect': ok([connection()]),
      'GET /api/platforms/connections': ok([connection()]),
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: /Rosa Catering/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Connect 1 account' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/connect'))?.body).toEqual({ external_ids: ['1'] }),
    );
    expect(calls.filter((c) => c.path === '/api/platforms/oauth/callback')).toHaveLength(1);
    expect(calls.find((c) => c.path === '/api/platforms/oauth/callback')?.body).toEqual({
      login: 'facebook',
      code: 'AQabc',
      state: 's1',
    });
  });

  it('reads a denial from error_reason when the address notice was already removed', async () => {
    const { calls } = renderAt('/dashboard/instagram-callback?error_reason=user_denied&state=s2', {
      'POST /api/platforms/oauth/callback': fail(
        502,
        'INSTAGRAM_CONNECTION_ERROR',
        'You cancelled the Instagram connection, so nothing was connected. You can try again whenever you like.',
      ),
    });
    expect(await screen.findByText('The connection did not go through')).toBeTruthy();
    expect(screen.getByText(/You cancelled the Instagram connection/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to platforms' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/platforms/oauth/callback')?.body).toMatchObject({
      login: 'instagram',
      error: 'access_denied',
      state: 's2',
    });
  });
});
