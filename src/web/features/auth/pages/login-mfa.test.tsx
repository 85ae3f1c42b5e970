import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../app/query-client.ts';
import { fail, mockApi, ok, type MockResponse } from '../../../test/mock-api.ts';
import { session } from '../../../test/auth-state.ts';
import { AuthProvider } from '../auth-provider.tsx';
import LoginPage from './login-page.tsx';

const CHALLENGE = {
  mfaRequired: true,
  challengeToken: 'challenge-token-of-forty-three-characters-x',
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
};

function renderLogin(verifyAnswer: MockResponse) {
  const api = mockApi({
    'GET /api/auth/session': ok(null),
    'POST /api/auth/sign-in': ok(CHALLENGE),
    'POST /api/auth/mfa/verify': verifyAnswer,
    'GET /api/business-profile': fail(404, 'NOT_FOUND', 'Not found'),
    'GET /api/subscription': fail(404, 'NOT_FOUND', 'Not found'),
  });
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/dashboard/*', element: <p>Dashboard</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { router, ...api };
}

async function passPasswordStep() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'rosa@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'violet kettle' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  return screen.findByLabelText('Authentication code');
}

describe('LoginPage with two-factor authentication', () => {
  it('asks for a code after the password, and opens the dashboard with it', async () => {
    const { router, calls } = renderLogin(ok(session()));
    const input = await passPasswordStep();
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByText('Enter a 6-digit code or a backup code')).toBeTruthy();
    fireEvent.change(input, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const verify = calls.find((call) => call.path === '/api/auth/mfa/verify');
    expect(verify?.body).toEqual({ challengeToken: CHALLENGE.challengeToken, code: '123456' });
  });

  it("shows the server's message for a wrong code and offers a backup code", async () => {
    renderLogin(
      fail(
        400,
        'MFA_VERIFICATION_ERROR',
        'Failed to verify the authentication code. Please try again.',
        {
          fieldErrors: { code: 'This code is not valid or has already been used.' },
        },
      ),
    );
    const input = await passPasswordStep();
    fireEvent.change(input, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(
      await screen.findByText('This code is not valid or has already been used.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a backup code' }));
    expect(screen.getByLabelText('Backup code')).toBeTruthy();
  });
});
