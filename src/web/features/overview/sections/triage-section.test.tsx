import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  API,
  chart,
  findChart,
  renderOverview,
  serveOverview,
  tableRows,
  TRIAGE,
  PIPELINE,
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

describe('Triage: the application pipeline (issue 33)', () => {
  it('draws applied → screening → interviewing → offer below the triage funnel', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=30');
    const frame = await findChart('Pipeline funnel');
    expect(frame).toHaveTextContent('On the board now: 20.');
    const funnel = within(frame).getByRole('list', { name: 'Pipeline funnel' });
    const items = [...funnel.children];
    expect(items.map((li) => li.textContent)).toEqual([
      'Applied12',
      'Screening6',
      'Interviewing3',
      'Offer1',
    ]);
    // Below the triage funnel, in the same card.
    const triage = chart('Triage');
    expect(triage.compareDocumentPosition(frame) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    within(frame).getByRole('button', { name: 'Download CSV' }).focus();
    await user.tab();
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('tooltip')).toHaveTextContent(
      'ScreeningApplications:6Of those applied:50%',
    );
    await user.keyboard('{End}');
    expect(screen.getByRole('tooltip')).toHaveTextContent(
      'OfferApplications:1Of those applied:8.3%',
    );
  });

  it('lists the funnel as a table and in its CSV', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=90&query=2');
    const frame = await findChart('Pipeline funnel');
    await user.click(within(frame).getByRole('button', { name: 'Show as table' }));
    expect(tableRows(within(frame).getByRole('table', { name: 'Pipeline funnel' }))).toEqual([
      ['Applied', '12', '100'],
      ['Screening', '6', '50'],
      ['Interviewing', '3', '25'],
      ['Offer', '1', '8.3'],
    ]);
    await user.click(within(frame).getByRole('button', { name: 'Download CSV' }));
    expect(overview.downloads.names).toEqual(['overview-pipeline-funnel-90d-query-2.csv']);
    expect((await overview.downloads.blobs[0]?.text())?.split('\r\n')).toEqual([
      'Stage,Applications,Share of applied (%)',
      'Applied,12,100',
      'Screening,6,50',
      'Interviewing,3,25',
      'Offer,1,8.3',
      '',
    ]);
  });

  it('shows the median days of each stage with finished stays, as bars, a table and a CSV', async () => {
    const user = userEvent.setup();
    renderOverview('/overview?range=7');
    const frame = await findChart('Time in stage');
    const bars = within(frame).getByRole('list', { name: 'Median days in each stage' });
    expect([...bars.children].map((li) => li.textContent)).toEqual([
      'Saved4.5',
      'Applied9',
      'Screening3.2',
      'Interviewing1',
    ]);
    within(frame).getByRole('button', { name: 'Download CSV' }).focus();
    await user.tab();
    expect(screen.getByRole('tooltip')).toHaveTextContent('SavedMedian:4.5 daysFinished stays:8');
    await user.keyboard('{End}');
    expect(screen.getByRole('tooltip')).toHaveTextContent(
      'InterviewingMedian:1 dayFinished stays:2',
    );
    await user.click(within(frame).getByRole('button', { name: 'Show as table' }));
    expect(tableRows(within(frame).getByRole('table', { name: 'Time in stage' }))).toEqual([
      ['Saved', '4.5', '8'],
      ['Applied', '9', '10'],
      ['Screening', '3.2', '5'],
      ['Interviewing', '1', '2'],
    ]);
    await user.click(within(frame).getByRole('button', { name: 'Download CSV' }));
    expect(overview.downloads.names).toEqual(['overview-time-in-stage-7d.csv']);
    expect((await overview.downloads.blobs[0]?.text())?.split('\r\n')).toEqual([
      'Stage,Median days,Finished stays',
      'Saved,4.5,8',
      'Applied,9,10',
      'Screening,3.2,5',
      'Interviewing,1,2',
      '',
    ]);
  });

  it('says so when no application entered the funnel or moved on in the range', async () => {
    serveOverview(server, {
      pipeline: {
        ...PIPELINE,
        funnel: PIPELINE.funnel.map((f) => ({ ...f, reached: 0 })),
        time_in_stage: PIPELINE.time_in_stage.map((t) => ({ ...t, median_days: null, stays: 0 })),
      },
    });
    renderOverview();
    expect(await findChart('Pipeline funnel')).toHaveTextContent(
      'No application entered Applied in this range yet.',
    );
    expect(chart('Time in stage')).toHaveTextContent(
      'No application moved on from a stage in this range yet.',
    );
  });

  it('keeps the triage funnel when the pipeline’s call fails', async () => {
    server.use(
      http.get(`${API}/overview/pipeline`, () =>
        HttpResponse.json({ error: 'Query not found' }, { status: 404 }),
      ),
    );
    renderOverview();
    const triage = await findChart('Triage');
    expect(within(triage).getByRole('list', { name: 'Triage funnel' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading the pipeline: Query not found',
    );
  });
});
