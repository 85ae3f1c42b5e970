import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import DevMailboxPage, { linksIn, MAILBOX_BANNER, mailHtmlForFrame } from './dev-mailbox-page.tsx';

describe('dev mailbox', () => {
  it('opens links from the e-mail in the top window', () => {
    expect(mailHtmlForFrame('<html><head><title>x</title></head></html>')).toBe(
      '<html><head><base target="_top"><title>x</title></head></html>',
    );
    expect(mailHtmlForFrame('<p>hi</p>')).toBe('<base target="_top"><p>hi</p>');
    expect(linksIn('Confirm: http://localhost:3000/api/auth/confirm?token=abc. Thanks')).toEqual([
      'http://localhost:3000/api/auth/confirm?token=abc',
    ]);
  });

  it('lists e-mails and shows the newest in a sandboxed frame', async () => {
    mockApi({
      'GET /api/dev/mailbox': ok([
        {
          id: 'm1',
          to: 'owner@example.com',
          subject: 'Confirm your e-mail',
          createdAt: new Date(0).toISOString(),
        },
      ]),
      'GET /api/dev/mailbox/m1': ok({
        id: 'm1',
        to: 'owner@example.com',
        subject: 'Confirm your e-mail',
        createdAt: new Date(0).toISOString(),
        html: '<a href="http://localhost/api/auth/confirm?token=t">Confirm</a>',
        text: 'Confirm: http://localhost/api/auth/confirm?token=t',
      }),
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <DevMailboxPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText(MAILBOX_BANNER)).toBeTruthy();
    const frame = await screen.findByTitle('E-mail: Confirm your e-mail');
    expect(frame.getAttribute('sandbox')).toBe(
      'allow-top-navigation-by-user-activation allow-popups',
    );
    expect(screen.getByRole('link', { name: /api\/auth\/confirm\?token=t/ })).toBeTruthy();
  });

  it('asks for the key while locked, and opens with the key typed', async () => {
    let unlocked = false;
    const { calls } = mockApi({
      'GET /api/dev/mailbox': () =>
        unlocked ? ok([]) : fail(401, 'UNAUTHORIZED', 'This mailbox is locked.'),
      'POST /api/dev/mailbox/unlock': () => {
        unlocked = true;
        return ok({ unlocked: true });
      },
    });
    renderPage();
    expect(await screen.findByText('This mailbox is locked')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mailbox key'), { target: { value: ' the-key ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the mailbox' }));
    expect(await screen.findByText('No e-mails yet')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ key: 'the-key' });
  });

  it('opens with the key in the link printed at start, and takes it out of the address', async () => {
    window.history.replaceState(null, '', '/dev/mailbox#key=from-the-log');
    const { calls } = mockApi({
      'GET /api/dev/mailbox': ok([]),
      'POST /api/dev/mailbox/unlock': ok({ unlocked: true }),
    });
    renderPage();
    expect(await screen.findByText('No e-mails yet')).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe(''));
    // The list is asked for only after the key was traded for the cookie.
    expect(calls.map((c) => `${c.method} ${c.path}`).slice(0, 2)).toEqual([
      'POST /api/dev/mailbox/unlock',
      'GET /api/dev/mailbox',
    ]);
  });

  it('says so where e-mails are sent by SMTP and nothing is kept here', async () => {
    mockApi({ 'GET /api/dev/mailbox': fail(404, 'NOT_FOUND', 'Not found') });
    renderPage();
    expect(await screen.findByText('No mailbox here')).toBeTruthy();
  });
});

function renderPage() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <DevMailboxPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
