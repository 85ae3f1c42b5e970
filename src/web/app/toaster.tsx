import { Toaster, type ToasterProps } from 'sonner';

// Toast settings (docs/product/routes.md#toasts, docs/product/constants.md#toasts-and-tooltips).
// Width 356 px and the 45 px swipe-to-dismiss threshold are sonner 2.0.8's built-in constants
// (TOAST_WIDTH and SWIPE_THRESHOLD in its dist/index.mjs), not props, so they hold without
// configuration; the rest are set here.
export const TOASTER_PROPS = {
  theme: 'system',
  position: 'bottom-right',
  duration: 4000,
  visibleToasts: 3,
  gap: 14,
  closeButton: true,
  // customAriaLabel replaces sonner's "Notifications alt+T" with exactly the label of
  // docs/product/routes.md#toasts.
  containerAriaLabel: 'Notifications',
  customAriaLabel: 'Notifications',
  toastOptions: { closeButtonAriaLabel: 'Close toast' },
} as const satisfies ToasterProps;

export function AppToaster() {
  return <Toaster {...TOASTER_PROPS} />;
}
