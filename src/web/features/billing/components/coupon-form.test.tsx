import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, ok } from '../../../test/mock-api.ts';
import { billingApi, bodiesTo, premium, renderPage } from '../pages/billing.test-helpers.tsx';

// Redeeming a code on a running subscription (docs/decisions/094): checked with the server's
// schema first, the server's refusal said next to the field, and what was typed kept.

async function typeCode(value: string) {
  const field = (await screen.findByRole('textbox', {
    name: 'Coupon or promotion code',
  })) as HTMLInputElement;
  fireEvent.change(field, { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply code' }));
  return field;
}

describe('redeeming a code', () => {
  it('applies a code and clears the field', async () => {
    const { calls } = billingApi({
      'GET /api/billing': ok(premium()),
      'POST /api/billing/coupon': ok(premium()),
    });
    renderPage();
    const field = await typeCode('SPRING20');
    await waitFor(() =>
      expect(bodiesTo(calls, '/api/billing/coupon')).toEqual([{ code: 'SPRING20' }]),
    );
    await waitFor(() => expect(field.value).toBe(''));
  });

  it('keeps the typed code and says the server’s message when the code is refused', async () => {
    billingApi({
      'GET /api/billing': ok(premium()),
      'POST /api/billing/coupon': fail(400, 'COUPON_ERROR', 'This code has expired.'),
    });
    renderPage();
    const field = await typeCode('OLD10');
    expect(await screen.findByText('This code has expired.')).toBeTruthy();
    expect(field.value).toBe('OLD10');
  });

  it('shows the server’s field error next to the field', async () => {
    billingApi({
      'GET /api/billing': ok(premium()),
      'POST /api/billing/coupon': fail(400, 'VALIDATION_ERROR', 'Please check the form.', {
        fieldErrors: { code: 'Unknown code' },
      }),
    });
    renderPage();
    const field = await typeCode('NOPE');
    expect(await screen.findByText('Unknown code')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.value).toBe('NOPE');
  });

  it('refuses an empty or malformed code without asking', async () => {
    const { calls } = billingApi({ 'GET /api/billing': ok(premium()) });
    renderPage();
    await typeCode('   ');
    expect(await screen.findByText('Enter a code')).toBeTruthy();
    const field = await typeCode('two words');
    expect(await screen.findByText('Letters, digits, - and _ only')).toBeTruthy();
    expect(field.value).toBe('two words');
    expect(bodiesTo(calls, '/api/billing/coupon')).toHaveLength(0);
  });
});
