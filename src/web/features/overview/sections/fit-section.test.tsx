import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDayLong } from '../charts/format';
import {
  FIT,
  findChart,
  renderOverview,
  serveOverview,
  tableRows,
  fakeOverviewServer,
} from '../testing';

const overview = fakeOverviewServer();

const TITLE = 'New jobs by fit';

/** The tooltip's lines, as "label: value" (the heading first). */
function tooltipText(): string[] {
  const tooltip = screen.getByRole('tooltip');
  const heading = tooltip.querySelector('p')?.textContent ?? '';
  const lines = within(tooltip)
    .getAllByRole('listitem')
    .map((li) => (li.textContent ?? '').replace(/:(?=\S)/, ': '));
  return [heading, ...lines];
}

describe('New jobs by fit (issue 40)', () => {
  it('stacks each day’s bands in their own colours, named in the legend, with labelled axes', async () => {
    renderOverview('/overview?range=7');
    const frame = await findChart(TITLE);
    expect(frame).toHaveTextContent('A job counts in its band as its score is now');
    const legend = within(frame).getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Strong', 'Good', 'Weak', 'Poor', 'No fit']);
    // The fit band tokens, the same colours as the bands everywhere else.
    const fills = [
      ...within(frame)
        .getByRole('img', { name: formatDayLong('2025-03-01') })
        .querySelectorAll('rect[y]'),
    ].map((rect) => (rect instanceof SVGElement ? rect.style.fill : ''));
    expect(fills).toEqual([
      expect.stringContaining('--fit-strong'),
      expect.stringContaining('--fit-good'),
      expect.stringContaining('--fit-poor'),
    ]);
    expect(within(frame).getByText('New jobs')).toBeInTheDocument();
    expect(within(frame).getByText('Day')).toBeInTheDocument();
  });

  it('tells a day’s bands by keyboard and by pointer', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    const frame = await findChart(TITLE);
    within(frame).getByRole('button', { name: 'Download CSV' }).focus();
    await user.tab();
    expect(within(frame).getByRole('img', { name: formatDayLong('2025-03-07') })).toHaveFocus();
    expect(tooltipText()).toEqual([
      formatDayLong('2025-03-07'),
      'Strong: 1',
      'Poor: 3',
      'All new jobs: 4',
    ]);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(tooltipText()).toEqual([
      formatDayLong('2025-03-05'),
      'Weak: 1',
      'No fit: 2',
      'All new jobs: 3',
    ]);
    await user.hover(within(frame).getByRole('img', { name: formatDayLong('2025-03-04') }));
    expect(tooltipText()).toEqual([
      formatDayLong('2025-03-04'),
      'Strong: 2',
      'Good: 1',
      'All new jobs: 3',
    ]);
  });

  it('shows the same figures as a table, and downloads them as CSV', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    const frame = await findChart(TITLE);
    await user.click(within(frame).getByRole('button', { name: 'Show as table' }));
    const table = within(frame).getByRole('table', { name: TITLE });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Strong', 'Good', 'Weak', 'Poor', 'No fit', 'Total']);
    expect(tableRows(table)[0]).toEqual(['2025-03-01', '1', '2', '0', '1', '0', '4']);
    await user.click(within(frame).getByRole('button', { name: 'Download CSV' }));
    expect(overview.downloads.names).toEqual(['overview-fit-7d.csv']);
    expect(await overview.downloads.blobs[0]?.text()).toContain(
      'Day,Strong,Good,Weak,Poor,No fit,Total\r\n2025-03-01,1,2,0,1,0,4\r\n',
    );
  });

  it('invites to make a profile when no new job has a fit', async () => {
    serveOverview(overview.server, {
      fit: { ...FIT, bands: FIT.bands.map((b) => ({ ...b, jobs: b.jobs.map(() => 0) })) },
    });
    renderOverview('/overview?range=7');
    const frame = await findChart(TITLE);
    expect(frame).toHaveTextContent('No new job in this range has a fit: make a fit profile');
  });
});
