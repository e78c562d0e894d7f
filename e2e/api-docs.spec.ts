import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

// The API reference at /api/docs (issue 18): Swagger UI served by jobscout itself, under the
// same Content-Security-Policy as the dashboard, reached from Settings, and able to call the API
// with a token pasted under "Authorize".

/** Console errors (Chromium reports each CSP violation there), page errors, and off-site requests. */
function watchPage(page: Page, origin: string) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:')) problems.push(`off-site: ${url}`);
  });
  return problems;
}

test('Settings links the API reference, which renders under the CSP and calls the API with a token', async ({
  page,
  server,
  context,
}) => {
  const problems = watchPage(page, server.url);
  await page.goto(`${server.url}/settings`);
  await signIn(page);
  const link = page.getByRole('link', { name: 'API reference' });
  await expect(link).toHaveAttribute('href', `${server.url}/api/docs`);
  await expect(page.getByRole('link', { name: 'openapi.json' })).toHaveAttribute(
    'href',
    `${server.url}/api/v1/openapi.json`,
  );

  const [reference] = await Promise.all([context.waitForEvent('page'), link.click()]);
  const referenceProblems = watchPage(reference, server.url);
  await reference.waitForLoadState();
  expect(reference.url()).toBe(`${server.url}/api/docs`);
  await expect(reference).toHaveTitle('jobscout API reference');
  await expect(reference.getByRole('heading', { name: /jobscout API/ })).toBeVisible();
  // Grouped by resource, one line per call with its summary.
  await expect(reference.locator('#operations-tag-jobs')).toBeVisible();
  await expect(
    reference.getByText('Stored jobs, searched, filtered and paged (the Jobs screen)'),
  ).toBeVisible();
  // The dashboard's own strict policy, not a looser one: Swagger UI needs nothing more.
  const policy = async (path: string) =>
    (await reference.request.get(`${server.url}${path}`)).headers()['content-security-policy'];
  const strict = await policy('/settings');
  expect(strict).toContain("script-src 'self'");
  expect(await policy('/api/docs')).toBe(strict);
  expect(await policy('/api/docs/static/swagger-ui-bundle.js')).toBe(strict);

  // Authorize with the operator's token, then try GET /api/v1/queries from the page.
  await reference.getByRole('button', { name: 'Authorize' }).first().click();
  await reference
    .locator('.auth-container input')
    .first()
    .fill(await server.apiToken());
  await reference.getByRole('button', { name: 'Apply credentials' }).first().click();
  await expect(reference.getByRole('button', { name: 'Logout' }).first()).toBeVisible();
  await reference.getByRole('button', { name: 'Close' }).first().click();
  const queries = reference.locator('#operations-queries-get_api_v1_queries');
  await queries.locator('.opblock-summary').click();
  await queries.getByRole('button', { name: 'Try it out' }).click();
  await queries.getByRole('button', { name: 'Execute' }).click();
  await expect(
    queries.locator('.live-responses-table tr.response .response-col_status').first(),
  ).toHaveText('200');

  expect(referenceProblems).toEqual([]);
  expect(problems).toEqual([]);
});
