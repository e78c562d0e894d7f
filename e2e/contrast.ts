import axe from 'axe-core';
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/** What the dashboard promises: WCAG 2.1 at levels A and AA, as axe-core tags its rules. */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** What fails a screen: a violation a user cannot work around. */
const FAILING_IMPACTS: readonly string[] = ['serious', 'critical'];

async function injectAxe(page: Page): Promise<void> {
  // Evaluated through the DevTools protocol, so the page's CSP (no inline scripts) allows it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
}

/** Text whose contrast with its background is below WCAG AA, as axe-core measures it. */
export async function contrastFailures(page: Page): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: 'rule', values: ['color-contrast'] },
    });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => `${n.target.join(' ')}: ${n.any.map((c) => c.message).join('; ')}`),
    );
  });
}

export interface AxeOptions {
  /**
   * Rules left out, each with the reason it cannot apply (a third party's markup, say): the
   * reason is part of the call so that no rule is ever dropped silently.
   */
  skip?: Readonly<Record<string, string>>;
}

/**
 * Every serious or critical WCAG 2.1 A/AA violation axe-core finds on the page as it is now (open
 * dialogs included), one line each: "rule-id (impact) at target: what is wrong".
 */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(
    async ({ tags, impacts, skip }) => {
      const result = await window.axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(skip.map((id) => [id, { enabled: false }])),
        resultTypes: ['violations'],
      });
      return result.violations
        .filter((v) => impacts.includes(v.impact ?? ''))
        .flatMap((v) =>
          v.nodes.map((n) => {
            const checks = [...n.any, ...n.all, ...n.none].map((c) => c.message);
            const why = checks.length > 0 ? checks.join('; ') : v.help;
            return `${v.id} (${v.impact ?? '?'}) at ${n.target.join(' ')}: ${why}`;
          }),
        );
    },
    { tags: [...WCAG_21_AA_TAGS], impacts: FAILING_IMPACTS, skip: Object.keys(options.skip ?? {}) },
  );
}
