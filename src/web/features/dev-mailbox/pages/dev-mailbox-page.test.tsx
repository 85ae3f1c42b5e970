import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { mockApi, ok } from '../../../test/mock-api.ts';
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
});
