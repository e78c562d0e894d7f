import {
  apiJson,
  createBerlinQueries,
  expect,
  runBatch,
  signIn,
  startServer,
  storedJobs,
  test,
} from './fixtures';

// Issue 17: the operator writes a rule "title: senior → hide", sees what it would match, applies
// it to the jobs already stored, sees them leave the list, then disables the rule and brings back
// the jobs it hid.

const MAX_RESULTS = '30';
const SENIOR = /\bsenior\b/i;

/** Every stored job's title in these states. */
const storedTitles = async (
  server: Parameters<typeof storedJobs>[0],
  token: string,
  state: string,
): Promise<string[]> => (await storedJobs(server, token, state)).map((j) => j.title);

test('a hide rule: preview its count, apply it, the jobs leave the list, disable it and bring them back', async ({
  page,
  simulator,
}) => {
  test.setTimeout(120_000);
  const server = await startServer({
    LINKEDIN_BASE_URL: simulator.url,
    SCRAPE_MAX_RESULTS_PER_QUERY: MAX_RESULTS,
  });
  try {
    const token = await server.apiToken();
    await createBerlinQueries(server, token, ['Data Analyst', 'Software Engineer']);
    await runBatch(server, token);
    const visible = 'new,seen,saved,applied';
    const senior = (await storedTitles(server, token, visible)).filter((t) => SENIOR.test(t));
    // The simulated catalogue gives about one title in seven a "Senior" level.
    expect(senior.length).toBeGreaterThan(1);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/jobs`);
    await signIn(page);
    const titles = page
      .getByRole('table', { name: 'Jobs' })
      .locator('tbody tr[data-job-id] td:nth-child(2) button:first-of-type');
    await expect(titles.first()).toBeVisible();
    await expect
      .poll(async () => (await titles.allTextContents()).some((t) => SENIOR.test(t)))
      .toBe(true);

    // To the Rules screen, from the Jobs screen.
    await page.getByRole('link', { name: 'Rules' }).click();
    await expect(page).toHaveURL(/\/jobs\/rules$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rules' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No rules yet' })).toBeVisible();

    // Write the rule: the preview counts the stored jobs it matches, and names a few.
    await page.getByRole('button', { name: 'New rule' }).first().click();
    const editor = page.getByRole('dialog', { name: 'New rule' });
    await editor.getByRole('textbox', { name: 'Name' }).fill('No senior roles');
    await editor.getByRole('textbox', { name: 'Condition 1: words' }).fill('senior');
    const preview = editor.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('status')).toHaveText(`Matches ${senior.length} stored jobs`);
    const examples = await preview
      .getByRole('list', { name: 'Some of the matching jobs' })
      .getByRole('listitem')
      .allTextContents();
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(example).toMatch(SENIOR);
    await expect(editor.getByRole('radio', { name: 'Hide' })).toBeChecked();
    await editor.getByRole('button', { name: 'Add rule' }).click();
    await expect(editor).toBeHidden();
    const rule = page
      .getByRole('list', { name: 'Rules' })
      .getByRole('listitem', { name: 'No senior roles' });
    await expect(rule).toContainText('title: senior');
    await expect(rule).toContainText('new jobs it hides cost no detail request');

    // Apply it to the stored jobs, after the count.
    await rule.getByRole('button', { name: 'Apply to stored jobs' }).click();
    const apply = page.getByRole('alertdialog', { name: 'Apply to stored jobs' });
    await expect(apply).toContainText(`“No senior roles” matches ${senior.length} stored jobs.`);
    await expect(apply).toContainText(`Hide the ${senior.length} of them`);
    await apply.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `No senior roles: ${senior.length} jobs hidden` }),
    ).toBeVisible();

    // The jobs left the list; the hidden ones name the rule.
    await page.getByRole('link', { name: 'Jobs', exact: true }).first().click();
    await expect(page).toHaveURL(/\/jobs$/);
    await expect(titles.first()).toBeVisible();
    await expect
      .poll(async () => (await titles.allTextContents()).filter((t) => SENIOR.test(t)))
      .toEqual([]);
    expect((await storedTitles(server, token, visible)).filter((t) => SENIOR.test(t))).toEqual([]);
    await page.goto(`${server.url}/jobs?state=hidden`);
    await expect(titles.first()).toBeVisible();
    const hiddenRow = page
      .getByRole('table', { name: 'Jobs' })
      .locator('tbody tr[data-job-id]')
      .first();
    await expect(hiddenRow).toContainText('Hidden by rule No senior roles');
    await hiddenRow.getByRole('button').first().click();
    await expect(page.getByRole('dialog').getByText('Hidden by rule')).toContainText(
      'No senior roles',
    );
    await page.keyboard.press('Escape');

    // Disable the rule: it offers to bring back the jobs it hid, with their count.
    await page.goto(`${server.url}/jobs/rules`);
    await rule.getByRole('switch', { name: 'Enabled: No senior roles' }).click();
    const restore = page.getByRole('alertdialog', { name: 'Bring back hidden jobs' });
    await expect(restore).toContainText(`“No senior roles” hid ${senior.length} jobs`);
    await restore.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `Brought back ${senior.length} jobs hidden by No senior roles` }),
    ).toBeVisible();
    await expect(rule).toContainText('Disabled');

    // They are back.
    await page.getByRole('link', { name: 'Jobs', exact: true }).first().click();
    await expect(titles.first()).toBeVisible();
    await expect
      .poll(async () => (await titles.allTextContents()).some((t) => SENIOR.test(t)))
      .toBe(true);
    expect(
      (await storedTitles(server, token, visible)).filter((t) => SENIOR.test(t)).sort(),
    ).toEqual([...senior].sort());

    // The Reposts card: triage carries over by default; turned off, it stays off.
    await page.goto(`${server.url}/jobs/rules`);
    const carryOver = page
      .getByRole('region', { name: 'Reposts' })
      .getByRole('switch', { name: 'Carry triage over to reposts' });
    await expect(carryOver).toBeChecked();
    await carryOver.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Reposts now arrive as new' }),
    ).toBeVisible();
    await page.reload();
    await expect(carryOver).not.toBeChecked();
    expect(await apiJson(server, token, '/reposts/settings')).toEqual({ carry_over_triage: false });
  } finally {
    await server.stop();
  }
});
