import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'sonner';
import { createQueryClient } from '../../../app/query-client.ts';
import { fail, mockApi, ok, type MockResponse } from '../../../test/mock-api.ts';
import { session } from '../../../test/auth-state.ts';
import { AuthProvider } from '../auth-provider.tsx';
import LoginPage from './login-page.tsx';

function renderLogin(signInAnswer: MockResponse, path = '/login') {
  const api = mockApi({
    'GET /api/auth/session': ok(null),
    'POST /api/auth/sign-in': signInAnswer,
    'POST /api/auth/resend-confirmation': ok(null),
    'GET /api/business-profile': fail(404, 'NOT_FOUND', 'Not found'),
    'GET /api/subscription': fail(404, 'NOT_FOUND', 'Not found'),
  });
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/dashboard/*', element: <p>Dashboard</p> },
    ],
    { initialEntries: [path] },
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

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

describe('LoginPage', () => {
  it('shows client validation under the fields without calling the server', async () => {
    const { calls } = renderLogin(ok(session()));
    fillAndSubmit('not-an-email', '');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/auth/sign-in')).toBe(false);
  });

  it("shows the server's field error under its field and keeps what was typed", async () => {
    renderLogin(
      fail(400, 'VALIDATION_ERROR', 'Please check your input and try again.', {
        fieldErrors: { email: 'This address cannot be used to sign in' },
      }),
    );
    fillAndSubmit('Owner@Example.com', 'correct horse battery');
    const message = await screen.findByText('This address cannot be used to sign in');
    const email = screen.getByLabelText<HTMLInputElement>('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(message.id);
    expect(email.value).toBe('Owner@Example.com');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('correct horse battery');
    // Every server message found its field, so no general alert repeats it.
    expect(screen.queryByText('Please check your input and try again.')).toBeNull();
  });

  it('shows the catalogue message for wrong credentials in an alert and keeps the values', async () => {
    renderLogin(
      fail(401, 'INVALID_CREDENTIALS', 'Invalid email or password.', {
        errorType: 'authentication',
        severity: 'medium',
      }),
    );
    fillAndSubmit('owner@example.com', 'wrong password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid email or password.');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('owner@example.com');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('wrong password');
  });

  it('offers to resend the confirmation e-mail when the address is not confirmed', async () => {
    const { calls } = renderLogin(
      fail(403, 'EMAIL_NOT_CONFIRMED', 'Please check your email and confirm your account.'),
    );
    fillAndSubmit('owner@example.com', 'correct horse battery');
    fireEvent.click(await screen.findByRole('button', { name: 'Resend confirmation e-mail' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/auth/resend-confirmation')?.body).toEqual({
        email: 'owner@example.com',
      }),
    );
  });

  it('goes back to the page the guard came from after signing in', async () => {
    const { router } = renderLogin(ok(session()), '/login?redirect=%2Fdashboard%2Fcalendar');
    expect(screen.getByText('Please log in to access this page')).toBeTruthy();
    fillAndSubmit('owner@example.com', 'correct horse battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/calendar'));
  });

  it('says the e-mail is confirmed when a confirmation link opened in this browser did not sign it in', async () => {
    const { router } = renderLogin(ok(session()), '/login?confirmed=1');
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Your email is confirmed. Please log in to continue.');
    // Still there once the parameter has left the address (the root layout removes it).
    await act(async () => {
      await router.navigate('/login', { replace: true });
    });
    expect(screen.getByText('Your email is confirmed. Please log in to continue.')).toBeTruthy();
    fillAndSubmit('owner@example.com', 'correct horse battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('says nothing about a confirmation without the parameter', () => {
    renderLogin(ok(session()));
    expect(screen.queryByText(/Your email is confirmed/)).toBeNull();
  });

  it('refuses to redirect to another site after signing in', async () => {
    const { router } = renderLogin(ok(session()), '/login?redirect=%2F%2Fevil.example');
    fillAndSubmit('owner@example.com', 'correct horse battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
