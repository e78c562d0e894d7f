import { E2E_PASSWORD, expect, signIn, test } from './fixtures';

test('signs in and lands on /batches with the layout of SPEC.md §2', async ({ page, server }) => {
  await page.goto(`${server.url}/`);
  await expect(page).toHaveURL(`${server.url}/sign-in`);
  await expect(page.getByRole('heading', { name: 'Sign in to LinkedIn Dashboard' })).toBeVisible();
  await expect(page.getByText('Enter your password to access the application')).toBeVisible();
  await signIn(page);
  // The index route remembers "/" and sends it on to /query-runs.
  await expect(page).toHaveURL(`${server.url}/query-runs`);

  await page.goto(`${server.url}/sign-in`);
  await expect(page).toHaveURL(`${server.url}/batches`);
  await expect(page.getByText('LinkedIn Scraper Admin')).toBeVisible();
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  await expect(links).toHaveText([
    'Jobs',
    'Query Runs',
    'Batches',
    'Queries',
    'Companies',
    'Settings',
  ]);
  await expect(page.getByRole('link', { name: 'Batches' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Queries' })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('a fresh sign-in with nowhere remembered lands on /batches', async ({ page, server }) => {
  await page.goto(`${server.url}/sign-in`);
  await signIn(page);
  await expect(page).toHaveURL(`${server.url}/batches`);
  await expect(page.getByRole('heading', { name: 'Batches' })).toBeVisible();
});

test('opening /companies signed out returns there after sign-in, and Back skips /sign-in', async ({
  page,
  server,
}) => {
  await page.goto(`${server.url}/sign-in`);
  await page.goto(`${server.url}/companies`);
  await expect(page).toHaveURL(`${server.url}/sign-in`);
  await signIn(page);
  await expect(page).toHaveURL(`${server.url}/companies`);
  await expect(page.getByRole('heading', { name: 'Companies Management' })).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/\/sign-in$/);
});

test('a wrong password shows the server error and clears the field', async ({ page, server }) => {
  await page.goto(`${server.url}/sign-in`);
  await signIn(page, 'not the password');
  await expect(page.getByRole('alert')).toHaveText('Invalid password');
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expect(page).toHaveURL(`${server.url}/sign-in`);
});

test('signing out removes the token and protects the dashboard again', async ({ page, server }) => {
  await page.goto(`${server.url}/settings`);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  expect(token).toBeTruthy();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(`${server.url}/sign-in`);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  // The server revoked it too: the old token no longer verifies.
  const res = await fetch(`${server.url}/api/v1/auth/verify`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await res.json()).toEqual({ authenticated: false });
  await page.goto(`${server.url}/queries`);
  await expect(page).toHaveURL(`${server.url}/sign-in`);
  // No secret ever reached the server's log.
  expect(server.output()).not.toContain(E2E_PASSWORD);
  expect(server.output()).not.toContain(String(token));
});
