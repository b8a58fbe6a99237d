import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on any serious or critical axe violation on the page as it stands. */
export async function expectAccessible(page: Page) {
  // Scan a settled page: a toast or dialog caught mid-fade has, for a moment, too little contrast.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  // Toasts leave on a timer, and one may start fading while axe scans; they use the page's own ink
  // and surface colours, which every scan checks.
  const results = await new AxeBuilder({ page })
    .exclude('[data-rht-toaster]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious, serious.join('\n')).toEqual([]);
}
