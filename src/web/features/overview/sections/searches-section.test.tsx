import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDayShort } from '../charts/format';
import { renderOverview, SEARCHES, serveOverview, tableRows, fakeOverviewServer } from '../testing';

const overview = fakeOverviewServer();
const { server } = overview;

const location = () => screen.getByTestId('location').textContent ?? '';
const searchNames = (table: HTMLElement) => tableRows(table).map((row) => row[0]);

async function searchesTable() {
  return screen.findByRole('table', { name: 'Searches' });
}

describe('Searches', () => {
  it('lists each search with its figures, busiest first', async () => {
    renderOverview('/overview?range=7');
    const table = await searchesTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Search',
      'Jobs found (unique)',
      'New in last run',
      'New in range',
      'Kept',
      'Saved',
      'Applied',
      'Screening or later',
      'Requests per new job',
      'Last run',
      'New per day',
    ]);
    expect(tableRows(table)).toEqual([
      [
        'Data Analyst · Berlin, Germany',
        '18 120 sightings',
        '4',
        '15',
        '80%',
        '5',
        '2',
        '0',
        '4',
        'completed',
        `15 new in all, most on ${formatDayShort('2025-03-04')} (5)`,
      ],
      [
        'Financial Analyst · New York AI',
        '9 40 sightings',
        '0',
        '4',
        '100%',
        '1',
        '1',
        '1',
        '22.5',
        'failed',
        `4 new in all, most on ${formatDayShort('2025-03-05')} (2)`,
      ],
      [
        'Zookeeper · Vienna, Austria inactive',
        '0',
        '–',
        '0',
        '–',
        '0',
        '0',
        '0',
        '–',
        'Never ran',
        'No new jobs on any day',
      ],
    ]);
    expect(within(table).getByRole('columnheader', { name: /New in range/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // The sparkline says in words what it draws.
    expect(
      within(table).getByRole('img', {
        name: `15 new in all, most on ${formatDayShort('2025-03-04')} (5)`,
      }),
    ).toBeInTheDocument();
  });

  it('sorts by a column’s name, each way, with searches lacking the figure last', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    const table = await searchesTable();
    const header = (name: string) => within(table).getByRole('columnheader', { name });

    await user.click(within(table).getByRole('button', { name: 'Requests per new job' }));
    expect(header('Requests per new job')).toHaveAttribute('aria-sort', 'descending');
    expect(header('New in range')).not.toHaveAttribute('aria-sort');
    expect(searchNames(table)).toEqual([
      'Financial Analyst · New York AI',
      'Data Analyst · Berlin, Germany',
      'Zookeeper · Vienna, Austria inactive',
    ]);

    await user.click(within(table).getByRole('button', { name: 'Requests per new job' }));
    expect(header('Requests per new job')).toHaveAttribute('aria-sort', 'ascending');
    expect(searchNames(table)).toEqual([
      'Data Analyst · Berlin, Germany',
      'Financial Analyst · New York AI',
      'Zookeeper · Vienna, Austria inactive',
    ]);

    // Names start A to Z; a second press turns them around.
    await user.click(within(table).getByRole('button', { name: 'Search' }));
    expect(header('Search')).toHaveAttribute('aria-sort', 'ascending');
    expect(searchNames(table)).toEqual([
      'Data Analyst · Berlin, Germany',
      'Financial Analyst · New York AI',
      'Zookeeper · Vienna, Austria inactive',
    ]);
    await user.click(within(table).getByRole('button', { name: 'Search' }));
    expect(searchNames(table)).toEqual([
      'Zookeeper · Vienna, Austria inactive',
      'Financial Analyst · New York AI',
      'Data Analyst · Berlin, Germany',
    ]);

    await user.click(within(table).getByRole('button', { name: 'Kept' }));
    expect(searchNames(table)).toEqual([
      'Financial Analyst · New York AI',
      'Data Analyst · Berlin, Germany',
      'Zookeeper · Vienna, Austria inactive',
    ]);
  });

  it('says what Jobs found counts, and makes a search whose jobs reached Screening stand out (issue 39)', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    const table = await searchesTable();
    const section = screen.getByRole('region', { name: 'Searches' });
    expect(section).toHaveTextContent(
      'Jobs found counts each job once, however often the search saw it (over 7 or 30 days; longer ranges show the sightings alone); below it, its sightings count every time a run saw one',
    );
    // The AI search's 40 sightings are 9 jobs; its one job at Screening is bold, with a star.
    const ai = within(table).getByRole('row', { name: /Financial Analyst/ });
    const cells = within(ai).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent(/^940 sightings$/);
    expect(cells[6]).toHaveClass('font-semibold');
    expect(cells[6]?.querySelector('svg')).not.toBeNull();
    const other = within(table).getByRole('row', { name: /Data Analyst/ });
    expect(within(other).getAllByRole('cell')[6]).not.toHaveClass('font-semibold');

    // Sorted by what reached Screening, the search that brings interviews comes first.
    await user.click(within(table).getByRole('button', { name: 'Screening or later' }));
    expect(searchNames(table)[0]).toBe('Financial Analyst · New York AI');
    // Jobs found sorts by unique jobs, not by sightings.
    await user.click(within(table).getByRole('button', { name: 'Jobs found (unique)' }));
    expect(searchNames(table)).toEqual([
      'Data Analyst · Berlin, Germany',
      'Financial Analyst · New York AI',
      'Zookeeper · Vienna, Austria inactive',
    ]);
  });

  it('shows sightings alone for a range whose unique jobs are not counted', async () => {
    serveOverview(server, {
      searches: {
        ...SEARCHES,
        range: 'all',
        searches: SEARCHES.searches.map((s) => ({ ...s, unique_jobs_found: null })),
      },
    });
    renderOverview('/overview?range=all');
    const table = await searchesTable();
    expect(tableRows(table)[0]?.[1]).toBe('– 120 sightings');
  });

  it('opens a search’s jobs from its name', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    const table = await searchesTable();
    const link = within(table).getByRole('link', { name: 'Financial Analyst · New York' });
    expect(link).toHaveAttribute('href', '/jobs?query=2');
    await user.click(link);
    expect(location()).toBe('/jobs?query=2');
  });

  it('downloads the table in the order shown', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    const table = await searchesTable();
    await user.click(within(table).getByRole('button', { name: 'Search' }));
    const section = screen.getByRole('region', { name: 'Searches' });
    await user.click(within(section).getByRole('button', { name: 'Download CSV' }));
    expect(overview.downloads.names).toEqual(['overview-searches-7d.csv']);
    expect((await overview.downloads.blobs[0]?.text())?.split('\r\n')).toEqual([
      'Search term,Location,AI,Query status,Jobs found (unique),Sightings,New in last run,New in range,Kept (%),Saved,Applied,Screening or later,Site requests,Requests per new job,Last run status,Last run at',
      'Data Analyst,"Berlin, Germany",No,active,18,120,4,15,80,5,2,0,60,4,completed,2025-03-07T09:10:00.000Z',
      'Financial Analyst,New York,Yes,active,9,40,0,4,100,1,1,1,90,22.5,failed,2025-03-07T09:10:00.000Z',
      'Zookeeper,"Vienna, Austria",No,inactive,0,0,,0,,0,0,0,0,,,',
      '',
    ]);
  });

  it('points to Queries when there is no saved search', async () => {
    serveOverview(server, { searches: { range: '30', query_id: null, days: [], searches: [] } });
    renderOverview();
    const section = await screen.findByRole('region', { name: 'Searches' });
    expect(await within(section).findByText(/No saved searches yet/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'add one on Queries' })).toHaveAttribute(
      'href',
      '/queries',
    );
  });
});
