import { VALID_COOKIES } from '../simulator';
import { normalizeCompanyName } from '../src/contract/company-name';
import { expect, signIn, test } from './fixtures';

test('blocks a company, shows the name the site gives for its id, and unblocks it', async ({
  page,
  server,
  simulator,
}) => {
  const company = simulator.catalogue.companies[7];
  if (!company) throw new Error('the simulated catalogue has no companies');
  const name = normalizeCompanyName(company.name);
  expect(name).not.toBe('');

  // The site's company lookup by id needs the operator's cookies: save them first.
  const token = await server.apiToken();
  const saved = await fetch(`${server.url}/api/v1/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ cookies: VALID_COOKIES, script_time: '09:00' }),
  });
  expect(saved.status).toBe(200);

  await page.goto(`${server.url}/companies`);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Companies Management' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Blocked Companies' });
  await expect(table.getByText('No blocked companies found.')).toBeVisible();

  const field = page.getByLabel('Company ID');
  const block = page.getByRole('button', { name: 'Block Company' });
  await expect(block).toBeDisabled();
  await field.fill(company.id);
  await block.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Company blocked successfully!' }),
  ).toBeVisible();
  await expect(field).toHaveValue('');
  const row = table.getByRole('row').filter({ hasText: company.id });
  await expect(row.getByRole('cell')).toHaveText([company.id, name, 'Unblock']);

  // Still there after a reload: it is the server's list.
  await page.reload();
  await expect(row.getByRole('cell').nth(1)).toHaveText(name);

  await row.getByRole('button', { name: 'Unblock' }).click();
  await expect(table.getByText('No blocked companies found.')).toBeVisible();
  const list = await fetch(`${server.url}/api/v1/companies/banned`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await list.json()).toEqual([]);
  // The cookies went to the site, never to the log.
  expect(server.output()).not.toContain('SimulatorSessionToken');
});

test('blocks a company whose name cannot be looked up yet, and says so', async ({
  page,
  server,
}) => {
  await page.goto(`${server.url}/companies`);
  await signIn(page);
  await page.getByLabel('Company ID').fill('424242');
  await page.getByRole('button', { name: 'Block Company' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Company blocked successfully!' }),
  ).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Blocked Companies' })
    .getByRole('row')
    .filter({ hasText: '424242' });
  await expect(row.getByRole('cell')).toHaveText(['424242', 'Name not known yet', 'Unblock']);
});
