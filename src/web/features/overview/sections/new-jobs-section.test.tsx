import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDayLong, formatDayShort } from '../charts/format';
import {
  BACKFILL_NEW_JOBS,
  DAYS,
  findChart,
  renderOverview,
  SEARCHES,
  serveOverview,
  tableRows,
  fakeOverviewServer,
} from '../testing';

const overview = fakeOverviewServer();

const TITLE = 'New jobs per day';

/** The tooltip's lines, as "label: value" (the heading first). */
function tooltipText(): string[] {
  const tooltip = screen.getByRole('tooltip');
  const heading = tooltip.querySelector('p')?.textContent ?? '';
  const lines = within(tooltip)
    .getAllByRole('listitem')
    .map((li) => (li.textContent ?? '').replace(/:(?=\S)/, ': '));
  return [heading, ...lines];
}

describe('New jobs per day', () => {
  it('draws a day for each day of the range and names the series in the legend', async () => {
    renderOverview('/overview?range=7');
    const frame = await findChart(TITLE);
    const legend = within(frame).getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Data Analyst · Berlin, Germany',
      'Financial Analyst · New York',
      'Other queries',
      'Reposts',
      'Hidden by rules',
    ]);
    const chart = within(frame).getByRole('group', { name: /^New jobs per day, by day/ });
    expect(
      within(chart)
        .getAllByRole('img')
        .map((g) => g.getAttribute('aria-label')),
    ).toEqual(DAYS.map(formatDayLong));
    // Labelled axes, visible in the drawing.
    expect(within(frame).getByText('New jobs')).toBeInTheDocument();
    expect(within(frame).getByText('Day')).toBeInTheDocument();
  });

  it('shows a day’s figures on keyboard focus, and the arrow keys move between days', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    const frame = await findChart(TITLE);
    // Tab from the chart's last button enters the days at the newest.
    within(frame).getByRole('button', { name: 'Download CSV' }).focus();
    await user.tab();
    const newest = within(frame).getByRole('img', { name: formatDayLong('2025-03-07') });
    expect(newest).toHaveFocus();
    expect(tooltipText()).toEqual([
      formatDayLong('2025-03-07'),
      'Data Analyst · Berlin, Germany: 4',
      'Other queries: 1',
      'Hidden by rules: 2',
      'All new jobs: 7',
    ]);
    // The tooltip describes the focused day to a screen reader.
    expect(newest).toHaveAttribute('aria-describedby', screen.getByRole('tooltip').id);

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(frame).getByRole('img', { name: formatDayLong('2025-03-05') })).toHaveFocus();
    expect(tooltipText()).toEqual([
      formatDayLong('2025-03-05'),
      'Data Analyst · Berlin, Germany: 1',
      'Financial Analyst · New York: 2',
      'All new jobs: 3',
    ]);

    await user.keyboard('{Home}');
    expect(tooltipText()).toEqual([
      formatDayLong('2025-03-01'),
      'Data Analyst · Berlin, Germany: 3',
      'Financial Analyst · New York: 1',
      'Reposts: 1',
      'All new jobs: 5',
    ]);

    // Escape closes the tooltip and keeps the focus; Tab leaves the chart in one step.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(within(frame).getByRole('img', { name: formatDayLong('2025-03-01') })).toHaveFocus();
    await user.tab();
    const days = within(frame).getByRole('group', { name: /by day/ });
    expect(days.contains(document.activeElement)).toBe(false);
  });

  it('shows the tooltip on pointer hover, and hides it when the pointer leaves', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    const frame = await findChart(TITLE);
    await user.hover(within(frame).getByRole('img', { name: formatDayLong('2025-03-04') }));
    expect(tooltipText()).toEqual([
      formatDayLong('2025-03-04'),
      'Data Analyst · Berlin, Germany: 5',
      'Reposts: 2',
      'All new jobs: 7',
    ]);
    await user.unhover(within(frame).getByRole('group', { name: /^New jobs per day/ }));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows the same figures as a table', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    const frame = await findChart(TITLE);
    const toggle = within(frame).getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(within(frame).queryByRole('group', { name: /by day/ })).not.toBeInTheDocument();
    const table = within(frame).getByRole('table', { name: TITLE });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Day',
      'Data Analyst · Berlin, Germany',
      'Financial Analyst · New York',
      'Other queries',
      'Reposts',
      'Hidden by rules',
      'Total',
    ]);
    expect(tableRows(table)).toEqual([
      ['2025-03-01', '3', '1', '0', '1', '0', '5'],
      ['2025-03-02', '0', '1', '0', '0', '1', '2'],
      ['2025-03-03', '2', '0', '1', '0', '0', '3'],
      ['2025-03-04', '5', '0', '0', '2', '0', '7'],
      ['2025-03-05', '1', '2', '0', '0', '0', '3'],
      ['2025-03-06', '0', '0', '0', '0', '0', '0'],
      ['2025-03-07', '4', '0', '1', '0', '2', '7'],
    ]);
    await user.click(toggle);
    expect(within(frame).getByRole('group', { name: /by day/ })).toBeInTheDocument();
  });

  it('downloads the table as CSV, named after the chart and the range', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7&query=2');
    const frame = await findChart(TITLE);
    await user.click(within(frame).getByRole('button', { name: 'Download CSV' }));
    expect(overview.downloads.names).toEqual(['overview-new-jobs-7d-query-2.csv']);
    const blob = overview.downloads.blobs[0];
    expect(blob?.type).toBe('text/csv;charset=utf-8');
    // A BOM first, for Excel (Blob.text() reads past it, as UTF-8 decoding does).
    const bytes = new Uint8Array((await blob?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await blob?.text()).toBe(
      'Day,"Data Analyst · Berlin, Germany",Financial Analyst · New York,Other queries,Reposts,Hidden by rules,Total\r\n' +
        '2025-03-01,3,1,0,1,0,5\r\n' +
        '2025-03-02,0,1,0,0,1,2\r\n' +
        '2025-03-03,2,0,1,0,0,3\r\n' +
        '2025-03-04,5,0,0,2,0,7\r\n' +
        '2025-03-05,1,2,0,0,0,3\r\n' +
        '2025-03-06,0,0,0,0,0,0\r\n' +
        '2025-03-07,4,0,1,0,2,7\r\n',
    );
  });
});

describe('a search’s first day (issue 39)', () => {
  /** The heights of a day's drawn bars, added up. */
  const drawn = (frame: HTMLElement, day: string) =>
    [
      ...within(frame)
        .getByRole('img', { name: formatDayLong(day) })
        .querySelectorAll('rect[y]'),
    ]
      .map((rect) => Number(rect.getAttribute('height')))
      .reduce((a, b) => a + b, 0);

  it('draws a backfill far above the days after it cut, its total written on it', async () => {
    const user = userEvent.setup();
    serveOverview(overview.server, { 'new-jobs': BACKFILL_NEW_JOBS });
    renderOverview('/overview?range=7');
    const frame = await findChart(TITLE);
    // The value axis ends near the days after it (12 at most), not at 250.
    const ticks = [...frame.querySelectorAll('svg g[aria-hidden="true"] text')].map(
      (t) => t.textContent ?? '',
    );
    expect(ticks).not.toContain('250');
    expect(ticks).toContain('12');
    // Its bar fills the plot (190 px) and no more; a day of 12 is as tall as it can be.
    expect(drawn(frame, '2025-03-01')).toBe(190);
    expect(drawn(frame, '2025-03-05')).toBeGreaterThan(150);
    // Its total is written on it, and said under the chart.
    const first = within(frame).getByRole('img', { name: formatDayLong('2025-03-01') });
    expect(first).toHaveTextContent('250');
    expect(frame).toHaveTextContent(
      `A search’s first day stores every job it finds at once; drawn cut so the days after it stay readable: ${formatDayShort('2025-03-01')} (250).`,
    );
    await user.hover(first);
    expect(tooltipText()).toEqual([
      formatDayLong('2025-03-01'),
      'Data Analyst · Berlin, Germany: 250',
      'All new jobs: 250',
      'A search’s first day: bar cut at 12',
    ]);
    // The table and the file keep the figure whole.
    await user.click(within(frame).getByRole('button', { name: 'Show as table' }));
    expect(tableRows(within(frame).getByRole('table', { name: TITLE }))[0]).toEqual([
      '2025-03-01',
      '250',
      '0',
      '0',
      '250',
    ]);
  });

  it('draws the same week whole when its first day is nobody’s backfill', async () => {
    serveOverview(overview.server, {
      'new-jobs': { ...BACKFILL_NEW_JOBS, backfills: DAYS.map(() => 0) },
    });
    renderOverview('/overview?range=7');
    const frame = await findChart(TITLE);
    expect(drawn(frame, '2025-03-01')).toBeGreaterThan(175);
    expect(drawn(frame, '2025-03-05')).toBeLessThan(15);
    expect(frame).not.toHaveTextContent('drawn cut');
  });

  it('cuts a search’s first day in its sparkline too', async () => {
    serveOverview(overview.server, {
      searches: {
        ...SEARCHES,
        searches: [
          { ...SEARCHES.searches[0], daily_new: [60, 3, 4, 2, 5, 3, 4], backfill_day: DAYS[0] },
        ],
      },
    });
    renderOverview('/overview?range=7');
    const line = await screen.findByRole('img', {
      name: `81 new in all, most on ${formatDayShort('2025-03-01')} (60), its first day, drawn cut`,
    });
    // The day after it (3 of the 5 the others reach) sits well up the 24-px box, not flat.
    const points = (line.querySelector('polyline')?.getAttribute('points') ?? '').split(' ');
    expect(Number(points[1]?.split(',')[1])).toBeLessThan(12);
    expect(line.querySelectorAll('circle')).toHaveLength(1);
  });
});
