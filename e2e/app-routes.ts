import sharp from 'sharp';
import { APP_PAGE_PATHS, APP_PAGE_PATTERNS } from '../src/shared/app-pages.ts';
import { connectRosaBakery, followEmailLink, register, uniqueEmail } from './helpers.ts';
import { E2E_MAILBOX_KEY } from './server-settings.ts';
import { simulatorControl } from './simulator.ts';
import type { Browser, Locator, Request } from '@playwright/test';
import { expect, test, type Page } from './test.ts';

// Every page of the app, for the checks that walk all of them (phone widths, accessibility). The
// list is the server's list of pages (src/shared/app-pages.ts), which src/web/app/router.test.ts
// keeps equal to the route table: a new route is walked without touching these tests.

export interface AppRoute {
  /** The route as the table names it (`:token` for a value). */
  route: string;
  /** The address visited: a value for each `:name`, and what the page needs to show itself. */
  url: string;
}

/** What some pages need in their address to show more than a refusal. */
const VISIT_AS: Readonly<Record<string, string>> = {
  '/dev/mailbox': `/dev/mailbox#key=${E2E_MAILBOX_KEY}`,
  '/reset-password': '/reset-password?token=not-a-real-token',
};

function toRoute(route: string): AppRoute {
  return { route, url: VISIT_AS[route] ?? route.replace(/:[a-z]+/gi, 'not-a-real-value') };
}

const ALL = [...APP_PAGE_PATHS, ...APP_PAGE_PATTERNS].map(toRoute);

/** Pages outside the dashboard, and the not-found page, seen by a visitor. */
export const PUBLIC_ROUTES: readonly AppRoute[] = [
  ...ALL.filter(({ route }) => !route.startsWith('/dashboard')),
  { route: '(not found)', url: '/no-such-page' },
];

/** The dashboard's pages, and its own not-found page, seen by an owner with a business. */
export const DASHBOARD_ROUTES: readonly AppRoute[] = [
  ...ALL.filter(({ route }) => route.startsWith('/dashboard')),
  { route: '/dashboard (not found)', url: '/dashboard/no-such-area' },
];

/** A title with a long word in it: what made the phone home page 609 px wide. */
export const LONG_POST_TITLE =
  'Weekend-special-sourdough-and-cinnamon-knots-announcement-for-the-harbour-market';

function inDays(days: number): string {
  const date = new Date(Date.now() + days * 24 * 3600_000);
  date.setUTCHours(10, 0, 0, 0);
  return date.toISOString();
}

/**
 * Signs up an owner with a business and gives the pages something to show: the simulator's Page
 * and Instagram account connected, a post scheduled on each with a long title, and one photo in
 * the library. The page stays signed in.
 */
export async function signUpOwnerWithContent(page: Page): Promise<void> {
  await simulatorControl(page, '/reset');
  const email = uniqueEmail('every-page');
  await register(page, { email, businessName: 'Rosa’s Harbour Bakery and Café' });
  await followEmailLink(page, email, '/api/auth/confirm');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/dashboard/media');
  const photo = await sharp({
    create: { width: 1080, height: 1350, channels: 3, background: '#c87828' },
  })
    .jpeg()
    .toBuffer();
  await page.getByTestId('media-file-input').setInputFiles([
    {
      name: 'weekend-special-sourdough-and-cinnamon-knots-portrait.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    },
  ]);
  await expect(page.getByTestId('upload-entry')).toHaveAttribute('data-status', 'done');
  const media = (await (await page.request.get('/api/media')).json()).data as {
    items: Array<{ id: string }>;
  };

  await connectRosaBakery(page);
  const connections = (await (await page.request.get('/api/platforms/connections')).json())
    .data as Array<{ id: string }>;
  for (const [index, connection] of connections.entries()) {
    const saved = await page.request.post('/api/posts', {
      data: {
        post: {
          title: `${LONG_POST_TITLE} ${index + 1}`,
          content: 'Fresh from the oven on Saturday morning. #bakery #sourdough',
          scheduled_for: inDays(index + 2),
        },
        targets: [{ connection_id: connection.id, media_ids: media.items.map(({ id }) => id) }],
        intent: 'schedule',
      },
    });
    expect(saved.status(), await saved.text()).toBe(201);
  }
}

/** Requests each page has under way, the live status stream left out (it stays open). */
const inFlight = new WeakMap<Page, Set<Request>>();

function requestsOf(page: Page): Set<Request> {
  let requests = inFlight.get(page);
  if (!requests) {
    const set = new Set<Request>();
    page.on('request', (request) => {
      if (request.resourceType() !== 'eventsource') set.add(request);
    });
    page.on('requestfinished', (request) => set.delete(request));
    page.on('requestfailed', (request) => set.delete(request));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) set.clear();
    });
    inFlight.set(page, set);
    requests = set;
  }
  return requests;
}

/** Waits until `page` has had no request under way for a moment (5 s at most). */
export async function settle(page: Page): Promise<void> {
  const requests = requestsOf(page);
  const deadline = Date.now() + 5_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (requests.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 150) return;
    await page.waitForTimeout(25);
  }
}

/** Waits until the page has drawn twice: after a change of viewport or theme. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/**
 * Opens `url` and waits until the page has rendered: the lazy page is loaded, its data has
 * arrived, no list is still loading (`aria-busy`), and its heading is there.
 */
export async function visit(page: Page, url: string): Promise<void> {
  requestsOf(page);
  await page.goto(url);
  await page
    .waitForFunction(
      () =>
        document.querySelector('h1') !== null &&
        document.querySelector('[aria-busy="true"]') === null &&
        !document.body.innerText.includes('Loading page...'),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {
      // A page without a heading, or one that keeps loading, is still checked as it is.
    });
  await settle(page);
}

/** Fully in sight and under nothing else: the element at its centre is it or inside it. */
async function expectClear(element: Locator): Promise<void> {
  await expect(element).toBeInViewport({ ratio: 1 });
  const covered = await element.evaluate((target) => {
    const box = target.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && !target.contains(top);
  });
  expect(covered, 'the last sidebar item lies under another element').toBe(false);
}

/**
 * On a laptop (1280×800) the sidebar's last item is not lost behind the plan card: the whole list
 * fits above it, and on the item's own page too. (On a shorter screen the list scrolls, and the
 * current area is scrolled into sight.)
 */
export async function expectLastSidebarItemClear(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, '/dashboard');
  const nav = page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('navigation', { name: 'Dashboard' });
  const last = nav.getByRole('link').last();
  await expectClear(last);
  const href = await last.getAttribute('href');
  await visit(page, href!);
  await expect(last).toHaveAttribute('aria-current', 'page');
  await expectClear(last);
}

/**
 * Runs `check` over every public page as a visitor, then over every dashboard page as an owner
 * with content (and `more` on the owner's page, if given), and returns everything found.
 */
export async function walkEveryPage(
  browser: Browser,
  check: (page: Page, routes: readonly AppRoute[]) => Promise<string[]>,
  more?: (owner: Page) => Promise<string[]>,
): Promise<string[]> {
  const visitor = await (await browser.newContext()).newPage();
  const found = await test.step('public pages as a visitor', () => check(visitor, PUBLIC_ROUTES));
  await visitor.context().close();

  const owner = await (await browser.newContext()).newPage();
  await test.step('sign up an owner with posts, media and accounts', () =>
    signUpOwnerWithContent(owner));
  found.push(
    ...(await test.step('dashboard pages as the owner', () => check(owner, DASHBOARD_ROUTES))),
  );
  if (more) found.push(...(await more(owner)));
  await owner.context().close();
  return found;
}
