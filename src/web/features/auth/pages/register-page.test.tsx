import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../app/query-client.ts';
import { fail, mockApi, ok, type MockResponse } from '../../../test/mock-api.ts';
import { USER_ID } from '../../../test/auth-state.ts';
import { AuthProvider } from '../auth-provider.tsx';
import RegisterPage from './register-page.tsx';

const TOKEN = 'tok_'.padEnd(43, 'x');
const INVITATION = {
  status: 'pending',
  business_name: 'Rosa Bakery',
  inviter_name: 'Rosa Diaz',
  email: 'sam@example.com',
  role: 'staff',
  expires_at: new Date(Date.now() + 86_400_000).toISOString(),
};

function renderRegister(
  signUpAnswer: MockResponse,
  options: { path?: string; mailbox?: string; invitation?: MockResponse } = {},
) {
  const api = mockApi({
    'GET /api/auth/session': ok(null),
    'GET /api/auth/config': ok({ mailbox: options.mailbox ?? 'off' }),
    [`GET /api/invitations/${TOKEN}`]: options.invitation ?? ok(INVITATION),
    'POST /api/auth/sign-up': signUpAnswer,
    'POST /api/auth/resend-confirmation': ok(null),
  });
  const router = createMemoryRouter([{ path: '/register', Component: RegisterPage }], {
    initialEntries: [options.path ?? '/register'],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return api;
}

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  }
}

describe('RegisterPage', () => {
  // The message of docs/product/validation.md#password-and-input-messages.
  it('explains a weak password with the product message and does not send it', async () => {
    const { calls } = renderRegister(
      ok({ user: { id: USER_ID, email: 'a@b.co' }, confirmationRequired: true }),
    );
    fill({ Email: 'owner@example.com', Password: 'password1' });
    expect(await screen.findByText(/Strength:/, undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText(
        /^Password is too weak\. Please choose a stronger password\./,
        undefined,
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/auth/sign-up')).toBe(false);
  });

  it('shows "Check your email" naming the address after sign-up', async () => {
    const { calls } = renderRegister(
      ok({ user: { id: USER_ID, email: 'owner@example.com' }, confirmationRequired: true }),
    );
    fill({
      'Business name': 'Harbour Bakery',
      'Your name': 'Ada Baker',
      Email: 'Owner@Example.com',
      Password: 'granite lantern orbit meadow',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByRole('heading', { name: 'Check your email' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('owner@example.com')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/auth/sign-up')?.body).toEqual({
      email: 'owner@example.com',
      password: 'granite lantern orbit meadow',
      businessName: 'Harbour Bakery',
      fullName: 'Ada Baker',
      // The browser's zone, so the business starts in it (docs/decisions/036).
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // An ordinary sign-up: no word of the development mailbox when e-mail goes out.
    expect(screen.queryByText(/development mailbox/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resend confirmation e-mail' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/auth/resend-confirmation')).toBe(true),
    );
  });

  it('shows the catalogue message when the address is taken, keeping the values', async () => {
    renderRegister(fail(409, 'EMAIL_ALREADY_EXISTS', 'An account with this email already exists.'));
    fill({ Email: 'owner@example.com', Password: 'granite lantern orbit meadow' });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('An account with this email already exists.', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe('owner@example.com');
  });

  it('says where the e-mail is when the server keeps it in the development mailbox', async () => {
    renderRegister(
      ok({ user: { id: USER_ID, email: 'owner@example.com' }, confirmationRequired: true }),
      { mailbox: 'development' },
    );
    fill({ Email: 'owner@example.com', Password: 'granite lantern orbit meadow' });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText(
        'This server sends no e-mail: it is in the development mailbox',
        undefined,
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText(/the link the server printed in its start-up log/)).toBeTruthy();
    expect(screen.getByText('/dev/mailbox#key=…')).toBeTruthy();
    // Spam folders are no help here.
    expect(screen.queryByText(/Check your spam folder/)).toBeNull();
  });

  it('tells people without SMTP in production that administrators hold the e-mail', async () => {
    renderRegister(
      ok({ user: { id: USER_ID, email: 'owner@example.com' }, confirmationRequired: true }),
      { mailbox: 'administrators' },
    );
    fill({ Email: 'owner@example.com', Password: 'granite lantern orbit meadow' });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('This installation does not send e-mail yet', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
  });
});

describe('RegisterPage from an invitation', () => {
  const path = `/register?redirect=${encodeURIComponent(`/accept-invitation/${TOKEN}`)}`;

  it('names the business, fixes the invited address, asks no business name and sends the token', async () => {
    const { calls } = renderRegister(
      ok({ user: { id: USER_ID, email: 'sam@example.com' }, confirmationRequired: true }),
      { path, mailbox: 'development' },
    );
    expect(await screen.findByRole('heading', { name: 'Join Rosa Bakery' })).toBeTruthy();
    expect(screen.getByText(/invited\s+you to work on/)).toBeTruthy();
    expect(screen.getByText(/join it, not start a business of your own/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Business name/)).toBeNull();
    const email = screen.getByLabelText<HTMLInputElement>(/^Email/);
    expect(email.value).toBe('sam@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByText('The invitation was sent to this address.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(`/accept-invitation/${TOKEN}`)}`,
    );

    fill({ 'Your name': 'Sam Lee', Password: 'granite lantern orbit meadow' });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(
      await screen.findByRole('heading', { name: 'Check your email' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/auth/sign-up')?.body).toEqual({
      email: 'sam@example.com',
      password: 'granite lantern orbit meadow',
      fullName: 'Sam Lee',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      invitationToken: TOKEN,
    });
    expect(screen.getByText(/come straight back to your invitation to join/)).toBeTruthy();
    expect(
      await screen.findByText('This server sends no e-mail: it is in the development mailbox'),
    ).toBeTruthy();
  });

  it('is an ordinary sign-up, and says so, when the invitation can no longer be used', async () => {
    renderRegister(ok({ user: { id: USER_ID, email: 'a@b.co' }, confirmationRequired: true }), {
      path,
      invitation: ok({
        status: 'expired',
        business_name: null,
        inviter_name: null,
        email: null,
        role: null,
        expires_at: null,
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(screen.getByText(/This invitation has expired/)).toBeTruthy();
    expect(screen.getByLabelText(/^Business name/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Email/).readOnly).toBe(false);
  });
});
