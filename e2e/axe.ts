import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from './test.ts';

// axe as the browser tests run it (docs/decisions/090): the WCAG 2 A and AA rules, and only
// serious and critical violations fail a test.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * axe in the page itself (legacy mode): the app has no frames from other origins, and the default
 * mode opens a blank page to finish every run, which doubles the time of a walk over every page.
 */
function analyze(page: Page) {
  return new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
}

/**
 * The page's serious and critical violations, one line each with its rule and the elements,
 * prefixed with `where` (the route and how it was seen).
 */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const results = await analyze(page).catch(async () => {
    // The page moved on by itself (a callback page forwarding): check where it landed.
    await page.waitForLoadState('load');
    return analyze(page);
  });
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 5);
      const more = violation.nodes.length - targets.length;
      return (
        `${where}: ${violation.id} [${violation.impact}] ${violation.help}\n    ` +
        targets.join('\n    ') +
        (more > 0 ? `\n    …and ${more} more` : '')
      );
    });
}
