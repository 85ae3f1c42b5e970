import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok } from '../../../../test/mock-api.ts';
import { EMAIL_ID, emailApiMock, emailCampaign, renderEmail } from './email.test-helpers.tsx';

// An e-mail once it goes out: read-only, its figures read again every 3 s while it is being
// sent, and Cancel — a scheduled one back to a draft, one being sent stopped.

const ONE = `/api/audience/emails/${EMAIL_ID}`;

const figures = (sent: number) => ({
  recipients: 10,
  queued: 10 - sent,
  sent,
  refused: 0,
  bounced: 0,
  skipped: 0,
  unsubscribed: 0,
  clicked: 0,
  clicks: 0,
});

describe('an e-mail being sent', () => {
  it('shows its progress and reads it again every 3 s until it is sent', async () => {
    let reads = 0;
    emailApiMock({
      [`GET ${ONE}`]: () => {
        reads += 1;
        return ok(
          reads === 1
            ? emailCampaign({ status: 'sending', figures: figures(4) })
            : emailCampaign({
                status: 'sent',
                clickTracking: true,
                finishedAt: '2026-11-29T10:00:00.000Z',
                figures: {
                  ...figures(9),
                  queued: 0,
                  refused: 1,
                  unsubscribed: 1,
                  clicked: 3,
                  clicks: 5,
                },
              }),
        );
      },
    });
    renderEmail(`/dashboard/audience/emails/${EMAIL_ID}`);
    const bar = await screen.findByRole('progressbar', { name: 'Sending' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('4 of 10 done')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'E-mail' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull(), { timeout: 6000 });
    const region = screen.getByRole('region', { name: 'Figures' });
    const value = (label: string) =>
      within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Sent')).toBe('9');
    expect(value('Refused')).toBe('1');
    expect(value('Unsubscribed')).toBe('1');
    expect(value('Clicked')).toBe('3');
    expect(value('Clicks')).toBe('5');
    expect(screen.queryByRole('button', { name: /Stop sending|Cancel schedule/ })).toBeNull();
    expect(reads).toBe(2);
  });

  it('stops when asked', async () => {
    const { calls } = emailApiMock({
      [`GET ${ONE}`]: ok(emailCampaign({ status: 'sending', figures: figures(4) })),
      [`POST ${ONE}/cancel`]: ok(
        emailCampaign({ status: 'cancelled', figures: { ...figures(4), queued: 0, skipped: 6 } }),
      ),
    });
    renderEmail(`/dashboard/audience/emails/${EMAIL_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Stop sending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop sending this e-mail?' });
    expect(within(dialog).getByText(/Those not yet sent \(6\) will not get it/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop sending' }));
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(calls.filter((c) => c.path === `${ONE}/cancel`)).toHaveLength(1);
  });
});

describe('a scheduled e-mail', () => {
  it('says when it goes out and to how many, and goes back to a draft when cancelled', async () => {
    emailApiMock({
      [`GET ${ONE}`]: ok(
        emailCampaign({ status: 'scheduled', sendAt: '2026-12-01T09:00:00.000Z' }),
      ),
      [`POST ${ONE}/cancel`]: ok(emailCampaign({ version: 5 })),
    });
    renderEmail(`/dashboard/audience/emails/${EMAIL_ID}`);
    expect(await screen.findByText(/Goes out .*9:00/)).toBeTruthy();
    expect(await screen.findByText(/It goes to 308 people/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the schedule?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel schedule' }));
    expect(await screen.findByRole('form', { name: 'E-mail' })).toBeTruthy();
    expect(screen.getByText('Saved (version 5).')).toBeTruthy();
  });
});
