import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  API,
  findChart,
  MARKET,
  renderOverview,
  serveOverview,
  tableRows,
  fakeOverviewServer,
} from '../testing';

const overview = fakeOverviewServer();
const { server } = overview;

const location = () => screen.getByTestId('location').textContent ?? '';
const euros = (n: number) =>
  new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  }).format(n);

describe('Market', () => {
  it('lists the top companies, each opening its jobs on the Jobs screen', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    const frame = await findChart('Top companies by new jobs');
    const links = within(frame).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Acme, Inc.6', '/jobs?company=Acme%2C+Inc.'],
      ['Globex GmbHBlocked4', '/jobs?company=Globex+GmbH'],
      ['=Formula Corp1', '/jobs?company=%3DFormula+Corp'],
    ]);
    // Axis labels above the bars.
    expect(within(frame).getByText('Company')).toBeInTheDocument();
    expect(within(frame).getByText('New jobs')).toBeInTheDocument();

    // Focus shows the company's tooltip and ties it to the link.
    links[1]?.focus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Globex GmbHNew jobs:4Blocked:Yes');
    expect(links[1]).toHaveAttribute('aria-describedby', tooltip.id);

    await user.click(within(frame).getByRole('link', { name: /Acme/ }));
    expect(location()).toBe('/jobs?company=Acme%2C+Inc.');
  });

  it('blocks a company with a known id from its row, after confirming in place, and reloads the figures', async () => {
    const user = userEvent.setup();
    const banned: string[] = [];
    let marketCalls = 0;
    serveOverview(server, { market: MARKET });
    server.use(
      http.get(`${API}/overview/market`, () => {
        marketCalls += 1;
        const blocked = banned.includes('11');
        return HttpResponse.json({
          ...MARKET,
          companies: MARKET.companies.map((c) => (c.company_id === 11 ? { ...c, blocked } : c)),
        });
      }),
      http.post(`${API}/companies/:id/ban`, ({ params }) => {
        banned.push(String(params.id));
        return HttpResponse.json({ id: Number(params.id), normalized_name: 'acme' });
      }),
    );
    renderOverview('/overview?range=7');
    const frame = await findChart('Top companies by new jobs');
    // Only Acme can be blocked here: Globex is blocked already, and Formula Corp's id is unknown.
    expect(
      within(frame)
        .getAllByRole('button', { name: /^Block / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Block Acme, Inc.']);
    const callsBefore = marketCalls;
    await user.click(within(frame).getByRole('button', { name: 'Block Acme, Inc.' }));
    // Asked in place: nothing is sent before the second click.
    expect(banned).toEqual([]);
    await user.click(within(frame).getByRole('button', { name: 'Confirm: block Acme, Inc.' }));
    expect(await screen.findByText('Company blocked successfully!')).toBeInTheDocument();
    expect(banned).toEqual(['11']);
    await vi.waitFor(() => expect(marketCalls).toBeGreaterThan(callsBefore));
    // Reloaded: Acme reads Blocked, and no Block button comes back (the button is also gone while
    // the check is asked, so the badge is what tells the reload happened).
    await vi.waitFor(() =>
      expect(within(frame).getByRole('link', { name: /Acme/ })).toHaveTextContent('Blocked'),
    );
    expect(within(frame).queryByRole('button', { name: 'Block Acme, Inc.' })).toBeNull();
  });

  it('downloads the companies with their names quoted and formulas defused', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=all');
    const frame = await findChart('Top companies by new jobs');
    await user.click(within(frame).getByRole('button', { name: 'Download CSV' }));
    expect(overview.downloads.names).toEqual(['overview-companies-all.csv']);
    expect((await overview.downloads.blobs[0]?.text())?.split('\r\n')).toEqual([
      'Company,New jobs,Company id,Blocked',
      '"Acme, Inc.",6,11,No',
      'Globex GmbH,4,12,Yes',
      "'=Formula Corp,1,,No",
      '',
    ]);
  });

  it('draws the workplace mix per day, with each workplace’s share of the range', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    const frame = await findChart('Workplace mix per day');
    expect(frame).toHaveTextContent('Remote 35% · Hybrid 25% · On-site 35% · Not said 5%');
    await user.click(within(frame).getByRole('button', { name: 'Show as table' }));
    expect(tableRows(within(frame).getByRole('table', { name: 'Workplace mix per day' }))).toEqual([
      ['2025-03-01', '1', '1', '2', '0', '4'],
      ['2025-03-02', '0', '1', '0', '0', '1'],
      ['2025-03-03', '1', '0', '1', '0', '2'],
      ['2025-03-04', '2', '1', '2', '0', '5'],
      ['2025-03-05', '1', '1', '1', '0', '3'],
      ['2025-03-06', '0', '0', '0', '0', '0'],
      ['2025-03-07', '2', '1', '1', '1', '5'],
    ]);
  });

  it('shows each currency’s yearly salaries as a median within its quartiles', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    const frame = await findChart('Yearly salaries by currency');
    const rows = [
      ...within(frame).getByRole('list', { name: 'Yearly salaries by currency' }).children,
    ];
    expect(rows[0]).toHaveTextContent(
      `EURmedian ${euros(65000)} · ${euros(55000)} to ${euros(80000)} · 9 jobs`,
    );
    // One tab stop: the first currency's tooltip, then the arrow to the next.
    within(frame).getByRole('button', { name: 'Download CSV' }).focus();
    await user.tab();
    expect(rows[0]).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent(
      `EURMedian:${euros(65000)}25th percentile:${euros(55000)}75th percentile:${euros(80000)}Jobs:9`,
    );
    await user.keyboard('{ArrowDown}');
    expect(rows[1]).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent(/^USDMedian:/);
    expect(rows[1]).toHaveAttribute('aria-describedby', screen.getByRole('tooltip').id);

    await user.click(within(frame).getByRole('button', { name: 'Show as table' }));
    expect(tableRows(within(frame).getByRole('table'))).toEqual([
      ['EUR', '9', '55,000', '65,000', '80,000'],
      ['USD', '3', '90,000', '110,000', '125,000'],
    ]);
  });

  it('shows the seniority and employment-type mix, Easy Apply and the median applicants', async () => {
    renderOverview('/overview?range=7');
    const seniority = await findChart('Seniority');
    expect(
      within(seniority)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Mid-Senior level12', 'Entry level4']);
    expect(seniority).toHaveTextContent('Of the 16 new jobs whose details say it.');
    const types = await findChart('Employment type');
    expect(
      within(types)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Full-time15', 'Contract1']);

    const market = screen.getByRole('region', { name: 'Market' });
    const stats = within(market).getAllByRole('definition');
    expect(stats.map((dd) => dd.textContent)).toEqual([
      '40%',
      '8 of 20 new jobs with details',
      '37',
      'Over the 12 new jobs that show a count',
    ]);
  });

  it('says so where the range has nothing to show', async () => {
    serveOverview(server, {
      market: {
        ...MARKET,
        companies: [],
        salaries: [],
        seniority: [],
        employment_types: [],
        workplace: {
          remote: MARKET.days.map(() => 0),
          hybrid: MARKET.days.map(() => 0),
          'on-site': MARKET.days.map(() => 0),
          unknown: MARKET.days.map(() => 0),
        },
        easy_apply: { jobs: 0, easy_apply: 0 },
        applicants: { jobs: 0, median: null },
      },
    });
    renderOverview();
    expect(await findChart('Top companies by new jobs')).toHaveTextContent(
      'No company has a new job in this range yet.',
    );
    expect(await findChart('Yearly salaries by currency')).toHaveTextContent(
      'No new job in this range shows a salary.',
    );
    expect(await findChart('Workplace mix per day')).toHaveTextContent(
      'No new jobs in this range yet, so no workplace mix.',
    );
    const market = screen.getByRole('region', { name: 'Market' });
    expect(market).toHaveTextContent('No new job’s details fetched yet');
    expect(market).toHaveTextContent('No new job shows an applicant count yet');
  });
});
