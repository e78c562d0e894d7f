import { render, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobFit } from '../../../../contract/fit';
import type { SecondOpinion } from '../../../../contract/fit-llm';
import { aJob, fakeJobsApi, type FakeJobsApi, renderJobs } from '../testing';
import { SecondOpinions } from './second-opinion';

// Issue 40's Second opinion block in the job's panel: the model's score beside the local fit
// (never instead of it), its verdict, strengths and gaps each with its quote, the quotes left out
// counted; loaded on demand, only for a job that has one.

const fit = (profileId: number, name: string, score: number): JobFit => ({
  profile_id: profileId,
  profile_name: name,
  profile_version: 3,
  score,
  band: score >= 80 ? 'strong' : 'good',
  dealbreaker: false,
  source: 'details',
  parts: [],
  scored_at: '2026-11-27T08:00:00.000Z',
});

const opinion = (overrides: Partial<SecondOpinion> = {}): SecondOpinion => ({
  profile_id: 1,
  profile_version: 3,
  stale: false,
  score: 71,
  verdict: 'Good match for the backend work; German is the open question',
  strengths: [{ point: 'TypeScript every day', quote: '5+ years of TypeScript' }],
  gaps: [{ point: 'Fluent German asked', quote: 'Fließend Deutsch (C1)' }],
  dropped_quotes: 0,
  model: 'llama3.1:8b',
  at: '2026-11-27T08:05:00.000Z',
  ...overrides,
});

describe('SecondOpinions', () => {
  it('shows the model’s score beside the local fit, the verdict and each point with its quote', () => {
    render(<SecondOpinions opinions={[opinion()]} fits={[fit(1, 'Backend', 84)]} />);
    const section = screen.getByRole('region', { name: 'Second opinion' });
    expect(section).toHaveTextContent('llama3.1:8b: 71 of 100');
    expect(section).toHaveTextContent('Local fit 84');
    expect(section).toHaveTextContent('Good match for the backend work');
    const strengths = within(section).getByRole('heading', { name: 'Strengths' }).parentElement;
    expect(strengths).toHaveTextContent('TypeScript every day5+ years of TypeScript');
    const gaps = within(section).getByRole('heading', { name: 'Gaps' }).parentElement;
    expect(gaps?.querySelector('q')).toHaveTextContent('Fließend Deutsch (C1)');
    expect(section).not.toHaveTextContent('left out');
  });

  it('names each profile when several, counts dropped quotes, and marks an earlier version', () => {
    const long = 'Ingeniera de plataforma sénior — 東京オフィス '.repeat(12);
    render(
      <SecondOpinions
        opinions={[
          opinion({ verdict: long, dropped_quotes: 2, strengths: [], gaps: [] }),
          opinion({ profile_id: 2, score: 40, dropped_quotes: 1, stale: true }),
        ]}
        fits={[fit(1, 'Backend', 84), fit(2, 'Платформа', 62)]}
      />,
    );
    const first = screen.getByRole('article', { name: 'Second opinion for Backend' });
    expect(first).toHaveTextContent('Local fit 84 (Backend)');
    expect(first).toHaveTextContent(
      "2 points were left out: their quotes are not in the job's text",
    );
    expect(within(first).queryByRole('heading', { name: 'Strengths' })).toBeNull();
    const second = screen.getByRole('article', { name: 'Second opinion for Платформа' });
    expect(second).toHaveTextContent('about an earlier version of the profile');
    expect(second).toHaveTextContent("1 point was left out: its quote is not in the job's text");
  });

  it('draws nothing without an opinion', () => {
    const { container } = render(<SecondOpinions opinions={[]} fits={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('the job panel’s Second opinion', () => {
  const api: FakeJobsApi = {
    jobs: [
      aJob(1, {
        title: 'Backend Engineer',
        fits: [fit(1, 'Backend', 84)],
        second_opinions: [opinion()],
      }),
      aJob(2, { title: 'Data Analyst', fits: [fit(1, 'Backend', 30)], second_opinions: [] }),
    ],
    listRequests: [],
    writes: [],
    pageSize: 50,
    applications: { items: [], writes: [] },
  };
  const server = setupServer(...fakeJobsApi(api));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it('loads with the job that has one', async () => {
    renderJobs('/jobs?job=1');
    const panel = await screen.findByRole(
      'dialog',
      { name: 'Backend Engineer' },
      { timeout: 5000 },
    );
    const section = await within(panel).findByRole(
      'region',
      { name: 'Second opinion' },
      { timeout: 5000 },
    );
    expect(section).toHaveTextContent('llama3.1:8b: 71 of 100');
  });

  it('is absent for a job without one', async () => {
    renderJobs('/jobs?job=2');
    const panel = await screen.findByRole('dialog', { name: 'Data Analyst' }, { timeout: 5000 });
    await within(panel).findByRole('region', { name: 'Description' });
    expect(within(panel).queryByRole('region', { name: 'Second opinion' })).toBeNull();
  });
});
