import { Agent, fetch as undiciFetch } from 'undici';
import { E2E_PASSWORD, expect, signIn, submitPassword, test } from './fixtures';

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
    'Overview',
    'Jobs',
    'Pipeline',
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
  await submitPassword(page, 'not the password');
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

test("the browser's device cookie signs it in while guesses from other addresses are refused", async ({
  page,
  browser,
  server,
}) => {
  await page.goto(`${server.url}/sign-in`);
  await signIn(page);
  await expect(page).toHaveURL(`${server.url}/batches`);
  const cookies = await page.context().cookies();
  expect(cookies).toEqual([
    expect.objectContaining({
      name: 'jobscout_device',
      path: '/api/v1/auth',
      httpOnly: true,
      sameSite: 'Strict',
    }),
  ]);
  expect(await page.evaluate(() => document.cookie)).toBe('');

  // Wrong guesses from three other loopback addresses spend the allowance unknown clients share.
  let refused = 0;
  for (const localAddress of ['127.0.0.21', '127.0.0.22', '127.0.0.23']) {
    const dispatcher = new Agent({ connect: { localAddress } });
    for (let i = 0; i < 10; i += 1) {
      const res = await undiciFetch(`${server.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: `guess ${localAddress} ${i}` }),
        dispatcher,
      });
      if (res.status === 429) refused += 1;
    }
    await dispatcher.close();
  }
  expect(refused).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(`${server.url}/sign-in`);
  await signIn(page);
  await expect(page).toHaveURL(`${server.url}/batches`);

  // A browser that never signed in waits, with SPEC.md's text.
  const stranger = await browser.newContext();
  try {
    const other = await stranger.newPage();
    await other.goto(`${server.url}/sign-in`);
    await submitPassword(other, E2E_PASSWORD);
    await expect(other.getByRole('alert')).toHaveText(
      'Too many sign-in attempts. Try again in 15 minutes.',
    );
  } finally {
    await stranger.close();
  }
  expect(server.output()).not.toContain(cookies[0]?.value.slice(-12) ?? 'no cookie');
});
