import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok } from '../../../../test/mock-api.ts';
import { bodiesTo } from '../../pages/audience.test-helpers.tsx';
import { emailApiMock, list, renderEmail, suppression } from './email.test-helpers.tsx';

// The suppression list: each address with why and since when, one added by hand after the
// browser's check, and only those added by hand taken off.

const PATH = '/dashboard/audience/emails/suppressions';

describe('the suppression list', () => {
  it('lists the addresses with their reason, and removes only those added by hand', async () => {
    const { calls } = emailApiMock({
      'GET /api/audience/suppressions': list([
        suppression(),
        suppression({ email: 'bounce@example.com', reason: 'hard_bounce' }),
        suppression({ email: 'ben+news@example.com', reason: 'manual', campaignId: null }),
      ]),
      'DELETE /api/audience/suppressions/ben%2Bnews%40example.com': ok({ removed: true }),
    });
    renderEmail(PATH);
    const listed = await screen.findByRole('list', { name: 'Suppression list' });
    const items = within(listed).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Unsubscribed')).toBeTruthy();
    expect(within(items[1]!).getByText('Address refused')).toBeTruthy();
    expect(within(items[2]!).getByText('Added by hand')).toBeTruthy();
    expect(within(listed).getAllByRole('button', { name: /^Remove/ })).toHaveLength(1);
    fireEvent.click(within(items[2]!).getByRole('button', { name: 'Remove ben+news@example.com' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
        expect.objectContaining({ path: '/api/audience/suppressions/ben%2Bnews%40example.com' }),
      ]),
    );
  });

  it('checks an address in the browser before adding it', async () => {
    const { calls } = emailApiMock({
      'POST /api/audience/suppressions': ({ body }) =>
        ok(suppression({ email: (body as { email: string }).email, reason: 'manual' })),
    });
    renderEmail(PATH);
    const form = await screen.findByRole('form', { name: 'Add an address' });
    const input = within(form).getByRole('textbox', { name: 'Address to leave out' });
    fireEvent.change(input, { target: { value: 'not an address' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to the list' }));
    expect(await within(form).findByText('Not a valid e-mail address')).toBeTruthy();
    expect(bodiesTo(calls, 'POST', '/api/audience/suppressions')).toHaveLength(0);
    fireEvent.change(input, { target: { value: ' tom@example.com ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to the list' }));
    expect(await screen.findByText('tom@example.com will not be e-mailed again')).toBeTruthy();
    expect(bodiesTo(calls, 'POST', '/api/audience/suppressions')).toEqual([
      { email: 'tom@example.com' },
    ]);
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal under the field', async () => {
    emailApiMock({
      'POST /api/audience/suppressions': fail(
        400,
        'VALIDATION_ERROR',
        'Please check your input and try again.',
        {
          fieldErrors: { email: 'Not a valid e-mail address' },
        },
      ),
    });
    renderEmail(PATH);
    const form = await screen.findByRole('form', { name: 'Add an address' });
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'a@b.co' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to the list' }));
    expect(await within(form).findByText('Not a valid e-mail address')).toBeTruthy();
  });
});
