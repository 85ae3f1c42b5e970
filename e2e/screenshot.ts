import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium.ts';

// Developer tool: screenshots of pages of a running app, to look at what was built.
// Usage: node --import tsx e2e/screenshot.ts http://localhost:3000 /path1 /path2 ...
// Set WIDTH (default 1280) for a narrower viewport and COOKIE=name=value to be signed in.
const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const width = Number(process.env.WIDTH ?? 1280);
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const context = await browser.newContext({
  viewport: { width, height: 900 },
  colorScheme: process.env.DARK ? 'dark' : 'light',
});
if (process.env.COOKIE) {
  const [name, value] = process.env.COOKIE.split('=');
  await context.addCookies([{ name: name!, value: value!, url: base }]);
}
const page = await context.newPage();
page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
for (const p of paths.length > 0 ? paths : ['/']) {
  await page.goto(base + p, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  const file = `/tmp/shot${p.replace(/[^a-z0-9]+/gi, '_')}${width < 800 ? '_m' : ''}.png`;
  await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
  console.log(file, await page.title());
}
await browser.close();
