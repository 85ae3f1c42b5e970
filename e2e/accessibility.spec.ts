import { expect, test, type Page } from './test.ts';
import { nextFrames, visit, walkEveryPage, type AppRoute } from './app-routes.ts';
import { seriousViolations } from './axe.ts';

// axe over every page (docs/decisions/090): every public page as a visitor and every dashboard
// page as an owner with a business, against the WCAG 2 A and AA rules, in the light theme on a
// laptop and the dark theme on a phone. A serious or critical violation fails the test, named
// with its rule, the elements and the route.

const LOOKS = [
  { name: 'light, 1280 px', colorScheme: 'light', viewport: { width: 1280, height: 800 } },
  { name: 'dark, 390 px', colorScheme: 'dark', viewport: { width: 390, height: 844 } },
] as const;

/** Every route in every look; one line per serious or critical violation. */
async function violations(page: Page, routes: readonly AppRoute[]): Promise<string[]> {
  const found: string[] = [];
  for (const { route, url } of routes) {
    await page.emulateMedia({ colorScheme: LOOKS[0].colorScheme });
    await page.setViewportSize(LOOKS[0].viewport);
    await visit(page, url);
    // Colours change at once when the theme does, so none is read halfway through a transition.
    await page.addStyleTag({ content: '*, ::before, ::after { transition: none !important; }' });
    // One visit, each look in turn: theme and layout follow without a reload.
    for (const [index, look] of LOOKS.entries()) {
      if (index > 0) {
        await page.emulateMedia({ colorScheme: look.colorScheme });
        await page.setViewportSize(look.viewport);
        await nextFrames(page);
      }
      found.push(...(await seriousViolations(page, `${route} (${look.name})`)));
    }
  }
  return found;
}

test('no page has a serious or critical accessibility violation', async ({ browser }) => {
  test.setTimeout(180_000);
  const found = await walkEveryPage(browser, violations);
  expect(found, `Accessibility violations:\n${found.join('\n')}`).toEqual([]);
});
