import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ActorContext, StaffInvitation } from '#shared/contracts/staff.contract.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { authValue, USER_ID } from '../../../test/auth-state.ts';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { AuthContext } from '../../auth/index.ts';
import StaffPage from './staff-page.tsx';

const OWNER = '00000000-0000-4000-8000-000000000009';

function actor(overrides: Partial<ActorContext> = {}): ActorContext {
  return {
    user_id: USER_ID,
    tenant_id: USER_ID,
    tenant_role: 'owner',
    is_admin: false,
    memberships: [{ tenant_id: USER_ID, business_name: 'Harbour Bakery', role: 'owner' }],
    ...overrides,
  };
}

const invitation: StaffInvitation = {
  id: '00000000-0000-4000-8000-0000000000a1',
  email: 'sam@example.com',
  role: 'staff',
  status: 'pending',
  created_at: new Date(0).toISOString(),
  updated_at: new Date(0).toISOString(),
  expires_at: new Date(7 * 86_400_000).toISOString(),
  accepted_at: null,
};

function renderPage(me: ActorContext, extra = {}) {
  const api = mockApi({
    'GET /api/staff/me': ok(me),
    'GET /api/staff/members': ok([]),
    'GET /api/staff/invitations': ok([invitation]),
    ...extra,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={authValue()}>
        <MemoryRouter>
          <StaffPage />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return api;
}

describe('staff page', () => {
  it('lets the owner invite, resend, copy and cancel', async () => {
    renderPage(actor());
    const list = await screen.findByRole('list', { name: 'Invitations' });
    expect(within(list).getByText('sam@example.com')).toBeTruthy();
    expect(within(list).getByText('Pending')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite staff' })).toBeTruthy();
    for (const name of ['Resend', 'Copy the invitation link', 'Cancel the invitation']) {
      expect(within(list).getByRole('button', { name: new RegExp(name) })).toBeTruthy();
    }
  });

  it('shows staff the lists without the actions they may not take', async () => {
    renderPage(
      actor({
        tenant_id: OWNER,
        tenant_role: 'staff',
        memberships: [
          { tenant_id: USER_ID, business_name: 'My Studio', role: 'owner' },
          { tenant_id: OWNER, business_name: 'Harbour Bakery', role: 'staff' },
        ],
      }),
    );
    expect(await screen.findByText('You work here as staff.')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Invitations' });
    expect(within(list).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite staff' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Switch to My Studio' })).toBeTruthy();
  });

  it('keeps what was typed and shows the server’s message under the field', async () => {
    const api = renderPage(actor(), {
      'POST /api/staff/invitations': fail(
        400,
        'VALIDATION_ERROR',
        'This address already has a pending invitation. Resend it instead.',
        {
          fieldErrors: {
            email: 'This address already has a pending invitation. Resend it instead.',
          },
        },
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Invite staff' }));
    const dialog = await screen.findByRole('dialog');
    const email = within(dialog).getByLabelText('E-mail address');
    fireEvent.change(email, { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Please enter a valid e-mail address')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(email, { target: { value: 'sam@example.com' } });
    fireEvent.click(within(dialog).getByLabelText(/^Manager/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText(
        'This address already has a pending invitation. Resend it instead.',
      ),
    ).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe('sam@example.com');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'sam@example.com',
      role: 'manager',
    });
  });
});
