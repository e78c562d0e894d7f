import axe from 'axe-core';
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/** Text whose contrast with its background is below WCAG AA, as axe-core measures it. */
export async function contrastFailures(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (no inline scripts) allows it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: 'rule', values: ['color-contrast'] },
    });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => `${n.target.join(' ')}: ${n.any.map((c) => c.message).join('; ')}`),
    );
  });
}
