import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  findChart,
  renderOverview,
  serveOverview,
  tableRows,
  TRIAGE,
  fakeOverviewServer,
} from '../testing';

const overview = fakeOverviewServer();
const { server } = overview;

describe('Triage', () => {
  it('draws found → seen → saved → applied, and the hidden jobs apart', async () => {
    renderOverview('/overview?range=7');
    const frame = await findChart('Triage');
    const funnel = within(frame).getByRole('list', { name: 'Triage funnel' });
    const items = within(funnel).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Found40',
      'Seen25',
      'Saved8',
      'Applied3',
      'Hidden6',
    ]);
    expect(items[4]).toHaveClass('border-t');
  });

  it('shows each stage’s share of the jobs found on keyboard focus', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    const frame = await findChart('Triage');
    within(frame).getByRole('button', { name: 'Download CSV' }).focus();
    await user.tab();
    // The bars themselves: a tooltip's lines are list items too.
    const items = [...within(frame).getByRole('list', { name: 'Triage funnel' }).children];
    expect(items[0]).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('FoundJobs:40Of the jobs found:100%');
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('SeenJobs:25Of the jobs found:62.5%');
    await user.keyboard('{End}');
    expect(screen.getByRole('tooltip')).toHaveTextContent('HiddenJobs:6Of the jobs found:15%');
  });

  it('lists the same figures as a table and in its CSV', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=90');
    const frame = await findChart('Triage');
    await user.click(within(frame).getByRole('button', { name: 'Show as table' }));
    expect(tableRows(within(frame).getByRole('table', { name: 'Triage' }))).toEqual([
      ['Found', '40', '100'],
      ['Seen', '25', '62.5'],
      ['Saved', '8', '20'],
      ['Applied', '3', '7.5'],
      ['Hidden', '6', '15'],
    ]);
    await user.click(within(frame).getByRole('button', { name: 'Download CSV' }));
    expect(overview.downloads.names).toEqual(['overview-triage-90d.csv']);
    expect((await overview.downloads.blobs[0]?.text())?.split('\r\n')).toEqual([
      'Stage,Jobs,Share of found (%)',
      'Found,40,100',
      'Seen,25,62.5',
      'Saved,8,20',
      'Applied,3,7.5',
      'Hidden,6,15',
      '',
    ]);
  });

  it('says so when no job was found in the range', async () => {
    serveOverview(server, {
      triage: { ...TRIAGE, stages: TRIAGE.stages.map((s) => ({ ...s, jobs: 0 })), hidden: 0 },
    });
    renderOverview();
    expect(await findChart('Triage')).toHaveTextContent(
      'No jobs were found in this range yet, so none to triage.',
    );
  });
});
