import { expect, type Page } from '@playwright/test';

// The in-app Graph API simulator's control API (reset, token events…) is not served on the app's
// port: the browser-test server starts it on a loopback port of its own with
// META_SIMULATOR_CONTROL_PORT (playwright.config.ts; docs/decisions/057).

export const SIMULATOR_CONTROL_PORT = Number(
  process.env.E2E_SIMULATOR_CONTROL_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1,
);

const CONTROL_URL = `http://127.0.0.1:${SIMULATOR_CONTROL_PORT}/_sim`;

/** POSTs to the simulator's control API and expects it to succeed. */
export async function simulatorControl(page: Page, path: string, data: unknown = {}) {
  const res = await page.request.post(`${CONTROL_URL}${path}`, { data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as Record<string, unknown>;
}
