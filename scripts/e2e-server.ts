import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Starts the app for the browser tests: a fresh build, a fresh data directory.
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.data-e2e');
fs.rmSync(dataDir, { recursive: true, force: true });
// The web app is built into the data directory, not dist/web: a build elsewhere (npm start,
// another test run) never swaps the files under these tests.
const webDir = path.join(dataDir, 'web');
execSync(`npx vite build --logLevel warn --outDir ${JSON.stringify(webDir)} --emptyOutDir`, {
  stdio: 'inherit',
});
const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDir,
    DEV_MAILBOX: '1',
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    // The specs make the comments and messages they expect; no simulated follower adds others
    // (unless asked, to look at a living inbox).
    SIMULATOR_CROWD: process.env.SIMULATOR_CROWD ?? 'off',
    // Accounts start without past posts (the grid specs count tiles); the analytics spec turns
    // the history on for its own accounts through the simulator's control API.
    SIMULATOR_HISTORY_DAYS: process.env.SIMULATOR_HISTORY_DAYS ?? '0',
    // A failed renewal keeps access for about 17 seconds instead of 7 days, so e2e/billing.spec.ts
    // sees the banner, then the end of the grace period.
    BILLING_GRACE_DAYS: process.env.BILLING_GRACE_DAYS ?? '0.0002',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
