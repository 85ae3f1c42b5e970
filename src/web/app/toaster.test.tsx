import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { AppToaster, TOASTER_PROPS } from './toaster.tsx';

// docs/product/routes.md#toasts, docs/product/constants.md#toasts-and-tooltips
describe('toaster', () => {
  it('uses the product settings', () => {
    expect(TOASTER_PROPS).toMatchObject({
      theme: 'system',
      duration: 4000,
      visibleToasts: 3,
      gap: 14,
      containerAriaLabel: 'Notifications',
      toastOptions: { closeButtonAriaLabel: 'Close toast' },
    });
  });

  it('renders a "Notifications" region, 356 px wide, with "Close toast" buttons', async () => {
    render(<AppToaster />);
    act(() => {
      toast('Saved');
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
    const region = document.querySelector('section[aria-label="Notifications"]');
    expect(region).not.toBeNull();
    const list = document.querySelector<HTMLElement>('[data-sonner-toaster]');
    // sonner's built-in TOAST_WIDTH (356) and our gap, as CSS variables on the list.
    expect(list?.style.getPropertyValue('--width')).toBe('356px');
    expect(list?.style.getPropertyValue('--gap')).toBe('14px');
    expect(screen.getByRole('button', { name: 'Close toast' })).toBeTruthy();
    act(() => {
      toast.dismiss();
    });
  });
});
