import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { closedDay } from '../../components/job-facts/closed-badge';
import { anApplication, column, daysAgo, fakePipelineServer, renderPipeline } from './testing';

// The job's facts on the Pipeline (issues 40 and 41): a card shows its job's fit band and a closed
// posting's day as Jobs does; the application panel in the side sheet shows the Closed badge and
// the employer's own apply address beside the posting's link.

const CLOSED_AT = '2026-10-30T12:00:00.000Z';
const APPLY_URL = 'https://jobs.globex.example/apply/12?src=li';

fakePipelineServer(() => [
  anApplication(11, {
    title: 'Senior Data Analyst',
    company_name: 'Acme GmbH',
    stage: 'saved',
    stage_since: daysAgo(0),
    fit: { score: 86, band: 'strong', profile_id: 1, dealbreaker: false, source: 'details' },
    closed_at: CLOSED_AT,
    next_step: { at: daysAgo(1), what: 'Tailor the CV' },
  }),
  anApplication(12, {
    title: 'BI Developer',
    company_name: 'Globex',
    stage: 'applied',
    stage_since: daysAgo(3),
    fit: { score: 31, band: 'poor', profile_id: 1, dealbreaker: true, source: 'card' },
    apply_url: APPLY_URL,
  }),
  // From a server before issues 40 and 41: none of the three fields.
  anApplication(13, { title: 'Analytics Engineer', stage: 'applied', stage_since: daysAgo(1) }),
  anApplication(14, {
    title: 'Data Engineer',
    stage: 'applied',
    stage_since: daysAgo(5),
    closed_at: CLOSED_AT,
    next_step: { at: daysAgo(1), what: 'Follow up' },
  }),
]);

const SLOW = { timeout: 5000 };
const card = (stage: string, title: string) =>
  within(column(stage)).getByRole('article', { name: title });

describe('a card', () => {
  it('shows its job’s fit band and a closed posting’s day; nothing for a job without them', async () => {
    renderPipeline();
    await screen.findByRole('article', { name: 'Senior Data Analyst' }, SLOW);

    const saved = card('Saved', 'Senior Data Analyst');
    expect(within(saved).getByRole('img', { name: 'Fit: Strong, 86 of 100' })).toHaveAttribute(
      'data-fit-band',
      'strong',
    );
    expect(within(saved).getByTitle(/^Found closed on /)).toHaveTextContent(
      `Closed ${closedDay(CLOSED_AT)}`,
    );

    const applied = card('Applied', 'BI Developer');
    expect(
      within(applied).getByRole('img', { name: 'Fit: Poor, 31 of 100, a dealbreaker found' }),
    ).toHaveAttribute('title', expect.stringMatching(/from the search card/));
    expect(within(applied).queryByText(/^Closed/)).not.toBeInTheDocument();

    const plain = card('Applied', 'Analytics Engineer');
    expect(within(plain).queryByRole('img', { name: /^Fit: / })).not.toBeInTheDocument();
    expect(within(plain).queryByText(/^Closed/)).not.toBeInTheDocument();
  });

  it('at Saved with its posting closed, its step is over: not Overdue; from Applied on it still is', async () => {
    renderPipeline();
    await screen.findByRole('article', { name: 'Senior Data Analyst' }, SLOW);
    const saved = card('Saved', 'Senior Data Analyst');
    expect(saved).toHaveTextContent('Next step: Tailor the CV');
    expect(within(saved).queryByText('Overdue')).not.toBeInTheDocument();
    const applied = card('Applied', 'Data Engineer');
    expect(applied).toHaveTextContent('Next step: Follow up');
    expect(within(applied).getByText('Overdue')).toBeInTheDocument();
  });

  it('says the same in the table', async () => {
    renderPipeline('/pipeline?view=table');
    const table = await screen.findByRole('table', {}, SLOW);
    const rowOf = (title: string) =>
      within(table)
        .getAllByRole('row')
        .find((row) => within(row).queryByText(title) !== null);
    const saved = rowOf('Senior Data Analyst');
    const applied = rowOf('Data Engineer');
    if (!saved || !applied) throw new Error('rows missing');
    expect(saved).toHaveTextContent('Tailor the CV');
    expect(within(saved).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(applied).getByText('Overdue')).toBeInTheDocument();
  });
});

describe('the application panel', () => {
  it('shows the Closed badge with its day in the Job part', async () => {
    renderPipeline('/pipeline?job=11');
    const sheet = await screen.findByRole('dialog', { name: 'Senior Data Analyst' }, SLOW);
    const job = await within(sheet).findByRole('region', { name: 'Job' }, SLOW);
    expect(within(job).getByTitle(/^Found closed on /)).toHaveTextContent(
      `Closed ${closedDay(CLOSED_AT)}`,
    );
    expect(
      within(job).queryByRole('link', { name: "Apply on the company's site" }),
    ).not.toBeInTheDocument();
  });

  it('puts Apply on the company’s site beside the posting’s link, in a new tab without opener or referrer', async () => {
    renderPipeline('/pipeline?job=12');
    const sheet = await screen.findByRole('dialog', { name: 'BI Developer' }, SLOW);
    const job = await within(sheet).findByRole('region', { name: 'Job' }, SLOW);
    const apply = within(job).getByRole('link', { name: "Apply on the company's site" });
    expect(apply).toHaveAttribute('href', APPLY_URL);
    expect(apply).toHaveAttribute('target', '_blank');
    expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
    const posting = within(job).getByRole('link', { name: 'Open the posting on LinkedIn' });
    // Beside it: the same line, right after the posting's link.
    expect(posting.parentElement).toBe(apply.parentElement);
    expect(posting.nextElementSibling).toBe(apply);
    expect(within(job).queryByText(/^Closed/)).not.toBeInTheDocument();
  });
});
