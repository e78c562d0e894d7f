import {
  createBerlinQueries,
  expect,
  runBatch,
  signIn,
  startServer,
  storedJobs,
  test,
} from './fixtures';

// Decision 068: the Jobs panel is a side sheet on the platform's `inert`, not Radix Dialog. What
// the browser itself must do, which jsdom cannot show: the page behind takes neither the pointer
// nor the focus, Tab goes round inside the sheet, the page does not scroll under it, and focus
// goes back to the row's title when it closes.

test('the Jobs panel holds the focus, freezes the page behind it, and hands the focus back', async ({
  page,
  simulator,
}) => {
  test.setTimeout(120_000);
  const server = await startServer({
    LINKEDIN_BASE_URL: simulator.url,
    SCRAPE_MAX_RESULTS_PER_QUERY: '6',
  });
  try {
    const token = await server.apiToken();
    await createBerlinQueries(server, token, ['Data Analyst']);
    await runBatch(server, token);
    const [job] = await storedJobs(server, token, 'new');
    if (!job) throw new Error('the batch stored no job');

    await page.setViewportSize({ width: 1440, height: 400 });
    await page.goto(`${server.url}/jobs`);
    await signIn(page);
    const title = page.locator(`tr[data-job-id="${job.id}"] button`).first();
    await title.click();
    const sheet = page.getByRole('dialog', { name: job.title });
    await expect(sheet.getByText('Description')).toBeVisible();
    // Opened on its loading header, whose Close gives way to the loaded one's: the focus stays in.
    expect(
      await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null),
    ).toBe(true);

    // Forty presses of Tab, each way: the focus never leaves the sheet.
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 40; i += 1) {
        await page.keyboard.press(key);
        expect(
          await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null),
        ).toBe(true);
      }
    }
    // The page behind: inert, so neither a click nor the wheel reaches it.
    expect(await page.evaluate(() => document.getElementById('root')?.inert)).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight),
    ).toBe(true);
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.move(20, 300);
    // Towards the end that has room: up when the click on the title scrolled the page down.
    await page.mouse.wheel(0, before > 0 ? -before : 400);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    await page.mouse.click(20, 300);
    await expect(sheet).toBeHidden();
    await expect(title).toBeFocused();
    expect(await page.evaluate(() => document.getElementById('root')?.inert)).toBe(false);

    // A deep link opens it too, and Escape closes it.
    await page.goto(`${server.url}/jobs?job=${job.id}`);
    await expect(sheet.getByText('Description')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL((url) => !url.searchParams.has('job'));
  } finally {
    await server.stop();
  }
});
