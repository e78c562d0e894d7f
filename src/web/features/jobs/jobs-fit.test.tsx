import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FitPart, JobFit } from '../../../contract/fit';
import type { JobFitSummary } from '../../../contract/fit-api';
import { at } from '../../test/table';
import { aJob, fakeJobsApi, FIT_IDLE, location, renderJobs, type FakeJobsApi } from './testing';

const api: FakeJobsApi = { jobs: [], listRequests: [], writes: [], pageSize: 50 };
const server = setupServer(...fakeJobsApi(api));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  api.jobs = [];
  api.listRequests = [];
  api.writes = [];
  api.fitStatuses = undefined;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const LAZY = { timeout: 5000 };
const lastList = () => at(api.listRequests, api.listRequests.length - 1);
const summary = (score: number, band: JobFitSummary['band'], more: Partial<JobFitSummary> = {}) =>
  ({ score, band, profile_id: 1, dealbreaker: false, source: 'details', ...more }) as const;
const rowOf = (title: string) => {
  const row = screen.getByRole('button', { name: title }).closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return row;
};
const titles = () =>
  within(screen.getByRole('table', { name: 'Jobs' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('button')[0]?.textContent);

describe('Jobs: the fit on each row (issue 40)', () => {
  it('shows each job’s band in words and its score, in the band’s one colour', async () => {
    api.jobs = [
      aJob(1, { title: 'Platform Engineer', fit: summary(86, 'strong') }),
      aJob(2, { title: 'Backend Developer', fit: summary(64, 'good', { source: 'card' }) }),
      aJob(3, { title: 'Data Analyst', fit: summary(45, 'weak') }),
      aJob(4, {
        title: 'Sicherheitsingenieur (m/w/d)',
        fit: summary(30, 'poor', { dealbreaker: true }),
      }),
      aJob(5, { title: 'Not scored yet', fit: null }),
    ];
    renderJobs();
    // The file's first render pays for loading the screen's modules: a loaded machine is slow.
    await screen.findByRole('button', { name: 'Platform Engineer' }, LAZY);
    const badge = (title: string) => within(rowOf(title)).getByRole('img', { name: /^Fit: / });
    expect(badge('Platform Engineer')).toHaveAccessibleName('Fit: Strong, 86 of 100');
    expect(badge('Platform Engineer')).toHaveTextContent('Strong86');
    expect(badge('Backend Developer')).toHaveAccessibleName('Fit: Good, 64 of 100');
    // A score from the card alone says so on hover.
    expect(badge('Backend Developer')).toHaveAttribute(
      'title',
      'Fit: Good, 64 of 100 (from the search card: the description is not read yet)',
    );
    expect(badge('Data Analyst')).toHaveAccessibleName('Fit: Weak, 45 of 100');
    expect(badge('Sicherheitsingenieur (m/w/d)')).toHaveAccessibleName(
      'Fit: Poor, 30 of 100, a dealbreaker found',
    );
    expect(within(rowOf('Not scored yet')).queryByRole('img', { name: /^Fit: / })).toBeNull();
    // One band, one colour: the bars are filled with the band's token, as many as the band is high.
    for (const [title, band, filled] of [
      ['Platform Engineer', 'strong', 4],
      ['Backend Developer', 'good', 3],
      ['Data Analyst', 'weak', 2],
      ['Sicherheitsingenieur (m/w/d)', 'poor', 1],
    ] as const) {
      const bars = badge(title).querySelectorAll(`rect.fill-fit-${band}`);
      expect(bars).toHaveLength(filled);
    }
  });

  it('sorts by best fit, in the URL and the request', async () => {
    const user = userEvent.setup();
    api.jobs = [
      aJob(1, { title: 'Weak one', fit: summary(41, 'weak') }),
      aJob(2, { title: 'No fit', fit: null }),
      aJob(3, { title: 'Strong one', fit: summary(91, 'strong') }),
    ];
    renderJobs();
    await screen.findByRole('button', { name: 'Weak one' });
    const sort = screen.getByRole('combobox', { name: 'Sort' });
    expect(within(sort).getByRole('option', { name: 'Best fit' })).toBeEnabled();
    await user.selectOptions(sort, 'Best fit');
    await waitFor(() => expect(location()).toBe('/jobs?sort=fit'));
    expect(lastList().get('sort')).toBe('fit');
    await waitFor(() => expect(titles()).toEqual(['Strong one', 'Weak one', 'No fit']));
  });

  it('filters by "Fit at least", shows it as a chip, and the chip takes it away', async () => {
    const user = userEvent.setup();
    api.jobs = [
      aJob(1, { title: 'Strong one', fit: summary(91, 'strong') }),
      aJob(2, { title: 'Good one', fit: summary(62, 'good') }),
      aJob(3, { title: 'Weak one', fit: summary(41, 'weak') }),
      aJob(4, { title: 'No fit', fit: null }),
    ];
    renderJobs();
    await screen.findByRole('button', { name: 'Good one' });
    const select = screen.getByRole('combobox', { name: 'Fit at least' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any fit', 'Strong (80+)', 'Good (60+)', 'Weak (40+)']);
    await user.selectOptions(select, 'Good (60+)');
    await waitFor(() => expect(location()).toBe('/jobs?min_fit=60'));
    expect(lastList().get('min_fit')).toBe('60');
    await waitFor(() => expect(titles()).toEqual(['Strong one', 'Good one']));
    const chips = screen.getByRole('list', { name: 'Active filters' });
    await user.click(
      within(chips).getByRole('button', { name: 'Remove filter Fit: Good or better' }),
    );
    await waitFor(() => expect(location()).toBe('/jobs'));
    await waitFor(() => expect(titles()).toHaveLength(4));
  });

  it('keeps a least fit a link gave that is no band’s floor', async () => {
    api.jobs = [aJob(1, { title: 'Good one', fit: summary(78, 'good') })];
    renderJobs('/jobs?min_fit=75');
    await screen.findByRole('button', { name: 'Good one' });
    expect(screen.getByRole('combobox', { name: 'Fit at least' })).toHaveDisplayValue('75');
    expect(screen.getByRole('list', { name: 'Active filters' })).toHaveTextContent(
      'Fit at least 75',
    );
  });
});

describe('Jobs: the way to the fit profiles', () => {
  it('links to Fit beside Rules, and invites to make a profile when none exists', async () => {
    api.fitStatuses = [{ ...FIT_IDLE, has_profiles: false }];
    renderJobs();
    expect(screen.getByRole('link', { name: 'Fit' })).toHaveAttribute('href', '/jobs/fit');
    expect(await screen.findByRole('link', { name: 'make a fit profile' })).toHaveAttribute(
      'href',
      '/jobs/fit',
    );
  });

  it('says nothing of it once a profile exists', async () => {
    api.jobs = [aJob(1, { title: 'Job one' })];
    renderJobs();
    await screen.findByRole('button', { name: 'Job one' });
    await waitFor(() => expect(api.listRequests.length).toBeGreaterThan(0));
    expect(screen.queryByRole('link', { name: 'make a fit profile' })).toBeNull();
  });

  it('asks for the list again when the rescoring ends, so the bands are the new ones', async () => {
    const running = { ...FIT_IDLE, rescoring: true, total: 10, done: 4 };
    api.fitStatuses = [running, { ...FIT_IDLE, done: 10, total: 10 }];
    api.jobs = [aJob(1, { title: 'Job one', fit: summary(50, 'weak') })];
    renderJobs();
    await screen.findByRole('button', { name: 'Job one' });
    const before = api.listRequests.length;
    api.jobs = [aJob(1, { title: 'Job one', fit: summary(88, 'strong') })];
    await waitFor(
      () =>
        expect(within(rowOf('Job one')).getByRole('img', { name: /^Fit: / })).toHaveAccessibleName(
          'Fit: Strong, 88 of 100',
        ),
      { timeout: 4000 },
    );
    expect(api.listRequests.length).toBeGreaterThan(before);
  });
});

const part = (p: Partial<FitPart> & Pick<FitPart, 'kind' | 'label' | 'outcome'>): FitPart => ({
  weight: 0,
  points: 0,
  evidence: [],
  ...p,
});

function aFit(overrides: Partial<JobFit> = {}): JobFit {
  return {
    profile_id: 1,
    profile_name: 'Backend',
    profile_version: 3,
    score: 82,
    band: 'strong',
    dealbreaker: false,
    source: 'details',
    scored_at: '2026-11-20T09:00:00.000Z',
    parts: [],
    ...overrides,
  };
}

describe('Jobs: Why this fit, in the panel', () => {
  it('shows each part, matched, missed or unknown, its points and its evidence marked', async () => {
    const sentence = 'You run Kubernetes clusters (k8s) in production.';
    api.jobs = [
      aJob(7, {
        title: 'Platform Engineer',
        fit: summary(82, 'strong'),
        fits: [
          aFit({
            parts: [
              part({
                kind: 'must_skill',
                label: 'Must-have: Kubernetes',
                outcome: 'yes',
                weight: 18,
                points: 18,
                evidence: [
                  {
                    field: 'description',
                    text: sentence,
                    marks: [
                      [8, 18],
                      [29, 32],
                    ],
                  },
                ],
              }),
              part({
                kind: 'plus_skill',
                label: 'Plus: Terraform',
                outcome: 'no',
                weight: 5.333,
                points: 0,
              }),
              part({
                kind: 'salary',
                label: 'No salary shown',
                outcome: 'unknown',
                weight: 4,
                points: 2,
              }),
            ],
          }),
          aFit({
            profile_id: 2,
            profile_name: 'Données · 数据',
            score: 35,
            band: 'poor',
            dealbreaker: true,
            source: 'card',
            parts: [
              part({
                kind: 'dealbreaker',
                label: 'Dealbreaker: security clearance',
                outcome: 'yes',
                evidence: [
                  { field: 'title', text: 'Security clearance required', marks: [[0, 18]] },
                ],
              }),
              part({
                kind: 'language',
                label: 'Asks German; you do not speak German',
                outcome: 'no',
                weight: 12,
                points: 0,
              }),
            ],
          }),
        ],
      }),
    ];
    renderJobs('/jobs?job=7');
    const panel = await screen.findByRole('dialog', { name: 'Platform Engineer' });
    const section = await within(panel).findByRole('region', { name: 'Why this fit' }, LAZY);
    const backend = within(section).getByRole('article', { name: 'Backend' });
    expect(
      within(backend).getByRole('img', { name: 'Fit: Strong, 82 of 100' }),
    ).toBeInTheDocument();
    const parts = within(backend)
      .getByRole('list', { name: 'Parts of the Backend score' })
      .querySelectorAll(':scope > li');
    expect([...parts].map((li) => li.textContent)).toEqual([
      `Matched · : Must-have: Kubernetes18 of 18 pointsDescription: ${sentence}`,
      'Missed · : Plus: Terraform0 of 5.3 points',
      'Unknown · : No salary shown2 of 4 points',
    ]);
    expect([...backend.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'Kubernetes',
      'k8s',
    ]);
    const other = within(section).getByRole('article', { name: 'Données · 数据' });
    expect(other).toHaveTextContent(
      'A dealbreaker is in this job (security clearance): its score is held at 39 at most, in Poor, whatever else fits.',
    );
    expect(other).toHaveTextContent(
      'It asks for a language you do not speak: its score is held at 59 at most, below Good.',
    );
    expect(other).toHaveTextContent('Scored from the search card: the description is not read yet');
    expect(other).toHaveTextContent('Found · : Dealbreaker: security clearance');
    expect(other.querySelector('mark')?.textContent).toBe('Security clearance');
  });

  it('has no such section for a job without a fit', async () => {
    api.jobs = [aJob(8, { title: 'Unscored', fit: null, fits: [] })];
    renderJobs('/jobs?job=8');
    const panel = await screen.findByRole('dialog', { name: 'Unscored' });
    await within(panel).findByRole('heading', { name: 'Description' });
    expect(within(panel).queryByRole('region', { name: 'Why this fit' })).toBeNull();
  });
});
