import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AccountQuota } from '#shared/contracts/publishing.contract.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { fail, mockApi, ok, type MockResponse } from '../../../test/mock-api.ts';
import { PublishingQuotaCard, quotaSummary } from './publishing-quota-card.tsx';

function quota(extra: Partial<AccountQuota>): AccountQuota {
  return {
    connection_id: crypto.randomUUID(),
    platform: 'instagram',
    account_name: '@rosabakery',
    source: 'platform',
    remaining: 47,
    used: 3,
    total: 50,
    reason: null,
    checked_at: new Date(0).toISOString(),
    ...extra,
  };
}

function renderCard(answer: MockResponse) {
  const api = mockApi({ 'GET /api/publishing/quota': answer });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <PublishingQuotaCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

describe('publishing quota card', () => {
  it('lists each account: Instagram’s posts left with a bar, Facebook without a limit, and why one is unknown', async () => {
    renderCard(
      ok([
        quota({}),
        quota({
          platform: 'facebook',
          account_name: 'Rosa Bakery',
          source: 'not_limited',
          remaining: null,
          used: null,
          total: null,
        }),
        quota({
          account_name: '@rosa.studio',
          source: 'unavailable',
          remaining: null,
          used: null,
          total: null,
          reason: 'The access to this account has ended. Reconnect it on the Platforms page',
        }),
      ]),
    );
    expect(screen.getByLabelText('Loading publishing quotas')).toBeTruthy();
    const bar = await screen.findByRole('progressbar', {
      name: '@rosabakery: posts left (rolling 24 hours)',
    });
    expect(bar.getAttribute('aria-valuenow')).toBe('47');
    expect(bar.getAttribute('aria-valuemax')).toBe('50');
    expect(bar.getAttribute('aria-valuetext')).toBe('47 of 50 posts left');
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '@rosabakeryInstagram: 47 of 50 posts left',
      'Rosa BakeryFacebook: No daily limit',
      '@rosa.studioInstagram: The access to this account has ended. Reconnect it on the Platforms page',
    ]);
    // Only a known limit has a bar.
    expect(within(rows[1]!).queryByRole('progressbar')).toBeNull();
    expect(within(rows[2]!).queryByRole('progressbar')).toBeNull();
  });

  it('offers to connect an account when there is none', async () => {
    renderCard(ok([]));
    expect(await screen.findByText('No accounts connected')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect an account' }).getAttribute('href')).toBe(
      '/dashboard/platforms',
    );
  });

  it('shows the error with a way to try again', async () => {
    const api = renderCard(
      fail(500, 'INTERNAL_ERROR', 'Something went wrong. Our team has been notified.', {
        retryable: false,
        severity: 'critical',
        errorType: 'system',
      }),
    );
    expect(await screen.findByText('Publishing quotas could not be loaded')).toBeTruthy();
    expect(screen.getByText('Something went wrong. Our team has been notified.')).toBeTruthy();
    const before = api.calls.filter((c) => c.path === '/api/publishing/quota').length;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/api/publishing/quota').length).toBe(before + 1),
    );
  });

  it('words every case plainly', () => {
    expect(quotaSummary(quota({ remaining: 0, used: 50 }))).toBe('0 of 50 posts left');
    expect(
      quotaSummary(quota({ source: 'unavailable', remaining: null, total: null, reason: null })),
    ).toBe('Not known right now');
  });
});
