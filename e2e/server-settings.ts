// Settings the browser-test server starts with (playwright.config.ts) that the tests also need.

/** The development mailbox key; e2e/helpers.ts opens the mailbox with it. */
export const E2E_MAILBOX_KEY = 'e2e-development-mailbox-key-0123456789';
