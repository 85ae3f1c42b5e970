import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium.ts';
import { SIMULATOR_CONTROL_PORT } from './e2e/simulator.ts';
import { E2E_MAILBOX_KEY } from './e2e/server-settings.ts';

// Browser tests run Debian's Chromium (never a downloaded browser) against the built app on a
// fresh embedded database of their own.
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_URL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    command: 'node --import tsx scripts/e2e-server.ts',
    url: `${E2E_URL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      APP_URL: E2E_URL,
      // Each test sends its own client address (e2e/test.ts), so per-address limits stay real.
      TRUST_PROXY: '1',
      // e2e/admin.spec.ts creates the first administrator with it.
      ADMIN_SETUP_TOKEN: 'e2e-first-administrator-setup-token',
      // The in-app simulator's control API, on 127.0.0.1 only (e2e/simulator.ts, decision 057).
      META_SIMULATOR_CONTROL_PORT: String(SIMULATOR_CONTROL_PORT),
      DEV_MAILBOX_KEY: E2E_MAILBOX_KEY,
    },
  },
});
