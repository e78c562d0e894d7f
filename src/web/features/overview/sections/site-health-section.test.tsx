import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDayLong, formatDayRange } from '../charts/format';
import {
  DAYS,
  findChart,
  renderOverview,
  serveOverview,
  SITE_HEALTH,
  tableRows,
  fakeOverviewServer,
} from '../testing';

const overview = fakeOverviewServer();
const { server } = overview;

const location = () => screen.getByTestId('location').textContent ?? '';
const mediumDate = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

async function health() {
  const section = await screen.findByRole('region', { name: 'Site health' });
  await findChart('Fields filled per day');
  return section;
}

describe('Site health', () => {
  it('names each drifting field, since when, and links its batch’s jobs', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    const drift = within(await health()).getByRole('region', { name: 'Markup drift' });
    expect(within(drift).getByRole('listitem')).toHaveTextContent(
      `Salary not parsed since ${mediumDate('2025-03-06T09:00:00.000Z')}, batch #12`,
    );
    await user.click(within(drift).getByRole('link', { name: 'batch #12' }));
    expect(location()).toBe('/jobs?batch=12');
  });

  it('says when every field parses, and shows the cookies’ state', async () => {
    vi.useFakeTimers({ now: new Date('2025-03-07T11:00:00.000Z'), toFake: ['Date'] });
    serveOverview(server, { 'site-health': { ...SITE_HEALTH, drift: [] } });
    renderOverview('/overview?range=7');
    const section = await health();
    expect(within(section).getByRole('region', { name: 'Markup drift' })).toHaveTextContent(
      'Every watched field parses as usual.',
    );
    expect(within(section).getByRole('region', { name: 'Cookies' })).toHaveTextContent(
      'Valid — checked 3 hours ago · Settings',
    );
    vi.useRealTimers();
  });

  it('draws each field’s fill per day on a row of its own, a day without jobs as a gap', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    await health();
    const frame = await findChart('Fields filled per day');
    const drawing = within(frame).getByRole('group', { name: /^Fields filled per day, by day/ });
    // Issue 39: eight lines at 100 % hid one another; each field now has its own row, named.
    const texts = [...drawing.querySelectorAll('g[aria-hidden="true"] text')]
      .map((t) => t.firstChild?.textContent ?? '')
      .filter((t) => t !== '' && !/^\d|%$/.test(t));
    // The rows' names, the value axis' label, then the day axis' ticks and its label.
    expect(texts.slice(0, 9)).toEqual([
      'Company id',
      'Location',
      'Posted date',
      'Salary',
      'Seniority',
      'Employment type',
      'Description',
      'Applicants',
      'Filled (%)',
    ]);
    expect(texts.at(-1)).toBe('Day');
    // Each row its own band (26 px high): eight bars a day, each as high as its field's fill.
    const day5 = within(frame).getByRole('img', { name: formatDayLong('2025-03-05') });
    const bars = [...day5.querySelectorAll('rect[style]')].map((r) =>
      Number(r.getAttribute('height')),
    );
    expect(bars.map((h) => Math.round((h / 26) * 1000) / 10)).toEqual([
      100, 100, 80, 50, 100, 100, 100, 72.5,
    ]);

    await user.hover(day5);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Salary:50%');
    await user.hover(within(frame).getByRole('img', { name: formatDayLong('2025-03-06') }));
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent('Salary:0% (drifting)');
    expect(tooltip).toHaveTextContent('Applicants:80%');
    await user.hover(within(frame).getByRole('img', { name: formatDayLong('2025-03-03') }));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Company id:no data');

    await user.click(within(frame).getByRole('button', { name: 'Show as table' }));
    const rows = tableRows(within(frame).getByRole('table', { name: 'Fields filled per day' }));
    expect(rows[0]).toEqual([
      '2025-03-01',
      '100',
      '100',
      '90',
      '50',
      '100',
      '100',
      '100',
      '75',
      '–',
    ]);
    expect(rows[2]).toEqual(['2025-03-03', '–', '–', '–', '–', '–', '–', '–', '–', '–']);
    expect(rows[4]).toEqual([
      '2025-03-05',
      '100',
      '100',
      '80',
      '50',
      '100',
      '100',
      '100',
      '72.5',
      '–',
    ]);

    await user.click(within(frame).getByRole('button', { name: 'Download CSV' }));
    expect(overview.downloads.names).toEqual(['overview-field-fill-7d.csv']);
    const lines = (await overview.downloads.blobs[0]?.text())?.split('\r\n');
    expect(lines?.[0]).toBe(
      'Day,Company id (%),Location (%),Posted date (%),Salary (%),Seniority (%),Employment type (%),Description (%),Applicants (%),Drifting',
    );
    expect(lines?.[3]).toBe('2025-03-03,,,,,,,,,');
    expect(lines?.[7]).toBe('2025-03-07,100,100,100,0,100,100,100,80,Salary');
  });

  it('marks the days a field drifted, after it recovered too, in the drawing, its words and the table', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    await health();
    const frame = await findChart('Fields filled per day');
    const drawing = within(frame).getByRole('group', { name: /^Fields filled per day, by day/ });
    // Posted date drifted on the 2nd only and parses again; salary drifts since the 6th. Both are
    // named beside their row, not only hatched.
    const marks = [...drawing.querySelectorAll('tspan')].map((t) => t.textContent);
    expect(marks).toEqual([
      ` · drifting ${formatDayRange('2025-03-02', '2025-03-02')}`,
      ` · drifting ${formatDayRange('2025-03-06', '2025-03-07')}`,
    ]);
    const hatched = (day: string) =>
      within(frame)
        .getByRole('img', { name: formatDayLong(day) })
        .querySelectorAll('rect[style*="-mark"]').length;
    expect(DAYS.map(hatched)).toEqual([0, 1, 0, 0, 0, 1, 1]);
    await user.hover(within(frame).getByRole('img', { name: formatDayLong('2025-03-02') }));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Posted date:0% (drifting)');

    await user.click(within(frame).getByRole('button', { name: 'Show as table' }));
    const table = within(frame).getByRole('table', { name: 'Fields filled per day' });
    expect(tableRows(table).map((row) => row.at(-1))).toEqual([
      '–',
      'Posted date',
      '–',
      '–',
      '–',
      'Salary',
      'Salary',
    ]);
  });

  it('counts the site requests and the trouble per day, pause time in the table', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    await health();
    const requests = await findChart('Site requests per day');
    await user.hover(within(requests).getByRole('img', { name: formatDayLong('2025-03-04') }));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Site requests:25All requests:25');

    const trouble = await findChart('Trouble per day');
    // A row each on its own scale: a day's tooltip names every one of them.
    await user.hover(within(trouble).getByRole('img', { name: formatDayLong('2025-03-02') }));
    expect(screen.getByRole('tooltip')).toHaveTextContent(
      'Rate-limited (429, 999):2Retries:2Pauses:1Failed details:0',
    );
    await user.click(within(trouble).getByRole('button', { name: 'Show as table' }));
    const table = within(trouble).getByRole('table', { name: 'Trouble per day' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Day',
      'Rate-limited (429, 999)',
      'Retries',
      'Pauses',
      'Failed details',
      'Pause time (s)',
    ]);
    expect(tableRows(table)[1]).toEqual(['2025-03-02', '2', '2', '1', '0', '30.5']);
  });
});
