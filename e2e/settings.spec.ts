import { SIMULATOR_JSESSIONID, SIMULATOR_LI_AT } from '../simulator';
import { normalizeCompanyName } from '../src/contract/company-name';
import { expect, signIn, test } from './fixtures';

// What Chrome's "Copy as cURL (bash)" gives for a signed-in request, cut to a few headers.
const CURL = [
  "curl 'https://www.linkedin.com/voyager/api/me' \\",
  "  -H 'accept: application/vnd.linkedin.normalized+json+2.1' \\",
  `  -b 'bcookie="v=2&0f3b2c1d"; li_at=${SIMULATOR_LI_AT}; JSESSIONID="${SIMULATOR_JSESSIONID}"; lang=v=2&lang=en-us' \\`,
  `  -H 'csrf-token: ${SIMULATOR_JSESSIONID}' \\`,
  "  -H 'x-restli-protocol-version: 2.0.0'",
].join('\n');
const EXTRACTED = `bcookie=v=2&0f3b2c1d; li_at=${SIMULATOR_LI_AT}; JSESSIONID=${SIMULATOR_JSESSIONID}; lang=v=2&lang=en-us`;

test('pastes a cURL command, saves the extracted cookies, and finds them kept after a reload', async ({
  page,
  server,
  simulator,
}) => {
  await page.goto(`${server.url}/settings`);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  const field = page.getByLabel('LinkedIn Cookies');
  await expect(field).toHaveAttribute('rows', '8');
  await expect(field).toHaveValue('');
  const save = page.getByRole('button', { name: 'Save Settings' });
  await expect(save).toBeDisabled();
  const link = page.getByRole('link', { name: 'How to retrieve cookies' });
  await expect(link).toHaveAttribute('href', '/instructions.pdf');
  await expect(link).toHaveAttribute('target', '_blank');

  await field.fill(CURL);
  await expect(page.getByText('Successfully extracted cookies from cURL command!')).toBeVisible();
  await expect(page.getByText('Extracted Cookies:')).toBeVisible();
  await expect(page.getByText(EXTRACTED, { exact: true })).toBeVisible();
  await save.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Settings saved successfully!' }),
  ).toBeVisible();
  await expect(field).toHaveValue(EXTRACTED);

  await page.reload();
  await expect(page.getByLabel('LinkedIn Cookies')).toHaveValue(EXTRACTED);

  // The server stored the extracted cookies with the default script time.
  const token = await server.apiToken();
  const res = await fetch(`${server.url}/api/v1/settings`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await res.json()).toEqual({ cookies: EXTRACTED, script_time: '09:00' });

  // And they are cookies the site accepts: blocking a company now finds its name.
  const company = simulator.catalogue.companies[2];
  if (!company) throw new Error('the simulated catalogue has no companies');
  const ban = await fetch(`${server.url}/api/v1/companies/${company.id}/ban`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await ban.json()).toEqual({
    id: Number(company.id),
    normalized_name: normalizeCompanyName(company.name),
  });
  expect(server.output()).not.toContain(SIMULATOR_LI_AT);
});

test('a cURL command without cookies is reported and cannot be saved', async ({ page, server }) => {
  await page.goto(`${server.url}/settings`);
  await signIn(page);
  await page
    .getByLabel('LinkedIn Cookies')
    .fill("curl 'https://www.linkedin.com/' -H 'accept: text/html'");
  await expect(
    page.getByText('Could not extract cookies from cURL command. Please check the format.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
});
