import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { EMAIL_ID, emailApiMock, emailCampaign, list, renderEmail } from './email.test-helpers.tsx';

// The audience page's E-mails tab: the campaign e-mails with segment, status, time in the
// business time zone and figures; New e-mail and the suppression list; the upgrade prompt
// without the Email add-on.

describe('the E-mails tab', () => {
  it('lists each e-mail with its segment, status, time and figures', async () => {
    emailApiMock({
      'GET /api/audience/emails': list([
        emailCampaign(),
        emailCampaign({
          id: '5a1b2c3d-0000-4000-8000-00000000e002',
          name: 'Autumn menu',
          status: 'sent',
          clickTracking: true,
          startedAt: '2026-10-01T08:00:00.000Z',
          finishedAt: '2026-10-01T08:05:00.000Z',
          figures: {
            recipients: 300,
            queued: 0,
            sent: 290,
            refused: 4,
            bounced: 2,
            skipped: 4,
            unsubscribed: 3,
            clicked: 40,
            clicks: 57,
          },
        }),
      ]),
    });
    renderEmail('/dashboard/audience?tab=emails');
    const table = await screen.findByRole('table', { name: 'E-mails' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const draft = within(rows[0]!);
    expect(draft.getByRole('link', { name: 'Spring news' }).getAttribute('href')).toBe(
      `/dashboard/audience/emails/${EMAIL_ID}`,
    );
    expect(draft.getByText('Happy regulars')).toBeTruthy();
    expect(draft.getByText('Draft')).toBeTruthy();
    expect(draft.getByText('Not sent')).toBeTruthy();
    const sent = within(rows[1]!);
    expect(sent.getByText('Sent', { selector: 'span:not([aria-hidden])' })).toBeTruthy();
    // 08:05 UTC is 09:05 in Lisbon on 1 October (summer time).
    expect(sent.getByText(/^Sent .*9:05/)).toBeTruthy();
    const cells = within(rows[1]!)
      .getAllByRole('cell')
      .map((c) => c.lastChild?.textContent);
    expect(cells.slice(2)).toEqual(['290', '6', '3', '57']);
    expect(screen.getByRole('link', { name: 'Suppression list' }).getAttribute('href')).toBe(
      '/dashboard/audience/emails/suppressions',
    );
    expect(screen.getByRole('link', { name: 'New e-mail' }).getAttribute('href')).toBe(
      '/dashboard/audience/emails/new',
    );
  });

  it('pages through the e-mails', async () => {
    const { fetchMock } = emailApiMock({
      'GET /api/audience/emails': list([emailCampaign()], 120),
    });
    renderEmail('/dashboard/audience?tab=emails');
    fireEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 3 · 120 e-mails')).toBeTruthy();
    const pages = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/api/audience/emails')
      .map((url) => url.searchParams.get('page'));
    expect(pages).toContain('2');
  });

  it('offers the add-on instead, and asks nothing of the e-mail API, without the add-on', async () => {
    const { calls } = emailApiMock();
    renderEmail('/dashboard/audience', { addons: [] });
    fireEvent.click(await screen.findByRole('tab', { name: 'E-mails' }));
    expect(await screen.findByText(/comes with the Email marketing add-on/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Email marketing' }).getAttribute('href')).toBe(
      '/dashboard/subscription',
    );
    expect(calls.some((c) => c.path.startsWith('/api/audience/emails'))).toBe(false);
  });

  it('prompts for the add-on on the editor and the suppression list too', async () => {
    emailApiMock();
    const { unmount } = renderEmail('/dashboard/audience/emails/new', { addons: ['crm'] });
    expect(await screen.findByRole('link', { name: 'Add Email marketing' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'New e-mail' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'E-mail' })).toBeNull();
    unmount();
    renderEmail('/dashboard/audience/emails/suppressions', { addons: [] });
    expect(await screen.findByRole('link', { name: 'Add Email marketing' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Suppression list' })).toBeTruthy();
  });
});
