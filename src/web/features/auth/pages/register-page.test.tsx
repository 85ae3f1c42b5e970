import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../app/query-client.ts';
import { fail, mockApi, ok, type MockResponse } from '../../../test/mock-api.ts';
import { USER_ID } from '../../../test/auth-state.ts';
import { AuthProvider } from '../auth-provider.tsx';
import RegisterPage from './register-page.tsx';

function renderRegister(signUpAnswer: MockResponse) {
  const api = mockApi({
    'GET /api/auth/session': ok(null),
    'POST /api/auth/sign-up': signUpAnswer,
    'POST /api/auth/resend-confirmation': ok(null),
  });
  const router = createMemoryRouter([{ path: '/register', Component: RegisterPage }], {
    initialEntries: ['/register'],
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
  it('explains a weak password with the seed message and does not send it', async () => {
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
    });
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
});
