import { expect, test, type Page } from './test.ts';
import {
  expectLastSidebarItemClear,
  nextFrames,
  visit,
  walkEveryPage,
  type AppRoute,
} from './app-routes.ts';

// No page is wider than a phone (docs/decisions/090): every public page as a visitor and every
// dashboard page as an owner with a business, at the two most common phone widths, must not
// scroll sideways. A failure names the route and the elements that stick out, widest first.

const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

interface Overflow {
  scrollWidth: number;
  innerWidth: number;
  /** The outermost and the widest innermost elements whose right edge passes the viewport. */
  widest: string[];
}

/** How far the page scrolls sideways, and what sticks out, or null when it fits. */
async function measureOverflow(page: Page): Promise<Overflow | null> {
  return page.evaluate(() => {
    const { scrollWidth } = document.documentElement;
    const { innerWidth } = window;
    if (scrollWidth <= innerWidth) return null;
    const describe = (element: Element): string => {
      const id = element.id ? `#${element.id}` : '';
      const classes = Array.from(element.classList).slice(0, 6).join('.');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      return `${element.tagName.toLowerCase()}${id}${classes ? `.${classes}` : ''} “${text}”`;
    };
    /** Inside a box that clips or scrolls sideways, an element cannot widen the page. */
    const clipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (parent === document.body) return false;
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const sticking = Array.from(document.body.querySelectorAll('*')).filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > innerWidth + 0.5 && !clipped(element);
    });
    // Where the page first gets too wide (the outermost boxes that stick out), and the widest
    // thing inside them (usually the cause: a long word, a fixed width, a row that cannot wrap).
    const outermost = sticking.filter(
      (element) => !element.parentElement || !sticking.includes(element.parentElement),
    );
    const innermost = sticking.filter(
      (element) => !sticking.some((other) => other !== element && element.contains(other)),
    );
    const byWidth = (a: Element, b: Element) =>
      b.getBoundingClientRect().width - a.getBoundingClientRect().width;
    const line = (element: Element) =>
      `${describe(element)} (${Math.round(element.getBoundingClientRect().width)} px wide, ` +
      `right edge at ${Math.round(element.getBoundingClientRect().right)} px)`;
    return {
      scrollWidth,
      innerWidth,
      widest: [...outermost.sort(byWidth).slice(0, 2), ...innermost.sort(byWidth).slice(0, 1)].map(
        line,
      ),
    };
  });
}

/** Every route at every phone width; returns one line per route and width that scrolls sideways. */
async function overflowingRoutes(page: Page, routes: readonly AppRoute[]): Promise<string[]> {
  const failures: string[] = [];
  for (const { route, url } of routes) {
    await page.setViewportSize(PHONES[0]);
    await visit(page, url);
    // One visit, each width in turn: the layout follows the viewport without a reload.
    for (const [index, phone] of PHONES.entries()) {
      if (index > 0) {
        await page.setViewportSize(phone);
        await nextFrames(page);
      }
      const overflow = await measureOverflow(page);
      if (overflow) {
        failures.push(
          `${route} at ${phone.width} px is ${overflow.scrollWidth} px wide; sticking out:\n    ` +
            overflow.widest.join('\n    '),
        );
      }
    }
  }
  return failures;
}

test('no page scrolls sideways on a phone, and the sidebar keeps its last item in sight on a laptop', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const failures = await walkEveryPage(browser, overflowingRoutes, async (owner) => {
    const more: string[] = [];
    await test.step('the navigation drawer', async () => {
      await visit(owner, '/dashboard');
      await owner.getByRole('button', { name: 'Open navigation' }).click();
      await expect(owner.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
      const drawer = await measureOverflow(owner);
      if (drawer) more.push(`navigation drawer: ${drawer.widest.join('; ')}`);
    });
    await test.step('the sidebar on a laptop', () => expectLastSidebarItemClear(owner));
    return more;
  });
  expect(failures, `Pages wider than the phone:\n${failures.join('\n')}`).toEqual([]);
});
