import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aJob, fakeJobsApi, type FakeJobsApi, renderJobs } from '../testing';

const api: FakeJobsApi = {
  jobs: [
    aJob(1, {
      title: 'Data Analyst',
      found_by: [
        {
          run_id: 12,
          batch_id: 3,
          query_id: 4,
          search_term: 'Data Analyst',
          search_location: 'Berlin, Germany',
        },
      ],
    }),
  ],
  listRequests: [],
  writes: [],
  pageSize: 50,
};
const server = setupServer(...fakeJobsApi(api));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('JobPanel: Found by (issue 30)', () => {
  it('underlines the run and batch links, which differ from the text around them by colour only otherwise', async () => {
    renderJobs('/jobs?job=1');
    const panel = await screen.findByRole('dialog', { name: 'Data Analyst' }, { timeout: 5000 });
    const foundBy = within(panel).getByRole('region', { name: 'Found by' });
    for (const name of ['run #12', 'batch #3']) {
      const link = within(foundBy).getByRole('link', { name });
      // Always, not on hover only: "hover:underline" alone left them marked by colour.
      expect(link.className.split(/\s+/)).toContain('underline');
    }
  });
});
