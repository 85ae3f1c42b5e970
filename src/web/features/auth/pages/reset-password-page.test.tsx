import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster, toast } from 'sonner';
import { createQueryClient } from '../../../app/query-client.ts';
import { fail, mockApi, ok, type MockResponse } from '../../../test/mock-api.ts';
import { AuthProvider } from '../auth-provider.tsx';
import ResetPasswordPage, { PASSWORD_RESET_DONE_MESSAGE } from './reset-password-page.tsx';

const TOKEN = 'a'.repeat(32);

function renderReset(path: string, answer: MockResponse = ok(null)) {
  const api = mockApi({
    'GET /api/auth/session': ok(null),
    'POST /api/auth/reset-password': answer,
  });
  const router = createMemoryRouter(
    [
      { path: '/reset-password', Component: ResetPasswordPage },
      { path: '/login', element: <p>Login page</p> },
      { path: '/forgot-password', element: <p>Forgot page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { router, ...api };
}

function submit(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

describe('ResetPasswordPage', () => {
  it('explains a missing token instead of showing the form', () => {
    renderReset('/reset-password');
    expect(
      screen.getByText('This reset link is invalid or has expired. Please request a new one.'),
    ).toBeTruthy();
  });

  it('checks that both passwords match', async () => {
    renderReset(`/reset-password?token=${TOKEN}`);
    submit('granite lantern orbit meadow', 'granite lantern orbit');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
  });

  it('sends the token with the new password, then goes to /login with a toast', async () => {
    const { router, calls } = renderReset(`/reset-password?token=${TOKEN}`);
    submit('granite lantern orbit meadow', 'granite lantern orbit meadow');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(calls.find((call) => call.path === '/api/auth/reset-password')?.body).toEqual({
      token: TOKEN,
      password: 'granite lantern orbit meadow',
    });
    expect(await screen.findByText(PASSWORD_RESET_DONE_MESSAGE)).toBeTruthy();
  });

  it('shows the invalid-link screen when the server rejects the token', async () => {
    renderReset(
      `/reset-password?token=${TOKEN}`,
      fail(400, 'VALIDATION_ERROR', 'Please check your input and try again.', {
        fieldErrors: { token: 'This reset link is invalid' },
      }),
    );
    submit('granite lantern orbit meadow', 'granite lantern orbit meadow');
    expect(
      await screen.findByText(
        'This reset link is invalid or has expired. Please request a new one.',
        undefined,
        { timeout: 5000 },
      ),
    ).toBeTruthy();
  });
});
